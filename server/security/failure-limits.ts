/**
 * Counters of failed attempts (client authentication, password log-in) and of bookings, in fixed windows of
 * RATE_LIMIT_WINDOW_SECONDS (five minutes unless configured), so a secret cannot be guessed online. They live in Redis
 * when REDIS_URL is set, shared by every app instance (keys expire there by TTL), and otherwise in this process's
 * memory, swept and capped. Each counter belongs to a named limit of server/security/rate-limit-table.ts.
 */
import Redis from "ioredis";
import { AppError } from "../errors";
import { reportAppliedLimits, windowSeconds, type CountedLimit, type CounterState } from "./rate-limits";

export type { CounterState };

/** One counter and how many it allows in a window. */
export type FailureLimit = CountedLimit;

interface FailureStore {
  count(key: string): Promise<{ failures: number; retryAfterSeconds: number }>;
  /** Adds one and answers the new count (atomically: concurrent records each see their own). */
  record(key: string): Promise<number>;
  /** Gives one back (an attempt that was counted ahead and did not happen); never below zero, never revives an expired key. */
  release(key: string): Promise<void>;
}

/** Distinct keys held in memory at most: callers choose the keys (addresses, client ids, e-mails). */
export const MAX_MEMORY_ENTRIES = 50_000;

type MemoryStoreOptions = { now?: () => number; maxEntries?: number; windowSeconds?: number };

/**
 * One process's counters. Every window has the same length and a key is re-inserted when its window
 * restarts, so the Map's insertion order is also the order of expiry: expired entries are dropped
 * from the front on each record (amortised constant work), and at the cap the entry closest to
 * expiry makes room, so a flood of new keys cannot grow memory without bound.
 */
export class MemoryStore implements FailureStore {
  private readonly entries = new Map<string, { failures: number; resetAt: number }>();
  private readonly now: () => number;
  private readonly maxEntries: number;
  private readonly windowMs: number;

  constructor({ now = Date.now, maxEntries = MAX_MEMORY_ENTRIES, windowSeconds: window = windowSeconds() }: MemoryStoreOptions = {}) {
    this.now = now;
    this.maxEntries = maxEntries;
    this.windowMs = window * 1000;
  }

  get size() {
    return this.entries.size;
  }

  async count(key: string) {
    const entry = this.entries.get(key);
    const now = this.now();
    if (!entry || entry.resetAt <= now) return { failures: 0, retryAfterSeconds: 0 };
    return { failures: entry.failures, retryAfterSeconds: Math.ceil((entry.resetAt - now) / 1000) };
  }

  async record(key: string) {
    const now = this.now();
    this.sweep(now);
    const entry = this.entries.get(key);
    if (entry && entry.resetAt > now) {
      entry.failures += 1;
      return entry.failures;
    }
    this.entries.delete(key);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(oldest);
    }
    this.entries.set(key, { failures: 1, resetAt: now + this.windowMs });
    return 1;
  }

  async release(key: string) {
    const entry = this.entries.get(key);
    if (entry && entry.resetAt > this.now() && entry.failures > 0) entry.failures -= 1;
  }

  private sweep(now: number) {
    for (const [key, { resetAt }] of this.entries) {
      if (resetAt > now) return;
      this.entries.delete(key);
    }
  }
}

// DECR on a key that has expired would recreate it without a TTL: only a live, positive counter goes down.
const RELEASE_SCRIPT = `if tonumber(redis.call("GET", KEYS[1]) or "0") > 0 then return redis.call("DECR", KEYS[1]) end return 0`;

class RedisStore implements FailureStore {
  constructor(
    private readonly redis: Redis,
    private readonly windowSeconds: number,
  ) {}

  async count(key: string) {
    const [failures, ttl] = await Promise.all([this.redis.get(key), this.redis.ttl(key)]);
    return { failures: Number(failures ?? 0), retryAfterSeconds: Math.max(ttl, 0) };
  }

  async record(key: string) {
    const results = await this.redis.multi().incr(key).expire(key, this.windowSeconds, "NX").exec();
    return Number(results?.[0]?.[1] ?? 0);
  }

  async release(key: string) {
    await this.redis.eval(RELEASE_SCRIPT, 1, key);
  }
}

// On globalThis: Next.js may load this module once per route bundle, and every bundle (the token
// endpoint, the revocation endpoint, next-auth) must count into the same store.
const holder = globalThis as unknown as { conveneFailureStore?: FailureStore };

function failureStore(): FailureStore {
  if (!holder.conveneFailureStore) {
    const url = process.env.REDIS_URL;
    holder.conveneFailureStore = url ? new RedisStore(new Redis(url, { maxRetriesPerRequest: 2 }), windowSeconds()) : new MemoryStore();
  }
  return holder.conveneFailureStore;
}

/** Where each counter stands, for the RateLimit response field. */
export async function counterStates(limits: readonly FailureLimit[]): Promise<CounterState[]> {
  const counts = await Promise.all(limits.map(({ key }) => failureStore().count(key)));
  return counts.map(({ failures, retryAfterSeconds }) => ({ count: failures, resetSeconds: retryAfterSeconds }));
}

/** Seconds to wait when any counter is exhausted, else 0. The limits apply to the request under way (its headers say so). */
export async function retryAfterSeconds(limits: FailureLimit[]): Promise<number> {
  reportAppliedLimits(limits);
  const counts = await Promise.all(limits.map(({ key }) => failureStore().count(key)));
  const blocked = counts.filter(({ failures }, index) => failures >= limits[index]!.max);
  return blocked.length ? Math.max(1, ...blocked.map(({ retryAfterSeconds }) => retryAfterSeconds)) : 0;
}

export async function recordFailure(limits: FailureLimit[]): Promise<void> {
  reportAppliedLimits(limits);
  await Promise.all(limits.map(({ key }) => failureStore().record(key)));
}

/**
 * For limits on actions rather than failures (public booking): counts one attempt against every limit
 * before the action, so simultaneous requests cannot all pass a check made before any of them counted.
 * Returns the wait when a limit was already reached (nothing is counted then), else a release that gives
 * the attempt back when the action did not happen.
 */
export async function countAttempt(limits: FailureLimit[]): Promise<{ retryAfterSeconds: number; release: () => Promise<void> }> {
  reportAppliedLimits(limits);
  const counts = await Promise.all(limits.map(({ key }) => failureStore().record(key)));
  const release = async () => void (await Promise.all(limits.map(({ key }) => failureStore().release(key))));
  const blocked = limits.filter(({ max }, index) => counts[index]! > max);
  if (blocked.length === 0) return { retryAfterSeconds: 0, release };
  await release();
  const waits = await Promise.all(blocked.map(({ key }) => failureStore().count(key)));
  return { retryAfterSeconds: Math.max(1, ...waits.map(({ retryAfterSeconds }) => retryAfterSeconds)), release: async () => {} };
}

/**
 * Counts one attempt against `limits`, or throws 429 with Retry-After and a sentence that says when to try again:
 * `Too many ${what}. Please try again in N minutes.`
 */
export async function countAttemptOrRefuse(limits: FailureLimit[], what: string): Promise<void> {
  const { retryAfterSeconds } = await countAttempt(limits);
  if (retryAfterSeconds === 0) return;
  const minutes = Math.ceil(retryAfterSeconds / 60);
  throw new AppError("TOO_MANY_REQUESTS", `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, undefined, {
    "Retry-After": String(retryAfterSeconds),
  });
}
