import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { Principal } from "../auth/principal";
import type { Scope } from "../auth/scopes";
import { AppError } from "../errors";
import { authenticate, authorize, defineRoute } from "./api-route";
import { Page, ZPaginationQuery } from "./pagination";
import type { RouteAccess, RouteDeclaration } from "./route-definition";
import { PEER_VERSION_HEADER, VERSION_HEADER } from "./versioning";

const oauth = (scopes: Scope[] | null): Principal => ({ userId: 7, via: "oauth", credentialId: 70, scopes, oauthClientId: "client-1" });
const apiKey: Principal = { userId: 7, via: "api-key", credentialId: 71, scopes: null, oauthClientId: null };

const declaration = (access: RouteAccess): RouteDeclaration => ({ method: "GET", path: "/v2/test", summary: "test", tag: "Test", access });

/** The response a refused request gets; fails the test when nothing was refused. */
async function refusal(step: () => unknown): Promise<Response> {
  let thrown: unknown;
  try {
    await step();
  } catch (error) {
    thrown = error;
  }
  const response = (thrown as { response?: unknown } | undefined)?.response;
  expect(response, "the step should have refused the request").toBeInstanceOf(Response);
  return response as Response;
}

describe("authorize", () => {
  it.each([
    { case: "token holding another scope", held: ["BOOKING_READ"], required: "PROFILE_READ" },
    { case: "token holding no scope", held: [], required: "PROFILE_READ" },
    { case: "write does not imply read", held: ["PROFILE_WRITE"], required: "PROFILE_READ" },
    { case: "TEAM_ does not imply ORG_", held: ["TEAM_BOOKING_READ"], required: "ORG_BOOKING_READ" },
    { case: "ORG_ does not imply the user-level scope", held: ["ORG_BOOKING_READ"], required: "BOOKING_READ" },
  ] as { case: string; held: Scope[]; required: Scope }[])("refuses a $case with 403 insufficient_scope", async ({ held, required }) => {
    const response = await refusal(() => authorize(oauth(held), declaration({ scope: required })));
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toBe(`Bearer error="insufficient_scope", scope="${required}"`);
    expect(await response.json()).toEqual({
      status: "error",
      error: {
        code: "FORBIDDEN",
        message: `This operation requires the ${required} scope`,
        details: { requiredScopes: [required], grantedScopes: held },
      },
    });
  });

  it.each([
    { case: "the exact scope", principal: oauth(["PROFILE_READ"]), access: { scope: "PROFILE_READ" } },
    { case: "the scope among others", principal: oauth(["BOOKING_READ", "PROFILE_READ"]), access: { scope: "PROFILE_READ" } },
    { case: "an ORG_ scope on its TEAM_ route", principal: oauth(["ORG_BOOKING_READ"]), access: { scope: "TEAM_BOOKING_READ" } },
    { case: "an ORG_ write scope on its TEAM_ route", principal: oauth(["ORG_MEMBERSHIP_WRITE"]), access: { scope: "TEAM_MEMBERSHIP_WRITE" } },
    { case: "an API key on a scoped route", principal: apiKey, access: { scope: "ORG_BOOKING_WRITE" } },
    { case: "an API key on an api-key-only route", principal: apiKey, access: "api-key-only" },
    { case: "a legacy OAuth grant (no scopes) on a scoped route", principal: oauth(null), access: { scope: "BOOKING_WRITE" } },
    { case: "a scope-less token on a public route", principal: oauth([]), access: "public" },
    { case: "no principal on a public route", principal: null, access: "public" },
  ] as { case: string; principal: Principal | null; access: RouteAccess }[])("lets through $case", ({ principal, access }) => {
    expect(() => authorize(principal, declaration(access))).not.toThrow();
  });

  it("refuses a scoped OAuth token on an api-key-only route, whatever it holds", async () => {
    const held: Scope[] = ["PROFILE_READ", "PROFILE_WRITE", "ORG_MEMBERSHIP_WRITE"];
    const response = await refusal(() => authorize(oauth(held), declaration("api-key-only")));
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toBe('Bearer error="insufficient_scope"');
    const body = await response.json();
    expect(body.error.code).toBe("FORBIDDEN");
    expect(body.error.details).toEqual({ requiredScopes: [], grantedScopes: held });
  });
});

