/**
 * The typed client (packages/client, `@convene/client`) against the running server: the getting-started flow as
 * docs/getting-started.md writes it, OAuth tokens, the version header each route needs, typed errors and pagination.
 * Every answer is also held to the live OpenAPI schema, so the client's generated types and the server agree.
 */
import { ConveneApiError, createConveneClient, paginate, unwrap } from "@convene/client";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { makeOAuthTokens } from "../../prisma/oauth-factories";
import { disconnectDb } from "../../server/db/client";
import { createOnboardedUser } from "../../server/onboarding/onboarding.service";
import { expect, test } from "../support/fixtures";
import { futureWednesday, nextDay } from "../support/future-days";
import { liveOpenApi, schemaProblems, successSchema, type TLiveDocument } from "../support/live-openapi";

test.afterAll(() => disconnectDb());

let live: TLiveDocument;
test.beforeAll(async ({ request }) => {
  live = await liveOpenApi(request);
});

const baseUrl = () => process.env.E2E_BASE_URL!;
const matchesLive = (method: string, path: string, body: unknown) =>
  expect(schemaProblems(successSchema(live, method, path), body), `${method} ${path}`).toEqual([]);

test("the getting-started flow: an onboarded user's API key creates an event type, a visitor lists its slots and books, the owner reads the booking", async () => {
  const suffix = Date.now().toString(36);
  const user = await createOnboardedUser({ email: `ada-${suffix}@example.test`, password: "long passphrase here", username: `ada-${suffix}` });
  const owner = createConveneClient({ baseUrl: baseUrl(), apiKey: await makeApiKey(user.id) });
  const visitor = createConveneClient({ baseUrl: baseUrl() });

  const me = await owner.GET("/v2/me");
  matchesLive("GET", "/v2/me", me.data);
  expect(me.data?.data.email).toBe(`ada-${suffix}@example.test`);

  const created = await owner.POST("/v2/event-types", { body: { title: "Intro call", slug: "intro", lengthInMinutes: 30 } });
  expect(created.response.status).toBe(201);
  matchesLive("POST", "/v2/event-types", created.data);
  const eventTypeId = created.data!.data.id;

  const day = futureWednesday();
  const slots = await visitor.GET("/v2/slots", { params: { query: { eventTypeId, start: day, end: nextDay(day) } } });
  expect(slots.error).toBeUndefined();
  matchesLive("GET", "/v2/slots", slots.data);
  // The client sent the route's default version, and the server answered in it.
  expect(slots.response.headers.get("svc-api-version")).toBe("2024-09-04");
  const start = Object.values(slots.data!.data as Record<string, { start: string }[]>).flat()[0]!.start;

  const booked = await visitor.POST("/v2/bookings", {
    body: { eventTypeId, start, attendee: { name: "Grace Hopper", email: `grace-${suffix}@example.test`, timeZone: "Europe/London" } },
  });
  expect(booked.response.status).toBe(201);
  expect(booked.response.headers.get("svc-api-version")).toBe("2024-08-13");
  matchesLive("POST", "/v2/bookings", booked.data);

  const uid = (booked.data!.data as { uid: string }).uid;
  const read = await unwrap(owner.GET("/v2/bookings/{bookingUid}", { params: { path: { bookingUid: uid } } }));
  expect(read).toMatchObject({ uid, status: "accepted" });
});

test("an OAuth access token, given as a function, authenticates; a scope it lacks is a typed 403", async () => {
  const tokens = await makeOAuthTokens(["PROFILE_READ"]);
  let calls = 0;
  const app = createConveneClient({ baseUrl: baseUrl(), accessToken: async () => (calls++, tokens.access_token) });

  const me = await app.GET("/v2/me");
  matchesLive("GET", "/v2/me", me.data);
  expect(me.data?.data.id).toBe(tokens.userId);

  const refused = await app.GET("/v2/schedules");
  expect(refused.response.status).toBe(403);
  expect(refused.error?.error.code).toBe("FORBIDDEN");
  expect(calls).toBe(2);
});

test("errors are typed values, and unwrap throws them as ConveneApiError with the envelope's code and details", async () => {
  const user = await makeUser();
  const convene = createConveneClient({ baseUrl: baseUrl(), apiKey: await makeApiKey(user.id) });

  const missing = await convene.GET("/v2/event-types/{eventTypeId}", { params: { path: { eventTypeId: 999_999_999 } } });
  expect(missing.data).toBeUndefined();
  expect(missing.error).toEqual({ status: "error", error: { code: "NOT_FOUND", message: expect.any(String) } });

  const invalid = unwrap(convene.POST("/v2/event-types", { body: { title: "", slug: "x", lengthInMinutes: 30 } }));
  await expect(invalid).rejects.toBeInstanceOf(ConveneApiError);
  await expect(invalid).rejects.toMatchObject({
    status: 400,
    code: "BAD_REQUEST",
    details: expect.arrayContaining([expect.objectContaining({ path: "body.title" })]),
  });

  const anonymous = createConveneClient({ baseUrl: baseUrl() });
  await expect(unwrap(anonymous.GET("/v2/me"))).rejects.toMatchObject({ status: 401, code: "UNAUTHORIZED" });
});

test("paginate walks every page of a list, following skip", async () => {
  const user = await makeUser();
  const convene = createConveneClient({ baseUrl: baseUrl(), apiKey: await makeApiKey(user.id) });
  for (let index = 0; index < 5; index++) {
    await unwrap(convene.POST("/v2/event-types", { body: { title: `Call ${index}`, slug: `call-${index}`, lengthInMinutes: 15 } }));
  }
  const pages: number[] = [];
  const slugs: string[] = [];
  for await (const eventType of paginate(
    async (page) => {
      const result = await convene.GET("/v2/event-types", { params: { query: page } });
      matchesLive("GET", "/v2/event-types", result.data);
      pages.push(result.data?.data.length ?? 0);
      return result;
    },
    { take: 2 },
  )) {
    slugs.push(eventType.slug);
  }
  expect(slugs.sort()).toEqual(["call-0", "call-1", "call-2", "call-3", "call-4"]);
  expect(pages).toEqual([2, 2, 1]);
});
