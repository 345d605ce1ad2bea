/**
 * Every rate limit is configurable by environment, with today's values as defaults, and validated at start; answers
 * name the limits they were counted against in the IETF RateLimit-Policy and RateLimit fields.
 */
import { describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import { rateLimitFields, withRateLimitHeaders } from "../http/rate-limit-headers";
import { countAttempt, retryAfterSeconds } from "./failure-limits";
import { RATE_LIMITS, rateLimitVariable, type RateLimitName } from "./rate-limit-table";
import { countedLimit } from "./rate-limits";

const TODAY: Record<RateLimitName, number> = {
  BOOKINGS_PER_CALLER_AND_EVENT_TYPE: 100,
  BOOKINGS_PER_CALLER: 300,
  BOOKINGS_PER_ATTENDEE_EMAIL: 10,
  LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: 10,
  LOGIN_FAILURES_PER_ACCOUNT: 100,
  LOGIN_FAILURES_PER_ADDRESS: 50,
  CLIENT_AUTH_FAILURES_PER_CLIENT_AND_ADDRESS: 10,
  CLIENT_AUTH_FAILURES_PER_ADDRESS: 30,
  PASSWORD_RESET_REQUESTS_PER_EMAIL: 5,
  PASSWORD_RESET_REQUESTS_PER_ADDRESS: 20,
  CLIENT_REGISTRATIONS_PER_ADDRESS: 20,
  ROUTING_FORM_SUBMISSIONS_PER_ADDRESS: 30,
};

describe("rate limits from the environment", () => {
  it("default to today's quotas in five-minute windows", () => {
    const env = parseEnv({});
    expect(env.RATE_LIMIT_WINDOW_SECONDS).toBe(300);
    for (const name of Object.keys(RATE_LIMITS) as RateLimitName[]) expect(env[rateLimitVariable(name)], name).toBe(TODAY[name]);
  });

  it("read each variable, an empty one counting as unset", () => {
    const env = parseEnv({ RATE_LIMIT_BOOKINGS_PER_CALLER: "5000", RATE_LIMIT_CLIENT_AUTH_FAILURES_PER_ADDRESS: "", RATE_LIMIT_WINDOW_SECONDS: "60" });
    expect(env.RATE_LIMIT_BOOKINGS_PER_CALLER).toBe(5000);
    expect(env.RATE_LIMIT_CLIENT_AUTH_FAILURES_PER_ADDRESS).toBe(30);
    expect(env.RATE_LIMIT_WINDOW_SECONDS).toBe(60);
  });

  it.each([
    ["RATE_LIMIT_BOOKINGS_PER_CALLER", "ten", /RATE_LIMIT_BOOKINGS_PER_CALLER: must be a whole number/],
    ["RATE_LIMIT_BOOKINGS_PER_ATTENDEE_EMAIL", "0", /RATE_LIMIT_BOOKINGS_PER_ATTENDEE_EMAIL: must be at least 1/],
    ["RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS", "-5", /RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: must be a whole number/],
    ["RATE_LIMIT_CLIENT_AUTH_FAILURES_PER_ADDRESS", "1e3", /RATE_LIMIT_CLIENT_AUTH_FAILURES_PER_ADDRESS: must be a whole number/],
    ["RATE_LIMIT_WINDOW_SECONDS", "2.5", /RATE_LIMIT_WINDOW_SECONDS: must be a whole number/],
  ])("refuse %s=%j with an error naming the variable, not a silent fallback", (variable, value, message) => {
    expect(() => parseEnv({ [variable]: value })).toThrow(message);
  });
});

describe("RateLimit-Policy and RateLimit fields", () => {
  it("list each limit as a structured-field string with its quota, window, what remains and when it resets", () => {
    const limits = [countedLimit("BOOKINGS_PER_CALLER", "a"), countedLimit("BOOKINGS_PER_ATTENDEE_EMAIL", "b")];
    expect(
      rateLimitFields(
        limits,
        [
          { count: 3, resetSeconds: 212 },
          { count: 0, resetSeconds: 0 },
        ],
        300,
      ),
    ).toEqual({
      policy: '"bookings-caller";q=300;w=300, "bookings-attendee";q=10;w=300',
      state: '"bookings-caller";r=297;t=212, "bookings-attendee";r=10;t=300',
    });
  });

  it("are set on the answer from the counters a request was counted against, once it is done", async () => {
    const key = `test:${Math.random()}`;
    const limit = { ...countedLimit("BOOKINGS_PER_ATTENDEE_EMAIL", key), max: 2 };
    const serve = async () => {
      const { retryAfterSeconds: wait } = await countAttempt([limit]);
      return new Response(null, { status: wait > 0 ? 429 : 201 });
    };
    const first = await withRateLimitHeaders(serve);
    expect(first.headers.get("RateLimit-Policy")).toBe('"bookings-attendee";q=2;w=300');
    expect(first.headers.get("RateLimit")).toMatch(/^"bookings-attendee";r=1;t=(300|299)$/);
    await withRateLimitHeaders(serve);
    const refused = await withRateLimitHeaders(serve);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("RateLimit")).toMatch(/^"bookings-attendee";r=0;t=\d+$/);
  });

  it("are left out when no limit applied", async () => {
    const response = await withRateLimitHeaders(async () => new Response(null));
    expect(response.headers.has("RateLimit-Policy")).toBe(false);
    expect(response.headers.has("RateLimit")).toBe(false);
    // Outside a request's scope a limiter still works, and reports to nobody.
    expect(await retryAfterSeconds([countedLimit("LOGIN_FAILURES_PER_ADDRESS", `test:${Math.random()}`)])).toBe(0);
  });
});
