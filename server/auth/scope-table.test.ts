/**
 * The scope table against the spec (operation counts hand-copied from its three tables) and every declared
 * /v2 route against the table: a route declaring a scope other than the spec's fails here.
 */
import { describe, expect, it } from "vitest";
import { ROUTE_CATALOG } from "../http/route-catalog";
import type { RouteDeclaration } from "../http/route-definition";
import { ORG_LEVEL_TABLE, PUBLIC_OPERATIONS, SCOPE_TABLE, specifiedAccess, TEAM_LEVEL_TABLE, USER_LEVEL_TABLE } from "./scope-table";
import { ALL_SCOPES, SCOPES, scopesImplied, type Scope } from "./scopes";

/** Operations per row, counted by hand in the spec ("PATCH and DELETE …" and "Create, Update, Delete …" count 2 and 3). */
const SPEC_OPERATION_COUNTS: Record<Scope, number> = {
  EVENT_TYPE_READ: 5,
  EVENT_TYPE_WRITE: 10,
  BOOKING_READ: 8,
  BOOKING_WRITE: 8,
  SCHEDULE_READ: 4,
  SCHEDULE_WRITE: 6,
  APPS_READ: 6,
  APPS_WRITE: 11,
  PROFILE_READ: 1,
  PROFILE_WRITE: 1,
  TEAM_EVENT_TYPE_READ: 7,
  TEAM_EVENT_TYPE_WRITE: 15,
  TEAM_BOOKING_READ: 3,
  TEAM_BOOKING_WRITE: 0,
  TEAM_SCHEDULE_READ: 4,
  TEAM_SCHEDULE_WRITE: 3,
  TEAM_PROFILE_READ: 3,
  TEAM_PROFILE_WRITE: 3,
  TEAM_MEMBERSHIP_READ: 4,
  TEAM_MEMBERSHIP_WRITE: 8,
  ORG_EVENT_TYPE_READ: 1,
  ORG_EVENT_TYPE_WRITE: 0,
  ORG_BOOKING_READ: 1,
  ORG_BOOKING_WRITE: 0,
  ORG_SCHEDULE_READ: 5,
  ORG_SCHEDULE_WRITE: 6,
  ORG_PROFILE_READ: 2,
  ORG_PROFILE_WRITE: 3,
  ORG_MEMBERSHIP_READ: 3,
  ORG_MEMBERSHIP_WRITE: 6,
};

/** The access without its team clause: the scope tables say the scope; role-table.test.ts checks the roles. */
const scopePart = (access: RouteDeclaration["access"]) => (typeof access !== "object" ? access : access.scope ? { scope: access.scope } : "api-key-only");

/** Routes whose declared access differs from the spec's, as readable lines. */
const accessMismatches = (routes: readonly RouteDeclaration[]) =>
  routes
    .map((route) => ({ route: `${route.method} ${route.path}`, declared: scopePart(route.access), spec: specifiedAccess(route.method, route.path) }))
    .filter(({ declared, spec }) => JSON.stringify(declared) !== JSON.stringify(spec));

const allOperations = [...SCOPE_TABLE.flatMap((row) => row.operations), ...PUBLIC_OPERATIONS];

