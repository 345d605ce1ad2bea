/**
 * What slot requests need from a user's connected calendars, cached per user for CACHE_TTL_MS and
 * dropped in every app instance (LISTEN/NOTIFY) whenever the user's calendars change: connect,
 * disconnect, (de)select, a credential's secret or validity changing. A slot listing and the booking
 * check that follows it share one fetch through it.
 */
import { listeningCache } from "../db/listening-cache";
import type { CredentialRow } from "./credential-store";

export const CACHE_TTL_MS = 45_000;

/** Busy times fetched for one calendar over [from, to). */
export type Coverage = { from: number; to: number; busy: { start: number; end: number }[]; validUntil: number };
export type SelectedCalendarRow = { externalId: string; credential: CredentialRow };
export type UserCalendars = {
  selection: { rows: SelectedCalendarRow[]; validUntil: number } | null;
  /** `${credentialId}|${externalId}` → coverage. */
  busy: ReadonlyMap<string, Coverage>;
};

const cache = listeningCache<UserCalendars>("calendar_user", { ttlMs: CACHE_TTL_MS, maxEntries: 10_000 });
const EMPTY: UserCalendars = { selection: null, busy: new Map() };

export const readUserCalendars = (userId: number): UserCalendars => cache.get(String(userId)) ?? EMPTY;
export const cacheGeneration = (userId: number) => cache.generation(String(userId));

/** Stores a change to the user's entry, unless anything was invalidated since `generation`. */
export function updateUserCalendars(userId: number, generation: number, update: (entry: UserCalendars) => UserCalendars): void {
  cache.set(String(userId), update(readUserCalendars(userId)), generation);
}

/** Call after a change to the user's calendars has committed; the next slot request sees it. */
export async function invalidateUserCalendars(userId: number): Promise<void> {
  await cache.invalidate(String(userId));
}
