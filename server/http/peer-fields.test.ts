import { z } from "zod";
import { describe, expect, it } from "vitest";
import { fieldName, fieldVerdict, operationShape, peerFieldsOf, refusedPeerFields } from "./peer-fields";
import type { RouteDeclaration } from "./route-definition";

const route = (declaration: Partial<RouteDeclaration>): RouteDeclaration => ({
  method: "POST",
  path: "/v2/bookings",
  summary: "test",
  tag: "Test",
  access: "public",
  ...declaration,
});

describe("peer fields of an operation", () => {
  it("finds an operation by method and path shape, whatever its parameter names", () => {
    expect(operationShape("get", "/v2/bookings/{bookingUid}/references")).toBe("GET /v2/bookings/{}/references");
    expect(peerFieldsOf(route({ method: "GET", path: "/v2/bookings/{uid}/references" }))).toContain("query.type");
  });

  it("lists query parameters and body properties, nested and in array items, from every variant of a oneOf body", () => {
    const fields = peerFieldsOf(route({}));
    // attendee.* nested; instant and recurrenceCount come from the instant and recurring variants of the body.
    for (const field of ["body.attendee.email", "body.attendee.phoneNumber", "body.instant", "body.recurrenceCount", "body.routing.responseId"]) {
      expect(fields).toContain(field);
    }
    expect(peerFieldsOf(route({ path: "/v2/event-types" }))).toContain("body.bookingFields[].label");
    expect(peerFieldsOf(route({ method: "GET" }))).toContain("query.eventTypeIds");
  });

  it("leaves out headers and path parameters", () => {
    const fields = [...peerFieldsOf(route({ method: "GET" })), ...peerFieldsOf(route({ path: "/v2/bookings/{uid}/cancel" }))];
    expect(fields.filter((field) => /cal-api-version|Authorization|bookingUid$/.test(field) && field !== "query.bookingUid")).toEqual([]);
  });

  it("is empty for an operation the peer does not have, and follows an explicit peerOperation", () => {
    expect(peerFieldsOf(route({ method: "GET", path: "/v2/me/ooo" })).size).toBe(0);
    const ooo = route({ path: "/v2/me/ooo", peerOperation: "POST /v2/organizations/{orgId}/users/{userId}/ooo" });
    expect(peerFieldsOf(ooo)).toContain("body.toUserId");
  });

  it("writes array items as []", () => {
    expect(fieldName(["body", "bookingFields", 3, "label"])).toBe("body.bookingFields[].label");
    expect(fieldName(["body", "urls", "0"])).toBe("body.urls[]");
    expect(fieldName(["query", "teamId"])).toBe("query.teamId");
  });
});

describe("what a route's schema does with a field", () => {
  const body = z
    .object({
      attendee: z.object({ email: z.string(), phoneNumber: z.string().optional() }).strict(),
      lenient: z.object({ a: z.string() }),
      metadata: z.record(z.string(), z.string()),
      location: z.string(),
      fields: z.array(z.object({ slug: z.string() }).strict()).optional(),
    })
    .strict()
    .transform((value) => value);
  const declared = route({ body, query: z.object({ take: z.string() }) });

  it.each([
    ["body.attendee", "accepted"],
    ["body.attendee.phoneNumber", "accepted"],
    ["body.attendee.language", "refused"],
    ["body.routing", "refused"],
    ["body.routing.responseId", "refused"],
    ["body.lenient.b", "ignored"],
    ["body.metadata.anything", "accepted"],
    ["body.location.type", "accepted"],
    ["body.fields[].slug", "accepted"],
    ["body.fields[].label", "refused"],
    ["query.take", "accepted"],
    // The parser holds a query's top level strict even where its schema is not.
    ["query.teamId", "refused"],
  ])("%s is %s", (field, verdict) => {
    expect(fieldVerdict(declared, field)).toBe(verdict);
  });

  it("refuses every query field of a route without a query schema, and reads no body of a route without one", () => {
    expect(fieldVerdict(route({}), "query.anything")).toBe("refused");
    expect(fieldVerdict(route({}), "body.anything")).toBe("absent");
  });

  it("lists the refused peer fields outermost only", () => {
    const refused = refusedPeerFields(route({ body: z.object({ eventTypeId: z.number(), attendee: z.object({ email: z.string() }).strict() }).strict() }));
    expect(refused).toContain("body.routing");
    expect(refused).not.toContain("body.routing.responseId");
    expect(refused).toContain("body.attendee.phoneNumber");
    expect(refused).not.toContain("body.eventTypeId");
  });
});
