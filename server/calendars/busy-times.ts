/**
 * The one door through which connected calendars (Google, CalDAV, … built later) feed busy times into
 * availability. A provider answers for one user and range; externalBusyTimes asks every registered
 * provider for every user at once and waits at most `timeoutMs`: a slow or failing provider contributes
 * nothing (and is logged) rather than stalling a slot request or a booking.
 */
import { assertOutsideTransaction } from "../db/transaction-scope";
import { log } from "../log";

export type BusyTimesRange = { start: Date; end: Date };
export type BusyTimesProvider = {
  name: string;
  busyTimes(userId: number, range: BusyTimesRange): Promise<{ start: Date; end: Date }[]>;
  /**
   * True when the provider knows without any I/O that the user has nothing to report (calendars: a cached selection
   * with no calendar in it): the user is then not asked. A round-robin team's check asks for every member, and most
   * have no calendar connected.
   */
  hasNothingFor?(userId: number): boolean;
};
export type ExternalBusyTime = { userId: number; start: Date; end: Date; source: string };

/** On globalThis so that every bundle of the app (route handlers, tRPC, scripts) shares one registry. */
const registry = ((globalThis as unknown as { conveneBusyTimesProviders?: Map<string, BusyTimesProvider> }).conveneBusyTimesProviders ??= new Map());

/** Registers (or replaces, by name) a provider; returns the function that unregisters it. */
export function registerBusyTimesProvider(provider: BusyTimesProvider): () => void {
  registry.set(provider.name, provider);
  return () => {
    if (registry.get(provider.name) === provider) registry.delete(provider.name);
  };
}

const TIMED_OUT = Symbol("timed out");

/** One timer for every answer of a call: resolves TIMED_OUT after `timeoutMs`; `clear` when the call is done. */
function deadlineAfter(timeoutMs: number): { reached: Promise<typeof TIMED_OUT>; clear: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const reached = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
  });
  return { reached, clear: () => clearTimeout(timer) };
}

async function askProvider(
  provider: BusyTimesProvider,
  userId: number,
  range: BusyTimesRange,
  deadline: { reached: Promise<typeof TIMED_OUT>; timeoutMs: number },
): Promise<ExternalBusyTime[]> {
  const startedAt = performance.now();
  try {
    // `Promise.resolve().then` also turns a provider that throws synchronously into a rejection.
    const answer = await Promise.race([Promise.resolve().then(() => provider.busyTimes(userId, range)), deadline.reached]);
    if (answer === TIMED_OUT) {
      log.warn("busy times provider timed out; its busy times are ignored for this request", {
        provider: provider.name,
        userId,
        timeoutMs: deadline.timeoutMs,
      });
      return [];
    }
    return answer
      .filter(({ start, end }) => start instanceof Date && end instanceof Date && end.getTime() > start.getTime())
      .map(({ start, end }) => ({ userId, start, end, source: provider.name }));
  } catch (error) {
    log.warn("busy times provider failed; its busy times are ignored for this request", {
      provider: provider.name,
      userId,
      ms: Math.round(performance.now() - startedAt),
      error,
    });
    return [];
  }
}

/** Busy times of `userIds` from every registered provider, all asked in parallel, bounded by `timeoutMs`. */
export async function externalBusyTimes(userIds: readonly number[], range: BusyTimesRange, options: { timeoutMs: number }): Promise<ExternalBusyTime[]> {
  // Providers call out over HTTP and read through the global client: never from inside a transaction
  // (a failure there would be swallowed below and the busy times silently ignored).
  assertOutsideTransaction("Connected calendars' busy times");
  const asked = [...registry.values()].flatMap((provider) =>
    [...new Set(userIds)].filter((userId) => !provider.hasNothingFor?.(userId)).map((userId) => ({ provider, userId })),
  );
  if (asked.length === 0) return [];
  const deadline = deadlineAfter(options.timeoutMs);
  try {
    const answers = await Promise.all(
      asked.map(({ provider, userId }) => askProvider(provider, userId, range, { reached: deadline.reached, timeoutMs: options.timeoutMs })),
    );
    return answers.flat();
  } finally {
    deadline.clear();
  }
}
