/**
 * Busy times of a user's selected calendars, for slot availability (through busy-times.ts) and for
 * GET /v2/calendars/busy-times.
 * - The selection and each calendar's busy times are cached per user (calendar-cache.ts); a calendar is
 *   fetched for whole UTC days around the asked range, so a slot listing and the booking check that
 *   follows it cost one fetch. Any change to the user's calendars clears the entry everywhere.
 * - A slot request waits at most ANSWER_BUDGET_MS per calendar. A slower fetch goes on in the background
 *   and fills the cache, so a slow feed costs one request its busy times instead of stalling it.
 * - Concurrent requests for the same calendar and window share one fetch.
 * - Events Convene wrote itself (its bookings' copies, by their BookingReference ids) are left out:
 *   a booking blocks its time through the database while it is live, and its copy must neither block
 *   its own reschedule nor outlive its cancellation. booking-sync.ts clears the cache after each write.
 */
import { log } from "../log";
import { CalendarError, type Interval } from "./calendar-adapter";
import { CACHE_TTL_MS, cacheGeneration, readUserCalendars, updateUserCalendars, type Coverage, type SelectedCalendarRow } from "./calendar-cache";
import { connect, markCredentialValidity, type CredentialRow } from "./credential-store";
import { loadOwnEventIds, loadSelectedCalendars } from "./selection-lookup";

export const ANSWER_BUDGET_MS = 1_500;
const DAY_MS = 86_400_000;

const inFlight = ((globalThis as unknown as { conveneCalendarFetches?: Map<string, Promise<Interval[]>> }).conveneCalendarFetches ??= new Map());

const overlapping = (busy: { start: number; end: number }[], range: Interval): Interval[] =>
  busy
    .filter((block) => block.end > range.start.getTime() && block.start < range.end.getTime())
    .map((block) => ({ start: new Date(block.start), end: new Date(block.end) }));

/** Busy times of one calendar of a credential row over `range`, from the cache or the provider. Throws CalendarError. */
export async function calendarBusy(row: CredentialRow, externalId: string, range: Interval): Promise<Interval[]> {
  const calendarKey = `${row.id}|${externalId}`;
  const cached = readUserCalendars(row.userId).busy.get(calendarKey);
  if (cached && cached.validUntil > Date.now() && cached.from <= range.start.getTime() && cached.to >= range.end.getTime())
    return overlapping(cached.busy, range);

  const from = Math.floor(range.start.getTime() / DAY_MS) * DAY_MS;
  const to = Math.max(Math.ceil(range.end.getTime() / DAY_MS) * DAY_MS, from + DAY_MS);
  const flightKey = `${calendarKey}|${from}|${to}`;
  let flight: Promise<Interval[]> | undefined = inFlight.get(flightKey);
  if (!flight) {
    const generation = cacheGeneration(row.userId);
    const { credential, adapter } = connect(row);
    flight = Promise.all([
      adapter.busyTimes(credential, externalId, { start: new Date(from), end: new Date(to) }),
      adapter.createEvent ? loadOwnEventIds(row.id) : new Set<string>(),
    ])
      .then(([blocks, ownEventIds]) => {
        const busy = blocks.filter((block) => block.eventId === undefined || !ownEventIds.has(block.eventId));
        const coverage: Coverage = {
          from,
          to,
          busy: busy.map((block) => ({ start: block.start.getTime(), end: block.end.getTime() })),
          validUntil: Date.now() + CACHE_TTL_MS,
        };
        updateUserCalendars(row.userId, generation, (entry) => ({ ...entry, busy: new Map(entry.busy).set(calendarKey, coverage) }));
        return busy;
      })
      .finally(() => inFlight.delete(flightKey));
    inFlight.set(flightKey, flight);
  }
  return overlapping(
    (await flight).map((block) => ({ start: block.start.getTime(), end: block.end.getTime() })),
    range,
  );
}

/** The user's selected calendars of valid credentials, from the cache when it has them. */
async function selectedCalendars(userId: number): Promise<SelectedCalendarRow[]> {
  const cached = readUserCalendars(userId).selection;
  if (cached && cached.validUntil > Date.now()) return cached.rows;
  const generation = cacheGeneration(userId);
  const rows = await loadSelectedCalendars(userId);
  updateUserCalendars(userId, generation, (entry) => ({ ...entry, selection: { rows, validUntil: Date.now() + CACHE_TTL_MS } }));
  return rows;
}

async function settleWithin<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the user's cached selection holds no calendar: nothing to ask, known without I/O (busy-times.ts hasNothingFor). */
export function hasNoSelectedCalendars(userId: number): boolean {
  const cached = readUserCalendars(userId).selection;
  return cached !== null && cached.validUntil > Date.now() && cached.rows.length === 0;
}

/** Logs a failed calendar fetch; a refused credential is marked invalid so it stops being asked. */
export async function noteCalendarFailure(row: CredentialRow, externalId: string, error: unknown): Promise<void> {
  log.warn("calendar busy times unavailable", { credentialId: row.id, type: row.type, externalId, error });
  if (error instanceof CalendarError && error.kind === "auth") await markCredentialValidity(row, false, error.message);
}

/** Busy times of every selected calendar of `userId` (valid credentials only), each bounded by ANSWER_BUDGET_MS. */
export async function selectedCalendarsBusy(userId: number, range: Interval): Promise<Interval[]> {
  const selected = await selectedCalendars(userId);
  const answers = await Promise.all(
    selected.map(({ externalId, credential }) => {
      const fetching = calendarBusy(credential, externalId, range).catch(async (error: unknown) => {
        await noteCalendarFailure(credential, externalId, error);
        return [];
      });
      return settleWithin(fetching, ANSWER_BUDGET_MS).then((busy) => {
        if (busy === null)
          log.warn("calendar busy times late; answering without them", { credentialId: credential.id, externalId, budgetMs: ANSWER_BUDGET_MS });
        return busy ?? [];
      });
    }),
  );
  return answers.flat();
}
