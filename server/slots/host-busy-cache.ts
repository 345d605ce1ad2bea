/**
 * Hosts' booked time, kept per app instance between slot requests. A 50-host round-robin listing over 30 days
 * reads some 15 000 bookings; between two requests they rarely change, so each request asks the database only for
 * the hosts' versions (HostBusyVersion, bumped by triggers in every transaction that changes a host's bookings or
 * their event types' buffers) and re-reads only the hosts whose version moved or whose cached window is too short.
 *
 * Correctness does not rest on this cache: it serves slot listings and the check before a booking's lock, never
 * the check under the lock (that reads inside the booking's transaction). A copy is used only when the version
 * read in the same request equals the one it was loaded under, and it is loaded after that version was read, so it
 * is never older than the version says. Instances share nothing but the database, so any number may run.
 */
import type { Interval } from "./slots";

/** One host's live bookings in `window`, each widened by its event type's buffers, sorted by start. */
type Entry = { version: string; window: Interval; periods: Interval[] };

/** Hosts kept at most (least recently used go first): about 300 periods each at the listing's scale. */
const MAX_HOSTS = 5_000;
/** A reload reads this much more than asked on each side, so listings that start a little later still hit. */
export const RELOAD_MARGIN_MINUTES = 14 * 24 * 60;

const entries = new Map<number, Entry>();

/** The host's periods overlapping `window`, if a copy loaded under `version` covers it; null: read the database. */
export function cachedPeriods(userId: number, version: string, window: Interval): Interval[] | null {
  const entry = entries.get(userId);
  if (!entry || entry.version !== version || entry.window.start > window.start || entry.window.end < window.end) return null;
  entries.delete(userId);
  entries.set(userId, entry);
  return periodsWithin(entry.periods, window);
}

/**
 * The periods (sorted by start) overlapping `window`, as one array of the right size: those starting before its end
 * are a prefix, found by binary search; a period there that ends before its start (rare: the ones before it are
 * skipped) sends the rest through a filter. Growing an array period by period was most of a listing's garbage.
 */
function periodsWithin(periods: readonly Interval[], window: Interval): Interval[] {
  let low = 0;
  let high = periods.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (periods[middle]!.start < window.end) low = middle + 1;
    else high = middle;
  }
  let first = 0;
  while (first < high && periods[first]!.end <= window.start) first++;
  for (let index = first; index < high; index++) {
    if (periods[index]!.end <= window.start) return periods.slice(first, high).filter((period) => period.end > window.start);
  }
  return periods.slice(first, high);
}

export function rememberPeriods(userId: number, entry: Entry): void {
  entries.delete(userId);
  entries.set(userId, { ...entry, periods: [...entry.periods].sort((a, b) => a.start - b.start) });
  if (entries.size > MAX_HOSTS) entries.delete(entries.keys().next().value!);
}

/** For tests: start from nothing. */
export function forgetAllPeriods(): void {
  entries.clear();
}
