/**
 * Counters of failed attempts (client authentication, password log-in) in fixed five-minute windows, so a
 * secret cannot be guessed online. They live in Redis when REDIS_URL is set, shared by every app
 * instance, and otherwise in this process's memory.
 */
import Redis from "ioredis";

export const WINDOW_SECONDS = 300;

/** One counter and how many failures it allows in a window. */
export type FailureLimit = { key: string; max: number };

interface FailureStore {
  count(key: string): Promise<{ failures: number; retryAfterSeconds: number }>;
  record(key: string): Promise<void>;
}

class MemoryStore implements FailureStore {
  private readonly entries = new Map<string, { failures: number; resetAt: number }>();

  async count(key: string) {
    const entry = this.entries.get(key);
    if (!entry || entry.resetAt <= Date.now()) return { failures: 0, retryAfterSeconds: 0 };
    return { failures: entry.failures, retryAfterSeconds: Math.ceil((entry.resetAt - Date.now()) / 1000) };
  }

  async record(key: string) {
    const entry = this.entries.get(key);
    if (!entry || entry.resetAt <= Date.now()) this.entries.set(key, { failures: 1, resetAt: Date.now() + WINDOW_SECONDS * 1000 });
    else entry.failures += 1;
  }
}

class RedisStore implements FailureStore {
  constructor(private readonly redis: Redis) {}

  async count(key: string) {
    const [failures, ttl] = await Promise.all([this.redis.get(key), this.redis.ttl(key)]);
    return { failures: Number(failures ?? 0), retryAfterSeconds: Math.max(ttl, 0) };
  }

  async record(key: string) {
    await this.redis.multi().incr(key).expire(key, WINDOW_SECONDS, "NX").exec();
  }
}

// On globalThis: Next.js may load this module once per route bundle, and every bundle (the token
// endpoint, the revocation endpoint, next-auth) must count into the same store.
const holder = globalThis as unknown as { conveneFailureStore?: FailureStore };

function failureStore(): FailureStore {
  if (!holder.conveneFailureStore) {
    const url = process.env.REDIS_URL;
    holder.conveneFailureStore = url ? new RedisStore(new Redis(url, { maxRetriesPerRequest: 2 })) : new MemoryStore();
  }
  return holder.conveneFailureStore;
}

/** Seconds to wait when any counter is exhausted, else 0. */
export async function retryAfterSeconds(limits: FailureLimit[]): Promise<number> {
  const counts = await Promise.all(limits.map(({ key }) => failureStore().count(key)));
  const blocked = counts.filter(({ failures }, index) => failures >= limits[index]!.max);
  return blocked.length ? Math.max(1, ...blocked.map(({ retryAfterSeconds }) => retryAfterSeconds)) : 0;
}

export async function recordFailure(limits: FailureLimit[]): Promise<void> {
  await Promise.all(limits.map(({ key }) => failureStore().record(key)));
}
