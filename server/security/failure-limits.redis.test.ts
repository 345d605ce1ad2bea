/** With REDIS_URL set, every instance counts in Redis: the configured window is the keys' TTL, and the RateLimit fields read them. */
import { randomBytes } from "node:crypto";
import Redis from "ioredis";
import { afterAll, describe, expect, it, vi } from "vitest";
import { withRateLimitHeaders } from "../http/rate-limit-headers";
import { countAttempt, recordFailure, retryAfterSeconds } from "./failure-limits";
import { countedLimit } from "./rate-limits";

// Before server/env.ts and the counter store read the environment. Redis 7 runs on this machine (TOOLCHAIN.md).
vi.hoisted(() => {
  process.env.REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  process.env.RATE_LIMIT_WINDOW_SECONDS = "120";
});

const redis = new Redis(process.env.REDIS_URL!);
afterAll(() => redis.quit());

describe("failure counters in Redis", () => {
  it("count in Redis under the configured window, refuse past the quota, and report it in the RateLimit fields", async () => {
    const key = `test:redis-limits:${randomBytes(6).toString("hex")}`;
    const limit = { ...countedLimit("BOOKINGS_PER_ATTENDEE_EMAIL", key), max: 2 };
    const attempt = () =>
      withRateLimitHeaders(async () => {
        const { retryAfterSeconds: wait } = await countAttempt([limit]);
        return new Response(null, { status: wait > 0 ? 429 : 201 });
      });
    const first = await attempt();
    expect(await redis.get(key)).toBe("1");
    expect(await redis.ttl(key)).toBeGreaterThan(115);
    expect(first.headers.get("RateLimit-Policy")).toBe('"bookings-attendee";q=2;w=120');
    expect(first.headers.get("RateLimit")).toMatch(/^"bookings-attendee";r=1;t=1(19|20)$/);
    expect((await attempt()).status).toBe(201);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("RateLimit")).toMatch(/^"bookings-attendee";r=0;t=\d+$/);
    expect(await redis.get(key)).toBe("2");
  });

  it("failures recorded in Redis lock the limit for what remains of its window", async () => {
    const limit = { ...countedLimit("LOGIN_FAILURES_PER_ADDRESS", `test:redis-limits:${randomBytes(6).toString("hex")}`), max: 1 };
    expect(await retryAfterSeconds([limit])).toBe(0);
    await recordFailure([limit]);
    const wait = await retryAfterSeconds([limit]);
    expect(wait).toBeGreaterThan(115);
    expect(wait).toBeLessThanOrEqual(120);
  });
});