describe("every /v2 route declares the access the spec's scope tables give it", () => {
  it("matches the table for each route in ROUTE_CATALOG (public when public, api-key-only when absent)", () => {
    expect(ROUTE_CATALOG.length).toBeGreaterThan(0);
    expect(accessMismatches(ROUTE_CATALOG)).toEqual([]);
  });

  it("reports a route declaring another scope, a scope for an unlisted operation, or public for a scoped one", () => {
    const declared = (method: RouteDeclaration["method"], path: string, access: RouteDeclaration["access"]): RouteDeclaration => ({
      method,
      path,
      access,
      summary: "",
      tag: "",
    });
    const wrong = [
      declared("GET", "/v2/bookings", { scope: "BOOKING_WRITE" }),
      declared("GET", "/v2/bookings/{bookingUid}", { scope: "BOOKING_READ" }),
      declared("GET", "/v2/me", "public"),
      declared("POST", "/v2/bookings", { scope: "BOOKING_WRITE" }),
    ];
    expect(accessMismatches(wrong).map((mismatch) => mismatch.route)).toEqual(wrong.map((route) => `${route.method} ${route.path}`));
  });

  it("closes GET /v2/bookings/{bookingUid} to OAuth tokens: BOOKING_READ lists 'Get all bookings', not 'Get a booking'", () => {
    expect(specifiedAccess("GET", "/v2/bookings/{bookingUid}")).toBe("api-key-only");
    expect(ROUTE_CATALOG.find((route) => route.method === "GET" && route.path === "/v2/bookings/{bookingUid}")?.access).toBe("api-key-only");
  });

  it("makes the spec's public operations public", () => {
    expect(PUBLIC_OPERATIONS.map((o) => `${o.method} ${o.path}`)).toEqual([
      "POST /v2/bookings",
      "POST /v2/bookings/{bookingUid}/cancel",
      "POST /v2/bookings/{bookingUid}/reschedule",
      "GET /v2/slots/available",
      "GET /v2/slots",
      "POST /v2/slots/reservations",
      "GET /v2/slots/reservations/{uid}",
      "PATCH /v2/slots/reservations/{uid}",
      "DELETE /v2/slots/reservations/{uid}",
      "POST /v2/slots/reserve",
      "GET /v2/timezones",
      "GET /v2/bookings/by-seat/{seatUid}",
    ]);
    for (const o of PUBLIC_OPERATIONS) expect(specifiedAccess(o.method, o.path)).toBe("public");
  });
});

describe("the scope table holds the spec's three tables in full", () => {
  it("has one row per scope, in the table of the scope's level", () => {
    expect(SCOPE_TABLE.map((row) => row.scope).sort()).toEqual([...ALL_SCOPES].sort());
    expect(USER_LEVEL_TABLE.map((row) => SCOPES[row.scope].level)).toEqual(Array(10).fill("user"));
    expect(TEAM_LEVEL_TABLE.map((row) => SCOPES[row.scope].level)).toEqual(Array(10).fill("team"));
    expect(ORG_LEVEL_TABLE.map((row) => SCOPES[row.scope].level)).toEqual(Array(10).fill("org"));
  });

  it("has as many operations in each row as the spec lists", () => {
    const counts = Object.fromEntries(SCOPE_TABLE.map((row) => [row.scope, row.operations.length]));
    expect(counts).toEqual(SPEC_OPERATION_COUNTS);
    expect(allOperations).toHaveLength(137 + 12);
  });

  it("lists each operation once across all rows and the public operations", () => {
    const keys = allOperations.map((o) => `${o.method} ${o.path}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it("spells paths as route-catalog does: /v2/… with {param} placeholders", () => {
    for (const o of allOperations) expect(o.path, o.spec).toMatch(/^\/v2(\/[a-z0-9-]+|\/\{[a-zA-Z]+\})+$/);
  });

  it("agrees with the spec's wording wherever the spec writes a method and path", () => {
    const written = /^((?:GET|POST|PUT|PATCH|DELETE)(?: and (?:GET|POST|PUT|PATCH|DELETE))*) (\/v2\/\S*)/;
    let checked = 0;
    for (const o of allOperations) {
      const match = written.exec(o.spec);
      if (!match) continue;
      checked += 1;
      expect(match[1]!.split(" and "), o.spec).toContain(o.method);
      expect(match[2]!.replace(/:(\w+)/g, "{$1}"), o.spec).toBe(o.path);
    }
    // Everything but the 38 operations the spec names by title (and the 7 of "the slot availability endpoints", the time zones and a seat's booking).
    expect(checked).toBe(allOperations.length - 38 - 7 - 2);
  });
});

describe("ORG_ and TEAM_ rows (spec, Scope rules 3)", () => {
  const org = SCOPE_TABLE.map((row) => row.scope).filter((scope) => scope.startsWith("ORG_"));

  it("pairs every ORG_ row with the TEAM_ row it grants, and the other way round", () => {
    const team = SCOPE_TABLE.map((row) => row.scope).filter((scope) => scope.startsWith("TEAM_"));
    expect(org.map((scope) => scope.replace(/^ORG_/, "TEAM_")).sort()).toEqual([...team].sort());
  });

  it("relies on holdsScope's implication: each ORG_ scope implies its TEAM_ twin", () => {
    for (const scope of org) expect(scopesImplied([scope]).has(scope.replace(/^ORG_/, "TEAM_")), scope).toBe(true);
  });
});