describe("authenticate (the steps that need no database)", () => {
  const request = (url: string, authorization?: string) => new Request(url, { headers: authorization ? { authorization } : {} });

  it.each([
    {
      case: "no credential on a protected route",
      url: "http://t/v2/x",
      header: undefined,
      access: { scope: "PROFILE_READ" },
      challenge: 'Bearer realm="convene"',
    },
    {
      case: "the v1 apiKey query parameter",
      url: "http://t/v2/x?apiKey=cnv_live_abc",
      header: undefined,
      access: { scope: "PROFILE_READ" },
      challenge: 'Bearer realm="convene"',
    },
    {
      case: "the apiKey query parameter, even on a public route",
      url: "http://t/v2/x?apiKey=k",
      header: undefined,
      access: "public",
      challenge: 'Bearer realm="convene"',
    },
    {
      case: "another scheme",
      url: "http://t/v2/x",
      header: "Basic dXNlcjpwYXNz",
      access: { scope: "PROFILE_READ" },
      challenge: 'Bearer realm="convene", error="invalid_token"',
    },
    {
      case: "a scheme without a token",
      url: "http://t/v2/x",
      header: "Bearer",
      access: { scope: "PROFILE_READ" },
      challenge: 'Bearer realm="convene", error="invalid_token"',
    },
    {
      case: "a token of no known kind",
      url: "http://t/v2/x",
      header: "Bearer not-a-convene-secret",
      access: { scope: "PROFILE_READ" },
      challenge: 'Bearer realm="convene", error="invalid_token"',
    },
    {
      case: "a malformed header on a public route",
      url: "http://t/v2/x",
      header: "Bearer a b",
      access: "public",
      challenge: 'Bearer realm="convene", error="invalid_token"',
    },
  ] as { case: string; url: string; header?: string; access: RouteAccess; challenge: string }[])(
    "refuses $case with 401",
    async ({ url, header, access, challenge }) => {
      const response = await refusal(() => authenticate(request(url, header), declaration(access)));
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe(challenge);
      const body = await response.json();
      expect(body).toEqual({ status: "error", error: { code: "UNAUTHORIZED", message: expect.any(String) } });
    },
  );

  it("lets an anonymous caller reach a public route", async () => {
    await expect(authenticate(request("http://t/v2/x"), declaration("public"))).resolves.toBeNull();
  });
});

