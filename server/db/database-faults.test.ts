/**
 * Real faults between the app and a real PostgreSQL, through a loopback proxy the test breaks (e2e/support/
 * fault-proxy.ts): a hung server answers 503 + Retry-After within the deadlines instead of holding every
 * request, on the v2 envelope, the OAuth token endpoint and tRPC alike; a stopped one answers 503, not
 * 500; readiness follows the database while liveness does not; dropped idle connections are no crash.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { TRPCError } from "@trpc/server";
import { startFaultProxy, type FaultProxy } from "../../e2e/support/fault-proxy";
import { makeHostWithEventType, attendee, utcAt } from "@/prisma/scheduling-factories";
import { GET as ready } from "@/app/api/ready/route";
import { GET as health } from "@/app/api/health/route";
import { GET as listEventTypes } from "@/app/v2/event-types/route";
import { POST as postBooking } from "@/app/v2/bookings/route";
import { GET as getBooking } from "@/app/v2/bookings/[bookingUid]/route";
import { POST as token } from "@/app/v2/auth/oauth2/token/route";
import { POST as mcp } from "@/app/mcp/route";
import { formatError } from "../trpc/errors";
import { log } from "../log";
import { db, disconnectDb, sql } from "./client";
import { isDatabaseUnavailable } from "./unavailable";

/** Small deadlines so the test is quick; production defaults are in deadlines.ts and the README. */
const DEADLINES = {
  DATABASE_CONNECT_TIMEOUT_MS: "1000",
  DATABASE_STATEMENT_TIMEOUT_MS: "1000",
  DATABASE_CANCEL_GRACE_MS: "1000",
  DATABASE_TRANSACTION_TIMEOUT_MS: "3000",
};
/** The longest any request may take while the database is broken: the query deadline (2 s), the cancel's grace (1 s), slack. */
const BOUND_MS = 4_500;

let proxy: FaultProxy;
const directUrl = inject("databaseUrl");
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);
const noParams = { params: Promise.resolve({}) };

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const startedAt = performance.now();
  const value = await work();
  return { value, ms: performance.now() - startedAt };
}

async function expectUnavailable(response: Response, ms: number) {
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe("5");
  expect(ms).toBeLessThan(BOUND_MS);
  return response.json();
}

let seed: { eventTypeId: number; apiKey: string };

beforeAll(async () => {
  process.on("uncaughtException", onUncaught);
  const target = new URL(directUrl);
  proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
  await disconnectDb();
  Object.assign(process.env, DEADLINES, { DATABASE_URL: proxy.urlFor(directUrl) });
  const { eventType, apiKey } = await makeHostWithEventType();
  seed = { eventTypeId: eventType.id, apiKey };
});

beforeEach(async () => {
  await proxy.heal();
});

afterAll(async () => {
  await disconnectDb();
  await proxy.close();
  process.env.DATABASE_URL = directUrl;
  for (const name of Object.keys(DEADLINES)) delete process.env[name];
  process.off("uncaughtException", onUncaught);
});

const bookingRequest = (start = utcAt(2, 10)) =>
  new Request("http://localhost:3000/v2/bookings", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ eventTypeId: seed.eventTypeId, start: start.toISOString(), attendee: attendee() }),
  });
const eventTypesRequest = () => new Request("http://localhost:3000/v2/event-types", { headers: { authorization: `Bearer ${seed.apiKey}` } });
const tokenRequest = () =>
  new Request("http://localhost:3000/v2/auth/oauth2/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=authorization_code&code=abc&client_id=some-client&client_secret=nope&redirect_uri=https%3A%2F%2Fexample.test%2Fcb",
  });

