/**
 * Failed client authentication is limited per client and per address, so a client secret cannot be
 * guessed online. The counters live in Redis when REDIS_URL is set (shared by every app instance),
 * otherwise in this process's memory.
 */
import Redis from "ioredis";

/** Per client: a secret cannot be guessed. Per address: higher, since one address may serve many apps. */
export const MAX_FAILURES_PER_CLIENT = 10;
export const MAX_FAILURES_PER_ADDRESS = 30;
export const WINDOW_SECONDS = 300;

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

// On globalThis: Next.js may load this module once per route bundle; the token and revocation
// endpoints must count into the same store.
const holder = globalThis as unknown as { conveneAuthFailures?: FailureStore };

function failureStore(): FailureStore {
  if (!holder.conveneAuthFailures) {
    const url = process.env.REDIS_URL;
    holder.conveneAuthFailures = url ? new RedisStore(new Redis(url, { maxRetriesPerRequest: 2 })) : new MemoryStore();
  }
  return holder.conveneAuthFailures;
}

const limitsFor = (clientId: string, address: string) => [
  { key: `oauth:authfail:client:${clientId}`, max: MAX_FAILURES_PER_CLIENT },
  { key: `oauth:authfail:addr:${address}`, max: MAX_FAILURES_PER_ADDRESS },
];

/** Seconds to wait when either counter is exhausted, else 0. */
export async function clientAuthRetryAfter(clientId: string, address: string): Promise<number> {
  const limits = limitsFor(clientId, address);
  const counts = await Promise.all(limits.map(({ key }) => failureStore().count(key)));
  const blocked = counts.filter(({ failures }, index) => failures >= limits[index]!.max);
  return blocked.length ? Math.max(1, ...blocked.map(({ retryAfterSeconds }) => retryAfterSeconds)) : 0;
}

export async function recordClientAuthFailure(clientId: string, address: string): Promise<void> {
  await Promise.all(limitsFor(clientId, address).map(({ key }) => failureStore().record(key)));
}