describe("defineRoute", () => {
  const context = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  const echoRoute = defineRoute(
    {
      method: "POST",
      path: "/v2/things/{thingId}",
      summary: "echo",
      tag: "Test",
      access: "public",
      params: z.object({ thingId: z.coerce.number().int() }),
      query: z.object({ tag: z.array(z.string()).or(z.string()).optional() }),
      body: z.object({ name: z.string().min(1) }).strict(),
      successStatus: 201,
      versions: ["2024-08-13", "2024-06-14"],
    },
    ({ principal, params, query, body, version }) => ({ principal, params, query, body, version }),
  );

  const post = (body: string, headers: Record<string, string> = {}, search = "") =>
    new Request(`http://t/v2/things/5${search}`, { method: "POST", body, headers: { "content-type": "application/json", ...headers } });

  it.each([
    { part: "body", request: () => post('{"name":"A\\u0000da"}'), params: { thingId: "5" }, path: "body.name" },
    { part: "query", request: () => post('{"name":"Ada"}', {}, "?tag=a%00"), params: { thingId: "5" }, path: "query.tag" },
    { part: "params", request: () => post('{"name":"Ada"}'), params: { thingId: "5\u0000" }, path: "params.thingId" },
  ])("answers a NUL character in the $part with a 400 envelope naming $path, before the handler runs", async ({ request, params, path }) => {
    const response = await echoRoute.handle(request(), context(params));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: "error", error: { code: "BAD_REQUEST", details: [{ path }] } });
  });

  it("answers a present, non-JSON Content-Type with 415 UNSUPPORTED_MEDIA_TYPE in the envelope", async () => {
    const response = await echoRoute.handle(post('{"name":"Ada"}', { "content-type": "text/plain" }), context({ thingId: "5" }));
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ status: "error", error: { code: "UNSUPPORTED_MEDIA_TYPE" } });
  });

  it("hands the handler the parsed parts and wraps its result", async () => {
    const response = await echoRoute.handle(post('{"name":"Ada"}', {}, "?tag=a&tag=b"), context({ thingId: "5" }));
    expect(response.status).toBe(201);
    expect(response.headers.get(VERSION_HEADER)).toBe("2024-08-13");
    expect(await response.json()).toEqual({
      status: "success",
      data: { principal: null, params: { thingId: 5 }, query: { tag: ["a", "b"] }, body: { name: "Ada" }, version: "2024-08-13" },
    });
  });

  it.each([
    { case: "body", request: () => post('{"name":""}'), params: { thingId: "5" }, path: "body.name" },
    { case: "unknown body field", request: () => post('{"name":"A","admin":true}'), params: { thingId: "5" }, path: "body.admin" },
    { case: "params", request: () => post('{"name":"A"}'), params: { thingId: "five" }, path: "params.thingId" },
  ])("answers invalid $case with 400 naming $path", async ({ request, params, path }) => {
    const response = await echoRoute.handle(request(), context(params));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe("BAD_REQUEST");
    expect(body.error.details.map((issue: { path: string }) => issue.path)).toContain(path);
  });

  it("ignores a query parameter the peer documents for the operation on a route that declares no query, and refuses any other", async () => {
    // GET /v2/bookings/{bookingUid}/references: the peer documents a `type` filter for it.
    const references = defineRoute(
      {
        method: "GET",
        path: "/v2/bookings/{bookingUid}/references",
        summary: "refs",
        tag: "Test",
        access: "public",
        params: z.object({ bookingUid: z.string() }),
      },
      ({ query }) => ({ query: query ?? "none" }),
    );
    const get = (search: string) => references.handle(new Request(`http://t/v2/bookings/b1/references${search}`), context({ bookingUid: "b1" }));
    const refused = await get("?type=google_calendar&zzzNotAField=1");
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.details).toEqual([
      { path: "query.zzzNotAField", message: 'Unrecognized key: "zzzNotAField"', code: "unrecognized_key" },
    ]);
    expect(await (await get("?type=google_calendar")).json()).toEqual({ status: "success", data: { query: "none" } });
    expect(await (await get("")).json()).toEqual({ status: "success", data: { query: "none" } });
  });

  it("serves the newest version dated on or before the date asked for, and refuses a value that is not a date", async () => {
    const asked = await echoRoute.handle(post('{"name":"A"}', { [VERSION_HEADER]: "2024-06-14" }), context({ thingId: "5" }));
    expect(asked.headers.get(VERSION_HEADER)).toBe("2024-06-14");
    const between = await echoRoute.handle(post('{"name":"A"}', { [VERSION_HEADER]: "2024-07-30" }), context({ thingId: "5" }));
    expect([between.status, between.headers.get(VERSION_HEADER)]).toEqual([201, "2024-06-14"]);
    expect((await between.json()).data.version).toBe("2024-06-14");
    const earlier = await echoRoute.handle(post('{"name":"A"}', { [VERSION_HEADER]: "1999-01-01" }), context({ thingId: "5" }));
    expect([earlier.status, earlier.headers.get(VERSION_HEADER)]).toEqual([201, "2024-06-14"]);
    const later = await echoRoute.handle(post('{"name":"A"}', { [VERSION_HEADER]: "2099-01-01" }), context({ thingId: "5" }));
    expect([later.status, later.headers.get(VERSION_HEADER)]).toEqual([201, "2024-08-13"]);
    const notADate = await echoRoute.handle(post('{"name":"A"}', { [VERSION_HEADER]: "latest" }), context({ thingId: "5" }));
    expect(notADate.status).toBe(400);
    expect((await notADate.json()).error).toMatchObject({ code: "BAD_REQUEST", details: { header: VERSION_HEADER } });
  });

  it("reads the peer's cal-api-version as svc-api-version, answers under both names, and refuses the two disagreeing", async () => {
    const asked = await echoRoute.handle(post('{"name":"A"}', { [PEER_VERSION_HEADER]: "2024-06-14" }), context({ thingId: "5" }));
    expect(asked.status).toBe(201);
    expect((await asked.json()).data.version).toBe("2024-06-14");
    expect([asked.headers.get(VERSION_HEADER), asked.headers.get(PEER_VERSION_HEADER)]).toEqual(["2024-06-14", "2024-06-14"]);
    const unknown = await echoRoute.handle(post('{"name":"A"}', { [PEER_VERSION_HEADER]: "2024-06-14T00:00:00Z" }), context({ thingId: "5" }));
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toMatchObject({ message: expect.stringContaining(PEER_VERSION_HEADER), details: { header: PEER_VERSION_HEADER } });
    const both = await echoRoute.handle(
      post('{"name":"A"}', { [VERSION_HEADER]: "2024-08-13", [PEER_VERSION_HEADER]: "2024-06-14" }),
      context({ thingId: "5" }),
    );
    expect(both.status).toBe(400);
    expect((await both.json()).error.details).toEqual({ headers: [VERSION_HEADER, PEER_VERSION_HEADER] });
  });

  it("names the answering version on errors after negotiation (a refused body), and not before it", async () => {
    const invalid = await echoRoute.handle(post('{"name":""}', { [VERSION_HEADER]: "2024-06-14" }), context({ thingId: "5" }));
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get(VERSION_HEADER)).toBe("2024-06-14");
    const unknown = await echoRoute.handle(post('{"name":"A"}', { [VERSION_HEADER]: "v1" }), context({ thingId: "5" }));
    expect(unknown.headers.get(VERSION_HEADER)).toBeNull();
  });

  it.each([
    { case: "a well-formed one is echoed", sent: "abc-123_DEF", echoed: true },
    { case: "a 64-character one is echoed", sent: "a".repeat(64), echoed: true },
    { case: "a 65-character one is replaced", sent: "a".repeat(65), echoed: false },
    { case: "one with spaces is replaced", sent: "abc 123", echoed: false },
    { case: "one with header-injection characters is replaced", sent: "abc;x=1", echoed: false },
  ])("request ids: $case", async ({ sent, echoed }) => {
    const response = await echoRoute.handle(post('{"name":"A"}', { "x-request-id": sent }), context({ thingId: "5" }));
    const id = response.headers.get("x-request-id");
    if (echoed) expect(id).toBe(sent);
    else expect(id).toMatch(UUID);
  });

  it("generates a request id when none is sent, also on refusals", async () => {
    const ok = await echoRoute.handle(post('{"name":"A"}'), context({ thingId: "5" }));
    const refused = await echoRoute.handle(post('{"name":"A"}', { authorization: "Basic x" }), context({ thingId: "5" }));
    expect(refused.status).toBe(401);
    expect(ok.headers.get("x-request-id")).toMatch(UUID);
    expect(refused.headers.get("x-request-id")).toMatch(UUID);
    expect(ok.headers.get("x-request-id")).not.toBe(refused.headers.get("x-request-id"));
  });

  it("answers a handler's AppError with its status and an unexpected error with 500 quoting the request id", async () => {
    const failing = (error: unknown) =>
      defineRoute({ method: "GET", path: "/v2/fail", summary: "fail", tag: "Test", access: "public" }, () => {
        throw error;
      });
    const request = () => new Request("http://t/v2/fail", { headers: { "x-request-id": "req-9" } });

    const notFound = await failing(new AppError("NOT_FOUND", "No such thing")).handle(request(), context());
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual({ status: "error", error: { code: "NOT_FOUND", message: "No such thing" } });

    const crash = await failing(new Error('relation "secret_table" does not exist')).handle(request(), context());
    expect(crash.status).toBe(500);
    const body = await crash.json();
    expect(body.error.details).toEqual({ requestId: "req-9" });
    expect(JSON.stringify(body)).not.toContain("secret_table");
  });

  it("wraps a Page with its pagination and undefined as null data", async () => {
    const list = defineRoute(
      { method: "GET", path: "/v2/list", summary: "list", tag: "Test", access: "public", query: ZPaginationQuery, paginated: true },
      ({ query }) => new Page(["c", "d"], 5, query),
    );
    const listed = await (await list.handle(new Request("http://t/v2/list?take=2&skip=2"), context())).json();
    expect(listed).toEqual({
      status: "success",
      data: ["c", "d"],
      pagination: expect.objectContaining({ totalItems: 5, currentPage: 2, totalPages: 3, hasNextPage: true, hasPreviousPage: true }),
    });

    const empty = defineRoute({ method: "GET", path: "/v2/empty", summary: "e", tag: "Test", access: "public" }, () => undefined);
    expect(await (await empty.handle(new Request("http://t/v2/empty"), context())).json()).toEqual({ status: "success", data: null });
  });

  it("logs each request with its id, route and status, never its credential", async () => {
    vi.stubEnv("LOG_LEVEL", "info");
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    let written: string[];
    try {
      await echoRoute.handle(post('{"name":"A"}', { "x-request-id": "log-1", authorization: "Bearer not-a-key-topsecret" }), context({ thingId: "5" }));
      written = write.mock.calls.map(([chunk]) => String(chunk));
    } finally {
      write.mockRestore();
      vi.unstubAllEnvs();
    }
    const lines = written.filter((line) => line.includes("log-1"));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "info", requestId: "log-1", method: "POST", route: "/v2/things/{thingId}", status: 401 });
    expect(lines[0]).not.toContain("topsecret");
  });
});