describe("a hung database (nothing answers)", () => {
  it("answers 503 SERVICE_UNAVAILABLE with Retry-After within the deadlines, then serves again once it is back", async () => {
    expect((await listEventTypes(eventTypesRequest(), noParams)).status).toBe(200);
    proxy.freeze();
    const [booking, eventTypes] = await Promise.all([
      timed(() => postBooking(bookingRequest(), noParams)),
      timed(() => listEventTypes(eventTypesRequest(), noParams)),
    ]);
    for (const { value, ms } of [booking, eventTypes]) {
      expect(await expectUnavailable(value, ms)).toEqual({ status: "error", error: { code: "SERVICE_UNAVAILABLE", message: expect.any(String) } });
    }
    await proxy.heal();
    expect((await postBooking(bookingRequest(), noParams)).status).toBe(201);
  });

  it("a write whose commit went unanswered says the outcome is unknown and which booking to look up, never 'try again'", async () => {
    // A booked slot keeps the event type's row and reserves ids: the next booking is its one batch, commit included.
    expect((await postBooking(bookingRequest(utcAt(5, 9)), noParams)).status).toBe(201);
    proxy.freeze();
    const { value, ms } = await timed(() => postBooking(bookingRequest(utcAt(5, 11)), noParams));
    expect(value.status).toBe(503);
    expect(value.headers.get("retry-after")).toBeNull();
    expect(ms).toBeLessThan(BOUND_MS);
    const { error } = (await value.json()) as { error: { code: string; message: string; details: { outcome: string; bookingUid: string } } };
    expect(error).toMatchObject({ code: "OUTCOME_UNKNOWN", details: { outcome: "unknown", bookingUid: expect.stringMatching(/^[0-9A-Za-z]{22}$/) } });
    expect(error.message).toContain(`GET /v2/bookings/${error.details.bookingUid}`);
    await proxy.heal();
    // The look-up the answer names tells the truth: made (the proxy passed the batch on once healed) and the slot is
    // taken, or not made and the slot is free.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const lookup = await getBooking(
      new Request(`http://localhost:3000/v2/bookings/${error.details.bookingUid}`, { headers: { authorization: `Bearer ${seed.apiKey}` } }),
      {
        params: Promise.resolve({ bookingUid: error.details.bookingUid }),
      },
    );
    expect([200, 404]).toContain(lookup.status);
    expect((await postBooking(bookingRequest(utcAt(5, 11)), noParams)).status).toBe(lookup.status === 200 ? 409 : 201);
  });

  it("the OAuth token endpoint answers 503 temporarily_unavailable (RFC 6749 body)", async () => {
    proxy.freeze();
    const { value, ms } = await timed(() => token(tokenRequest()));
    expect(await expectUnavailable(value, ms)).toEqual({ error: "temporarily_unavailable", error_description: expect.any(String) });
  });

  it("MCP: a tool answers SERVICE_UNAVAILABLE as its error result; a credential it cannot check is a 503 JSON-RPC error", async () => {
    const call = (authorization: string) =>
      new Request("http://localhost:3000/mcp", {
        method: "POST",
        headers: { authorization, "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_event_types", arguments: {} } }),
      });
    await mcp(call(`Bearer ${seed.apiKey}`)); // the key is known to this instance now (its cache)
    proxy.freeze();
    const tool = await timed(() => mcp(call(`Bearer ${seed.apiKey}`)));
    expect(tool.ms).toBeLessThan(BOUND_MS);
    const answer = (await tool.value.json()) as { result: { isError?: boolean; structuredContent: { error: { code: string } } } };
    expect(answer.result.isError).toBe(true);
    expect(answer.result.structuredContent.error.code).toBe("SERVICE_UNAVAILABLE");
    const unknownKey = await timed(() => mcp(call("Bearer cnv_live_0123456789abcdef0123456789abcdef")));
    expect(await expectUnavailable(unknownKey.value, unknownKey.ms)).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32603, message: expect.any(String) },
    });
  });

  it("tRPC maps the same failure to 503 SERVICE_UNAVAILABLE", async () => {
    proxy.freeze();
    const error = await db.user.count().then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    const shape = formatError({ shape: { data: { path: "me.get" } } as never, error: new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: error as Error }) });
    expect(shape.data).toMatchObject({ code: "SERVICE_UNAVAILABLE", httpStatus: 503 });
  });

  it("readiness goes 503 within its deadline and back to 200; liveness stays 200 throughout", async () => {
    expect((await ready()).status).toBe(200);
    proxy.freeze();
    const { value, ms } = await timed(() => ready());
    expect(value.status).toBe(503);
    expect(ms).toBeLessThan(2_500);
    expect((await health()).status).toBe(200);
    await proxy.heal();
    await vi.waitFor(async () => expect((await ready()).status).toBe(200), { timeout: 5_000, interval: 200 });
  });
});

describe("a stopped database", () => {
  it("answers 503, not 500, and readiness says so", async () => {
    await sql("SELECT 1");
    await proxy.refuse();
    // A booking's batch may have gone out on a pool connection the stop had just cut: then whether it arrived is unknown.
    const booking = await timed(() => postBooking(bookingRequest(), noParams));
    expect(booking.value.status).toBe(503);
    expect(booking.ms).toBeLessThan(BOUND_MS);
    expect(["SERVICE_UNAVAILABLE", "OUTCOME_UNKNOWN"]).toContain(((await booking.value.json()) as { error: { code: string } }).error.code);
    const { value, ms } = await timed(() => listEventTypes(eventTypesRequest(), noParams));
    await expectUnavailable(value, ms);
    expect((await ready()).status).toBe(503);
    await proxy.heal();
    await vi.waitFor(async () => expect((await ready()).status).toBe(200), { timeout: 5_000, interval: 200 });
  });

  it("idle pool connections it drops are logged once each and replaced, never an uncaught exception", async () => {
    const warn = vi.spyOn(log, "warn");
    await Promise.all(Array.from({ length: 4 }, () => sql("SELECT pg_sleep(0.05)")));
    proxy.cut();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining("database connection lost while idle"), expect.anything()), {
      timeout: 2_000,
    });
    expect(await db.eventType.count()).toBeGreaterThan(0);
    expect(uncaught).toEqual([]);
    warn.mockRestore();
  });
});
