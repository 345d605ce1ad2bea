import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SCOPES } from "../auth/scopes";
import { buildOpenApiDocument } from "./openapi";
import { MAX_TAKE, ZPaginationQuery } from "./pagination";
import { refusedPeerFields } from "./peer-fields";
import { ROUTE_CATALOG } from "./route-catalog";
import { teamAccessOf, type RouteDeclaration } from "./route-definition";
import { PEER_VERSION_HEADER, VERSION_HEADER } from "./versioning";

type Parameter = {
  name: string;
  in: string;
  required: boolean;
  schema: Record<string, unknown>;
  description?: string;
  "x-versions"?: string[];
  "x-bracket-name"?: string;
};
type Operation = {
  summary: string;
  tags: string[];
  description: string;
  security: unknown[];
  "x-required-scope"?: string;
  "x-team-roles"?: readonly string[];
  "x-team-permission"?: string;
  parameters: Parameter[];
  requestBody?: { content: { "application/json": { schema: Record<string, unknown> } } };
  responses: Record<string, { content: { "application/json": { schema: { properties: Record<string, Record<string, unknown>> } } } }>;
};
type Document = ReturnType<typeof buildOpenApiDocument> & { paths: Record<string, Record<string, Operation>> };

const build = (routes: readonly RouteDeclaration[]) => buildOpenApiDocument(routes, "https://convene.test") as Document;
const placeholders = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();

describe("buildOpenApiDocument over ROUTE_CATALOG", () => {
  const document = build(ROUTE_CATALOG);

  it("names the bracket form of every list parameter (GET /v2/bookings status, eventTypeIds), and of no single-valued one", () => {
    const parameters = document.paths["/v2/bookings"]!.get!.parameters;
    const bracketed = parameters.filter((parameter) => parameter["x-bracket-name"]).map((parameter) => parameter["x-bracket-name"]);
    expect(bracketed).toEqual(expect.arrayContaining(["status[]", "eventTypeIds[]", "teamsIds[]"]));
    expect(bracketed).not.toContain("take[]");
    expect(parameters.find((parameter) => parameter.name === "status")!.description).toContain("`status[]` is read as `status`");
  });

  it("says GET /v2/event-types is public with username, and keeps its scope for the rest", () => {
    const operation = document.paths["/v2/event-types"]!.get! as Operation & { "x-public-with-query"?: string[] };
    expect(operation["x-public-with-query"]).toEqual(["username"]);
    expect(operation.security).toEqual([{}, { bearer: [] }]);
    expect(operation["x-required-scope"]).toBe("EVENT_TYPE_READ");
    expect(operation.description).toContain("Public with `username`");
  });

  it("gives every operation the two version headers", () => {
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations)) {
        expect(operation.parameters.filter((parameter) => parameter.in === "header").map((parameter) => parameter.name)).toEqual([
          VERSION_HEADER,
          PEER_VERSION_HEADER,
        ]);
      }
    }
  });

  it("is an OpenAPI 3.1 document with the bearer scheme and the server URL", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: "https://convene.test" }]);
    expect(document.components.securitySchemes.bearer).toEqual({ type: "http", scheme: "bearer" });
  });

  it("lists exactly the catalog's operations", () => {
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(ROUTE_CATALOG.map((route) => `${route.method} ${route.path}`).sort());
  });

  it.each(ROUTE_CATALOG.map((route) => ({ name: `${route.method} ${route.path}`, route })))("$name: access, parameters, body", ({ route }) => {
    const operation = document.paths[route.path]?.[route.method.toLowerCase()];
    expect(operation).toBeDefined();
    expect(operation!.summary).toBe(route.summary);
    expect(operation!.tags).toEqual([route.tag]);

    if (typeof route.access === "object" && route.access.scope) {
      expect(operation!["x-required-scope"]).toBe(route.access.scope);
      expect(operation!.description).toContain(route.access.scope);
      expect(operation!.description).toContain(SCOPES[route.access.scope].meaning);
    } else {
      expect(operation!["x-required-scope"]).toBeUndefined();
    }
    if (typeof route.access === "object") {
      expect(operation!.security).toEqual(route.publicWithQuery ? [{}, { bearer: [] }] : [{ bearer: [] }]);
      // The team roles come from the permission the route declares and its use case checks.
      expect(operation!["x-team-permission"]).toBe(teamAccessOf(route.access)?.permission);
      expect(operation!["x-team-roles"]).toEqual(teamAccessOf(route.access)?.roles);
      for (const role of teamAccessOf(route.access)?.roles ?? []) expect(operation!.description).toContain(role);
    }

    const pathParameters = operation!.parameters.filter((parameter) => parameter.in === "path");
    expect(pathParameters.map((parameter) => parameter.name).sort()).toEqual(placeholders(route.path));
    for (const parameter of pathParameters) expect(parameter.required).toBe(true);

    expect(Boolean(operation!.requestBody)).toBe(Boolean(route.body));
    expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining([String(route.successStatus ?? 200), "400", "401", "403", "404"]));
  });

  it("lists, per operation, the peer request fields it refuses as unsupported, from the same data the parser uses", () => {
    const listBookings = document.paths["/v2/bookings"]!.post as Operation & { "x-unsupported-peer-fields"?: string[] };
    const route = ROUTE_CATALOG.find((candidate) => candidate.method === "POST" && candidate.path === "/v2/bookings")!;
    expect(listBookings["x-unsupported-peer-fields"]).toEqual(refusedPeerFields(route));
    // routing is taken (routing forms), its CRM and queueing fields are not.
    expect(listBookings["x-unsupported-peer-fields"]).toContain("body.routing.teamMemberEmail");
    const meOoo = document.paths["/v2/me/ooo"]!.get as Operation & { "x-unsupported-peer-fields"?: string[] };
    expect(meOoo).not.toHaveProperty("x-unsupported-peer-fields");
  });

  it("documents PATCH /v2/me's body fields", () => {
    const schema = document.paths["/v2/me"]!.patch!.requestBody!.content["application/json"].schema as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(["email", "name", "timeZone", "timeFormat", "weekStart", "defaultScheduleId"]));
  });
});