describe("authorize: legacy OAuth grants", () => {
  const legacy = { userId: 1, via: "oauth" as const, credentialId: 1, scopes: null, oauthClientId: "c" };
  it("pass scoped routes and api-key-only ones: their tokens reach any resource of the user (spec, Scope rules 4)", () => {
    expect(() => authorize(legacy, { method: "GET", path: "/v2/x", summary: "", tag: "", access: { scope: "BOOKING_WRITE" } })).not.toThrow();
    expect(() => authorize(legacy, { method: "GET", path: "/v2/x", summary: "", tag: "", access: "api-key-only" })).not.toThrow();
  });
});

describe("declared team access", () => {
  const teamRoute = defineRoute(
    {
      method: "PATCH",
      path: "/v2/teams/{teamId}/things",
      summary: "team thing",
      tag: "Test",
      access: { scope: "TEAM_PROFILE_WRITE", team: { param: "teamId", permission: "team.update" } },
      params: z.object({ teamId: z.coerce.number().int() }),
      body: z.object({ name: z.string().min(1) }).strict(),
    },
    ({ actor, params }) => ({ actor, teamId: params.teamId }),
  );
  const patch = (teamId: number | string, key: string, body = '{"name":"Ada"}') =>
    teamRoute.handle(
      new Request(`http://t/v2/teams/${teamId}/things`, {
        method: "PATCH",
        body,
        headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      }),
      { params: Promise.resolve({ teamId: String(teamId) }) },
    );

  it("hands the handler the actor (user and how they came in), and enforces membership and role once the input is parsed", async () => {
    const { makeTenancyWorld } = await import("../../prisma/team-factories");
    const { makeApiKey } = await import("../../prisma/factories");
    const world = await makeTenancyWorld();
    const keyOf = (who: keyof typeof world.users) => makeApiKey(world.users[who].id);

    const admin = await patch(world.team.id, await keyOf("admin"));
    expect(admin.status).toBe(200);
    expect((await admin.json()).data).toEqual({ actor: { userId: world.users.admin.id, via: "api-key" }, teamId: world.team.id });

    // A non-member learns nothing: a missing team answers the same. Bad input is a 400 for anyone (it says nothing of the team).
    expect((await patch(world.team.id, await keyOf("outsider"), "{}")).status).toBe(400);
    for (const response of [await patch(world.team.id, await keyOf("outsider")), await patch(2_000_000_000, await keyOf("outsider"))]) {
      expect(response.status).toBe(404);
      expect((await response.json()).error).toMatchObject({ code: "NOT_FOUND", message: "Team not found" });
    }
    const member = await patch(world.team.id, await keyOf("member"));
    expect(member.status).toBe(403);
    expect((await member.json()).error.message).toContain("the OWNER or ADMIN role");
    expect((await patch(world.team.id, await keyOf("orgOwner"))).status).toBe(200);
    expect((await patch(world.team.id, await keyOf("orgMember"))).status).toBe(404);
  });
});
