/**
 * The configured rate limits (server/security/rate-limit-table.ts, read from the environment), and which of them a
 * request met: a limiter reports the counters it applied (`reportAppliedLimits`) to the scope the transport wrapper
 * opened for the request (`collectAppliedLimits`), which renders them as headers (server/http/rate-limit-headers.ts).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { env } from "../env";
import { rateLimitVariable, type RateLimitName } from "./rate-limit-table";

export const quotaOf = (name: RateLimitName): number => env()[rateLimitVariable(name)];

export const windowSeconds = (): number => env().RATE_LIMIT_WINDOW_SECONDS;

/** One counter of a limit: the limit's name, the key it counts under (a caller, an address, …) and its quota. */
export type CountedLimit = { name: RateLimitName; key: string; max: number };

export const countedLimit = (name: RateLimitName, key: string): CountedLimit => ({ name, key, max: quotaOf(name) });

/** Where a counter stands: how many it holds and in how many seconds its window ends (0 when nothing is counted). */
export type CounterState = { count: number; resetSeconds: number };

const applied = new AsyncLocalStorage<Map<string, CountedLimit>>();

/** Runs `serve` collecting the limits it is counted against; answers its result and those limits (each key once). */
export async function collectAppliedLimits<T>(serve: () => Promise<T>): Promise<{ result: T; limits: CountedLimit[] }> {
  const limits = new Map<string, CountedLimit>();
  const result = await applied.run(limits, serve);
  return { result, limits: [...limits.values()] };
}

/** Notes the limits a request was counted against, for its answer's headers. Outside a scope (tRPC, CLI), nothing. */
export function reportAppliedLimits(limits: readonly CountedLimit[]): void {
  const store = applied.getStore();
  for (const limit of limits) store?.set(limit.key, limit);
}