describe("buildOpenApiDocument for each kind of declaration", () => {
  const routes: RouteDeclaration[] = [
    {
      method: "GET",
      path: "/v2/teams/{teamId}/bookings",
      summary: "List team bookings",
      tag: "Bookings",
      access: { scope: "TEAM_BOOKING_READ" },
      params: z.object({ teamId: z.coerce.number().int() }),
      query: ZPaginationQuery.extend({ status: z.enum(["upcoming", "past"]) }),
      response: z.object({ uid: z.string() }),
      versions: ["2024-08-13", "2024-06-14"],
      paginated: true,
    },
    { method: "POST", path: "/v2/bookings", summary: "Book", tag: "Bookings", access: "public", body: z.object({ start: z.string() }), successStatus: 201 },
    { method: "DELETE", path: "/v2/keys/{keyId}", summary: "Revoke", tag: "Keys", access: "api-key-only", params: z.object({ keyId: z.string() }) },
  ];
  const document = build(routes);

  it("turns params, query and the version header into parameters", () => {
    const { parameters } = document.paths["/v2/teams/{teamId}/bookings"]!.get!;
    const byName = Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter]));
    expect(Object.keys(byName).sort()).toEqual(["skip", "status", "take", "teamId", VERSION_HEADER, PEER_VERSION_HEADER].sort());
    expect(byName.teamId).toMatchObject({ in: "path", required: true });
    expect(byName.take).toMatchObject({ in: "query", required: false, schema: expect.objectContaining({ maximum: MAX_TAKE }) });
    expect(byName.status).toMatchObject({ in: "query", required: true, schema: expect.objectContaining({ enum: ["upcoming", "past"] }) });
    expect(byName[VERSION_HEADER]).toMatchObject({
      in: "header",
      required: false,
      schema: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$", default: "2024-08-13", examples: ["2024-08-13", "2024-06-14"] },
      "x-versions": ["2024-08-13", "2024-06-14"],
      description: expect.stringContaining("newest version of this operation dated on or before it"),
    });
    expect(byName[PEER_VERSION_HEADER]).toMatchObject({ in: "header", required: false, schema: byName[VERSION_HEADER]!.schema });
  });

  it("gives an operation with one shape the version headers too, with the same rule and no versions", () => {
    const header = document.paths["/v2/keys/{keyId}"]!.delete!.parameters.find((parameter) => parameter.name === VERSION_HEADER)!;
    expect(header).toMatchObject({ in: "header", schema: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" } });
    expect(header.description).toContain("one version, served for every date");
    expect(header["x-versions"]).toBeUndefined();
  });

  it("documents a paginated success as an array with pagination", () => {
    const success = document.paths["/v2/teams/{teamId}/bookings"]!.get!.responses["200"]!.content["application/json"].schema.properties;
    expect(success.data).toMatchObject({ type: "array", items: { type: "object", properties: { uid: { type: "string" } } } });
    expect(success.pagination).toMatchObject({ type: "object", properties: expect.objectContaining({ totalItems: expect.any(Object) }) });
  });

  it.each([
    {
      path: "/v2/teams/{teamId}/bookings",
      method: "get",
      scope: "TEAM_BOOKING_READ",
      security: [{ bearer: [] }],
      status: "200",
      description: /TEAM_BOOKING_READ/,
    },
    { path: "/v2/bookings", method: "post", scope: undefined, security: [{}, { bearer: [] }], status: "201", description: /Public/ },
    { path: "/v2/keys/{keyId}", method: "delete", scope: undefined, security: [{ bearer: [] }], status: "200", description: /API keys only/ },
  ])("$method $path: scope $scope, security and success status", ({ path, method, scope, security, status, description }) => {
    const operation = document.paths[path]![method]!;
    expect(operation["x-required-scope"]).toBe(scope);
    expect(operation.security).toEqual(security);
    expect(operation.description).toMatch(description);
    expect(operation.responses[status]).toBeDefined();
  });
});
