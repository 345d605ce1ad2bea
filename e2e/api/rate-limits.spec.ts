/**
 * Rate limits as an API client meets them: /v2 answers carry the IETF RateLimit-Policy and RateLimit fields for the
 * limits they were counted against, a 429 adds Retry-After, and an operator changes any limit by environment (an
 * invalid value stops the server at start, naming the variable).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { makeOAuthClient } from "../../prisma/oauth-factories";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { nextServerArgs, ROOT } from "../../server/bin/next-build";
import { disconnectDb } from "../../server/db/client";
import { quotaOf } from "../../server/security/rate-limits";
import { expect, test } from "../support/fixtures";
import { startSideServer } from "../support/test-server";

test.afterAll(() => disconnectDb());

const V = { "svc-api-version": "2024-08-13" };
const BOOKING_POLICY = '"bookings-caller-event-type";q=100;w=300, "bookings-caller";q=300;w=300, "bookings-attendee";q=10;w=300';

test("POST /v2/bookings names its three limits in RateLimit-Policy and what remains of each in RateLimit; its 429 adds Retry-After", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType({ hours: { startMinute: 0, endMinute: 24 * 60 } });
  const guest = attendee();
  const book = (hour: number) =>
    request.post("/v2/bookings", {
      headers: { ...V, authorization: `Bearer ${apiKey}` },
      data: { eventTypeId: eventType.id, start: utcAt(4, hour).toISOString(), attendee: guest },
    });
  const first = await book(0);
  expect(first.status()).toBe(201);
  expect(first.headers()["ratelimit-policy"]).toBe(BOOKING_POLICY);
  expect(first.headers()["ratelimit"]).toMatch(/^"bookings-caller-event-type";r=99;t=\d+, "bookings-caller";r=299;t=\d+, "bookings-attendee";r=9;t=\d+$/);
  const perAttendee = quotaOf("BOOKINGS_PER_ATTENDEE_EMAIL");
  for (let hour = 1; hour < perAttendee; hour++) expect((await book(hour)).status()).toBe(201);
  const refused = await book(20);
  expect(refused.status()).toBe(429);
  const retryAfter = Number(refused.headers()["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(refused.headers()["ratelimit-policy"]).toBe(BOOKING_POLICY);
  // The refused attempt was given back: the caller's counters stand where the last booking left them.
  expect(refused.headers()["ratelimit"]).toMatch(
    new RegExp(
      `^"bookings-caller-event-type";r=${100 - perAttendee};t=\\d+, "bookings-caller";r=${300 - perAttendee};t=\\d+, "bookings-attendee";r=0;t=${retryAfter}$`,
    ),
  );
  // A route no limit applies to carries neither field.
  const me = await request.get("/v2/me", { headers: { authorization: `Bearer ${apiKey}` } });
  expect(me.headers()["ratelimit-policy"]).toBeUndefined();
});

test("the token endpoint names the failed client authentication limits a failure was counted against", async ({ request }) => {
  const { client } = await makeOAuthClient({ scopes: ["PROFILE_READ"] });
  const failed = await request.post("/v2/auth/oauth2/token", {
    form: { grant_type: "refresh_token", refresh_token: "x", client_id: client.id, client_secret: "cnv_cs_wrong" },
    headers: { "x-forwarded-for": `198.51.100.${randomBytes(1)[0]}, 203.0.113.${randomBytes(1)[0]}` },
  });
  expect(failed.status()).toBe(401);
  expect(failed.headers()["ratelimit-policy"]).toBe('"client-auth-client-address";q=10;w=300, "client-auth-address";q=30;w=300');
  expect(failed.headers()["ratelimit"]).toMatch(/^"client-auth-client-address";r=9;t=\d+, "client-auth-address";r=29;t=\d+$/);
});

test("an operator sets a limit by environment: RATE_LIMIT_BOOKINGS_PER_ATTENDEE_EMAIL=2 allows two bookings per e-mail", async ({ request }) => {
  const server = await startSideServer({ RATE_LIMIT_BOOKINGS_PER_ATTENDEE_EMAIL: "2" });
  try {
    const { eventType } = await makeHostWithEventType({ hours: { startMinute: 0, endMinute: 24 * 60 } });
    const guest = attendee();
    const book = (hour: number) =>
      request.post(`${server.baseUrl}/v2/bookings`, { headers: V, data: { eventTypeId: eventType.id, start: utcAt(5, hour).toISOString(), attendee: guest } });
    expect((await book(1)).status()).toBe(201);
    const second = await book(2);
    expect(second.status()).toBe(201);
    expect(second.headers()["ratelimit-policy"]).toContain('"bookings-attendee";q=2;w=300');
    expect((await book(3)).status()).toBe(429);
  } finally {
    await server.stop();
  }
});

test("an invalid limit stops the server at start with a message naming the variable", async () => {
  const child = spawn(process.execPath, nextServerArgs(), {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, PORT: "0", RATE_LIMIT_BOOKINGS_PER_CALLER: "lots" },
  });
  let stderr = "";
  child.stderr!.on("data", (data: Buffer) => (stderr += data.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code).toBe(1);
  expect(stderr).toContain("Invalid environment: RATE_LIMIT_BOOKINGS_PER_CALLER: must be a whole number");
});
