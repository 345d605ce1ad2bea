/**
 * Everything the slot algorithm needs, loaded from the database and the calendar providers and turned
 * into integer minutes. No slot rule lives here (those are in slots.ts); this file only decides what
 * counts as available and busy for each host:
 * - available: the host's schedule (the event type's own schedule for every host, else each host's
 *   default), expanded in its time zone, minus out-of-office periods;
 * - busy: live (ACCEPTED/PENDING) bookings of the host through BookingHost rows, each widened by its own
 *   event type's buffers, unexpired slot reservations holding the host (widened the same way; the one the
 *   caller holds excepted), plus external calendars' busy times.
 * Round trips do not grow with hosts: the event type's row carries every host's schedule (SLOT_EVENT_TYPE_SELECT,
 * one query), and holds, out-of-office periods and bookings of all hosts come in one query, or, outside a
 * transaction, in one query with the hosts' versions plus one for the hosts whose cached bookings are stale
 * (host-busy-cache.ts).
 */
import { externalBusyTimes, type ExternalBusyTime } from "../calendars/busy-times";
import "../calendars/register-busy-times";
import { db, sharedSql, type Tx } from "../db/client";
import type { Statement } from "../db/statement-batch";
import type { SchedulingType } from "../db/generated/enums";
import { loadRedirectPeriods, type TRedirectPeriod } from "../out-of-office/ooo-loader";
import { SCHEDULE_SELECT, toLoadedSchedule, type TLoadedSchedule, type TScheduleRow } from "../schedules/schedule-loader";
import type { BusyBatch } from "./busy-batch";
import { BOOKED_ROWS, BUSY_ROWS, REQUIRE_HOSTS_FREE, VERSIONED_ROWS } from "./busy-rows-sql";
import { cachedPeriods, RELOAD_MARGIN_MINUTES, rememberPeriods } from "./host-busy-cache";
import { expandSchedule, subtractIntervals, type Interval, type SlotHost, type SlotMode } from "./slots";

/** Buffers and lengths are capped at one day (event-type.schemas.ts), so bookings this far out cannot matter. */
const MAX_BUFFER_MINUTES = 1440;
/** Busy windows shorter than this (one slot's, widened by MAX_BUFFER_MINUTES each side, is about two days) skip the copy of booked time. */
const COPY_MIN_WINDOW_MINUTES = 4 * 24 * 60;
/** How long a slot request or booking waits for connected calendars before going on without them. */
export const EXTERNAL_BUSY_TIMEOUT_MS = 2_000;

export const SLOT_EVENT_TYPE_SELECT = {
  id: true,
  userId: true,
  teamId: true,
  hidden: true,
  lengthInMinutes: true,
  lengthInMinutesOptions: true,
  minimumBookingNotice: true,
  beforeEventBuffer: true,
  afterEventBuffer: true,
  slotInterval: true,
  scheduleId: true,
  schedulingType: true,
  seatsPerTimeSlot: true,
  seatsShowAvailabilityCount: true,
  schedule: { select: SCHEDULE_SELECT },
  owner: { select: { username: true, defaultSchedule: { select: SCHEDULE_SELECT } } },
  hosts: { select: { userId: true, isFixed: true, user: { select: { defaultSchedule: { select: SCHEDULE_SELECT } } } }, orderBy: { userId: "asc" } },
} as const;

export type SlotEventType = {
  id: number;
  userId: number | null;
  /** A team event type's team: round robin hands an away host's bookings only to its accepted members (ooo-redirects.ts). */
  teamId?: number | null;
  scheduleId: number | null;
  lengthInMinutes: number;
  lengthInMinutesOptions: number[];
  beforeEventBuffer: number;
  afterEventBuffer: number;
  schedulingType: SchedulingType | null;
  /** Seats (event-types/seats.ts): a slot with a seated booking stays offered while seats are left (seated-slots.ts). */
  seatsPerTimeSlot?: number | null;
  seatsShowAvailabilityCount?: boolean;
  /** The event type's own schedule: every host's availability when set. */
  schedule: TScheduleRow | null;
  owner: { username: string; defaultSchedule: TScheduleRow | null } | null;
  /** isFixed: a round-robin host on every booking (the peer's `mandatory`). */
  hosts: { userId: number; isFixed: boolean; user: { defaultSchedule: TScheduleRow | null } }[];
};

export const toMinuteFloor = (date: Date) => Math.floor(date.getTime() / 60_000);
export const toMinuteCeil = (date: Date) => Math.ceil(date.getTime() / 60_000);
const toDate = (minute: number) => new Date(minute * 60_000);

/** The event type's hosts: its EventTypeHost rows, else its owner. */
export const hostIdsOf = (eventType: SlotEventType) =>
  eventType.hosts.length > 0 ? eventType.hosts.map((host) => host.userId) : eventType.userId === null ? [] : [eventType.userId];

export function modeOf(schedulingType: SchedulingType | null): SlotMode {
  if (schedulingType === "COLLECTIVE") return "collective";
  if (schedulingType === "ROUND_ROBIN") return "roundRobin";
  return "any";
}

/**
 * Each host's schedule: the event type's own for every host, else the host's default (null: none, so never
 * available). Read from the event type's row, so no query.
 */
export function schedulesOf(eventType: SlotEventType): Map<number, TLoadedSchedule | null> {
  const own = eventType.schedule ? toLoadedSchedule(eventType.schedule) : null;
  const defaults = new Map<number, TScheduleRow | null>(eventType.hosts.map((host) => [host.userId, host.user.defaultSchedule]));
  if (eventType.hosts.length === 0 && eventType.userId !== null) defaults.set(eventType.userId, eventType.owner?.defaultSchedule ?? null);
  return new Map(hostIdsOf(eventType).map((userId) => [userId, own ?? (defaults.get(userId) ? toLoadedSchedule(defaults.get(userId)!) : null)]));
}

/** The hosts' schedules expanded around `range`, before out-of-office periods are taken out. */
export function windowsOf(eventType: SlotEventType, hostIds: number[], range: Interval): Map<number, readonly Interval[]> {
  const schedules = schedulesOf(eventType);
  return new Map(hostIds.map((userId) => [userId, schedules.get(userId) ? expandSchedule(schedules.get(userId)!, range) : []]));
}

/**
 * Connected calendars' busy times are fetched from the providers over HTTP, so never inside a booking
 * transaction (which would hold its connection and host locks for as long as a provider takes): callers
 * load them first and hand them in, a list or a promise of one started before the database work.
 */
export type ExternalBusy = readonly ExternalBusyTime[] | Promise<readonly ExternalBusyTime[]>;

/** Everything a slot of `length` minutes starting in `range` could touch: [range.start − before, range.end + length + after). */
export const busyWindowOf = (eventType: SlotEventType, range: Interval, length: number): Interval => ({
  start: range.start - eventType.beforeEventBuffer,
  end: range.end + length + eventType.afterEventBuffer,
});

/**
 * The connected-calendar busy times that matter for slots of `length` minutes starting in `range`, each provider
 * bounded by its budget: the hosts', and those of the members their out-of-office redirects to (ooo-redirects.ts),
 * whose calendars decide whether they are free to stand in. Outside any transaction (global client, then HTTP).
 */
export async function loadExternalBusy(eventType: SlotEventType, range: Interval, length: number): Promise<ExternalBusyTime[]> {
  const window = busyWindowOf(eventType, range, length);
  const span = { start: toDate(window.start), end: toDate(window.end) };
  const hostIds = hostIdsOf(eventType);
  const targets = (await redirectPeriodsOf(db, eventType, span)).map(({ toUserId }) => toUserId).filter((id) => !hostIds.includes(id));
  return externalBusyTimes([...hostIds, ...new Set(targets)], span, { timeoutMs: EXTERNAL_BUSY_TIMEOUT_MS });
}

/**
 * Round robin's redirecting away periods of the rotating hosts over `span` (a team event type's; none otherwise): those
 * naming another accepted member of the team who is not a fixed host (a fixed host is on every booking already).
 */
export async function redirectPeriodsOf(
  tx: Tx,
  eventType: SlotEventType,
  span: { start: Date; end: Date },
  awayHostIds?: number[],
): Promise<TRedirectPeriod[]> {
  if (modeOf(eventType.schedulingType) !== "roundRobin" || !eventType.teamId) return [];
  const fixed = eventType.hosts.filter((host) => host.isFixed).map((host) => host.userId);
  const rotating = eventType.hosts.filter((host) => !host.isFixed && (awayHostIds?.includes(host.userId) ?? true)).map((host) => host.userId);
  const periods = await loadRedirectPeriods(tx, rotating, span, eventType.teamId);
  return periods.filter((period) => period.toUserId !== period.userId && !fixed.includes(period.toUserId));
}

/**
 * A one-slot check before the common booking's batch (bookings/create/one-round-trip.ts) that reads no bookings, holds or
 * absences: the batch's check under the host locks finds them (REQUIRE_HOSTS_FREE), one round trip fewer. Bookings and
 * holds only take slots away; an absence can also move the slot grid, so the check notes here the window the absences
 * it did not read would have come from, and the batch refuses to write when it finds one there.
 */
export type BusyUnderLock = { awayWindow: Interval | null };

/**
 * What makes a host busy besides its schedule; `now` decides which reservations have expired; `busyUnderLock`: read
 * none of the database's busy time, leave it to the batch (BusyUnderLock).
 */
export type BusyOptions = {
  ignoreBookingUid?: string;
  ignoreReservationUid?: string;
  externalBusy: ExternalBusy;
  now: Date;
  busyUnderLock?: BusyUnderLock;
  /** Checks of one request run at once (a series' occurrences): their reads made as one (busy-batch.ts). */
  busyBatch?: BusyBatch;
};

/** One host's periods of one kind, each widened by its buffers; a "redirecting" row (no periods) says some away period names a redirect. */
type BusyRow = { kind: "booking" | "hold" | "away" | "redirecting"; userId: number; periods: readonly Interval[] };
/** As the database sends it: `spans` is "start,end,start,end,…" in whole minutes, before the buffers; a version row's is the version. */
type SpanRow = { kind: BusyRow["kind"] | "version"; userId: number; before: number; after: number; spans: string };

function forEachSpan(row: BusyRow, visit: (span: Interval) => void) {
  for (const period of row.periods) visit(period);
}

function toBusyRow({ kind, userId, before, after, spans }: SpanRow): BusyRow {
  const parts = spans ? spans.split(",") : [];
  const periods: Interval[] = [];
  for (let index = 0; index + 1 < parts.length; index += 2) periods.push({ start: Number(parts[index]) - before, end: Number(parts[index + 1]) + after });
  return { kind: kind as BusyRow["kind"], userId, periods };
}

/**
 * A shared read's rows (sharedSql) are the same objects for every request of a burst, so each is parsed once: 50
 * simultaneous round-robin bookings had each split the same 50 hosts' spans. Parsed rows are shared: never changed.
 */
const parsedRows = new WeakMap<SpanRow, BusyRow>();
function busyRowOf(row: SpanRow): BusyRow {
  let parsed = parsedRows.get(row);
  if (!parsed) parsedRows.set(row, (parsed = toBusyRow(row)));
  return parsed;
}

const iso = (minute: number) => toDate(minute).toISOString();

/**
 * The instant that decides which holds have expired, floored to SHARED_CLOCK_MS: a burst of requests for one slot
 * then sends the same read and shares it (sharedSql). A hold is counted a few milliseconds past its expiry at most,
 * the safe side; a read inside a transaction (the checks under the host locks) uses the exact instant.
 */
const SHARED_CLOCK_MS = 100;
const sharedClock = (now: Date) => new Date(Math.floor(now.getTime() / SHARED_CLOCK_MS) * SHARED_CLOCK_MS).toISOString();

/**
 * Everything in the database that takes time from the hosts: their live bookings and the unexpired holds on them
 * near `busyWindow` (each with its event type's buffers), and their out-of-office periods over `awayWindow` (the
 * schedule windows' extent: a window cut by OOO gets a new slot grid start, which must not depend on how wide the
 * requested range is). Times come back as whole minutes (start floored, end ceiled), one row per host, kind and
 * buffers with its periods as text: scalar columns and 50 rows instead of 15 000 to parse.
 *
 * Inside a transaction (a booking's check under its lock), when a booking is ignored (rescheduling) or for a short
 * window (one slot's check before a booking: a few rows, and the host's version has just moved if it was booked),
 * everything is read in one round trip on `tx`. Otherwise bookings come from this instance's copy
 * (host-busy-cache.ts): one round trip reads the holds, out-of-office periods and the hosts' versions, and a second
 * only the hosts whose copy is stale.
 */
async function loadBusyRows(tx: Tx, hostIds: number[], busyWindow: Interval, awayWindow: Interval | null, options: BusyOptions): Promise<BusyRow[]> {
  if (options.busyUnderLock) {
    const noted = options.busyUnderLock.awayWindow;
    options.busyUnderLock.awayWindow = noted && awayWindow ? (extentOf([noted, awayWindow]) as Interval) : (noted ?? awayWindow);
    return [];
  }
  if (options.busyBatch) {
    const { busyBatch, ...alone } = options;
    // Outside a transaction only: a transaction's one connection runs its statements one after another anyway.
    if (tx === db)
      return busyBatch.read(hostIds.join(","), { busy: busyWindow, away: awayWindow }, (extent) => loadBusyRows(tx, hostIds, extent.busy, extent.away, alone));
  }
  // A window the booking window left empty (its end before its start) must still make a valid range for the index.
  const near = { start: busyWindow.start - MAX_BUFFER_MINUTES, end: Math.max(busyWindow.start, busyWindow.end) + MAX_BUFFER_MINUTES };
  const away = awayWindow ? { start: iso(awayWindow.start), end: iso(awayWindow.end) } : null;
  const holdsAndAway = [
    options.ignoreReservationUid ?? null,
    tx === db ? sharedClock(options.now) : options.now.toISOString(),
    away !== null,
    away?.start ?? null,
    away?.end ?? null,
  ];
  if (tx !== db || options.ignoreBookingUid || near.end - near.start < COPY_MIN_WINDOW_MINUTES) {
    const values = [hostIds, iso(near.start), iso(near.end), options.ignoreBookingUid ?? null, ...holdsAndAway];
    // The global client is outside any transaction: the prepared statement on the pool is cheaper than Prisma's raw query.
    const rows = tx === db ? await sharedSql<SpanRow>(BUSY_ROWS, values) : await tx.$queryRawUnsafe<SpanRow[]>(BUSY_ROWS, ...values);
    return rows.map(busyRowOf);
  }
  const rows = await sharedSql<SpanRow>(VERSIONED_ROWS, [hostIds, iso(near.start), iso(near.end), ...holdsAndAway]);
  const result: BusyRow[] = [];
  const stale: { userId: number; version: string }[] = [];
  for (const row of rows) {
    if (row.kind !== "version") result.push(busyRowOf(row));
    else {
      const periods = cachedPeriods(row.userId, row.spans, near);
      if (periods) result.push({ kind: "booking", userId: row.userId, periods });
      else stale.push({ userId: row.userId, version: row.spans });
    }
  }
  if (stale.length > 0) {
    const reload = { start: near.start - RELOAD_MARGIN_MINUTES, end: near.end + RELOAD_MARGIN_MINUTES };
    const booked = (await sharedSql<SpanRow>(BOOKED_ROWS, [stale.map(({ userId }) => userId), iso(reload.start), iso(reload.end), null])).map(toBusyRow);
    for (const { userId, version } of stale) {
      const periods = booked.filter((row) => row.userId === userId).flatMap((row) => row.periods);
      rememberPeriods(userId, { version, window: reload, periods });
      result.push({ kind: "booking", userId, periods: periods.filter((period) => period.start < near.end && period.end > near.start) });
    }
  }
  return result;
}

/**
 * Which of `hostIds` are busy during `blocked` (a slot widened by its event type's buffers), counting live bookings
 * and unexpired holds with their own buffers: the one indexed query a booking runs under the host lock after the
 * whole check ran before it (schedules, out-of-office and calendars do not change under the lock).
 */
export async function hostsBusyDuring(tx: Tx, hostIds: number[], blocked: Interval, options: Omit<BusyOptions, "externalBusy">): Promise<Set<number>> {
  const [busy] = await hostsBusyDuringEach(tx, hostIds, [blocked], options);
  return busy!;
}

/**
 * hostsBusyDuring for several intervals (a series' occurrences) in the same one query: the rows over their extent,
 * then each interval's busy hosts from them.
 */
export async function hostsBusyDuringEach(
  tx: Tx,
  hostIds: number[],
  blockedList: readonly Interval[],
  options: Omit<BusyOptions, "externalBusy">,
): Promise<Set<number>[]> {
  const extent = extentOf(blockedList);
  if (!extent) return [];
  const rows = await loadBusyRows(tx, hostIds, extent, null, { ...options, externalBusy: [] });
  return blockedList.map((blocked) => {
    const busy = new Set<number>();
    for (const row of rows) {
      forEachSpan(row, (span) => {
        if (span.start < blocked.end && span.end > blocked.start) busy.add(row.userId);
      });
    }
    return busy;
  });
}

/**
 * hostsBusyDuring as one statement that refuses (SQLSTATE CV409, convene_require_free_slot) when any of `hostIds` is
 * busy during `blocked`, for a booking's batch of statements (bookings/create/one-round-trip.ts), where no code runs between
 * the lock and the insert. The same rows count, widened the same way; bookings are found through the exclusion
 * constraint's GiST index (host, time range), so the check costs the same however many bookings the hosts have.
 */
export function requireHostsFreeStatement(
  hostIds: readonly number[],
  blocked: Interval,
  options: { now: Date; ignoreReservationUid?: string; busyUnderLock?: BusyUnderLock },
): Statement {
  const near = { start: blocked.start - MAX_BUFFER_MINUTES, end: blocked.end + MAX_BUFFER_MINUTES };
  const away = options.busyUnderLock?.awayWindow ?? null;
  return {
    text: REQUIRE_HOSTS_FREE,
    values: [
      [...hostIds],
      iso(near.start),
      iso(near.end),
      blocked.start,
      blocked.end,
      options.now.toISOString(),
      options.ignoreReservationUid ?? null,
      away !== null,
      away && iso(away.start),
      away && iso(away.end),
    ],
  };
}

export { ABSENCE_NEAR_SLOT, SLOT_TAKEN_UNDER_LOCK } from "./busy-rows-sql";

/**
 * Each user's busy periods (bookings, holds, connected calendars) and out-of-office periods (over `awayWindow`), in
 * minutes; `redirecting`: users with an away period there that names a redirect (ooo-redirects.ts reads those only).
 */
export type UserPeriods = { busy: Map<number, readonly Interval[]>; away: Map<number, readonly Interval[]>; redirecting: Set<number> };

/**
 * Busy and away periods of `userIds` for slots of `length` minutes starting in `range`: the hosts', and round robin's
 * redirect targets' (ooo-redirects.ts). `options.externalBusy` must cover them (loadExternalBusy does).
 */
export async function loadUserPeriods(
  tx: Tx,
  eventType: SlotEventType,
  userIds: number[],
  range: Interval,
  length: number,
  awayWindow: Interval | null,
  options: BusyOptions,
): Promise<UserPeriods> {
  const [rows, external] = await Promise.all([loadBusyRows(tx, userIds, busyWindowOf(eventType, range, length), awayWindow, options), options.externalBusy]);
  const busy = new Map<number, readonly Interval[]>(userIds.map((userId) => [userId, []]));
  const away = new Map<number, readonly Interval[]>(userIds.map((userId) => [userId, []]));
  const redirecting = new Set<number>();
  // A row's periods may be shared with other requests (busyRowOf, cachedPeriods), so they are never added to: a host's
  // only row is taken as it is, not copied span by span (a 50-host listing's bookings are 15 000 spans), and the
  // periods of a host with several rows are joined into a new array.
  const join = (target: Map<number, readonly Interval[]>, userId: number, periods: readonly Interval[]) => {
    const before = target.get(userId);
    if (before) target.set(userId, before.length === 0 ? periods : [...before, ...periods]);
  };
  for (const row of rows) {
    if (row.kind === "redirecting") redirecting.add(row.userId);
    else join(row.kind === "away" ? away : busy, row.userId, row.periods);
  }
  const externalOf = new Map<number, Interval[]>();
  for (const { userId, start, end } of external) {
    const spans = externalOf.get(userId) ?? externalOf.set(userId, []).get(userId)!;
    spans.push({ start: toMinuteFloor(start), end: toMinuteCeil(end) });
  }
  for (const [userId, spans] of externalOf) join(busy, userId, spans);
  return { busy, away, redirecting };
}

/** The smallest interval holding all of `intervals`; null for none. */
export const extentOf = (intervals: readonly Interval[]): Interval | null => extentOfAll([intervals]);

/** The smallest interval holding every interval of every list (each host's windows, say); null for none. */
export function extentOfAll(lists: Iterable<readonly Interval[]>): Interval | null {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const intervals of lists) {
    for (const interval of intervals) {
      start = Math.min(start, interval.start);
      end = Math.max(end, interval.end);
    }
  }
  return start === Number.POSITIVE_INFINITY ? null : { start, end };
}

/**
 * Hosts with their availability and busy time for slots of `length` minutes starting in `range`, with what they were
 * made from: schedule windows and away periods per host. Bookings are read for the busy window (busyWindowOf);
 * `externalBusy` must come from loadExternalBusy over the same range and length.
 */
export type HostAvailability = {
  hosts: SlotHost[];
  windows: Map<number, readonly Interval[]>;
  away: Map<number, readonly Interval[]>;
  redirecting: Set<number>;
};

export async function loadHostAvailability(tx: Tx, eventType: SlotEventType, range: Interval, length: number, options: BusyOptions): Promise<HostAvailability> {
  const hostIds = hostIdsOf(eventType);
  if (hostIds.length === 0) return { hosts: [], windows: new Map(), away: new Map(), redirecting: new Set() };
  const windows = windowsOf(eventType, hostIds, range);
  const { busy, away, redirecting } = await loadUserPeriods(tx, eventType, hostIds, range, length, extentOfAll(windows.values()), options);
  const hosts = hostIds.map((id) => {
    const periods = away.get(id)!;
    const available = windows.get(id) ?? [];
    return { id, available: periods.length ? subtractIntervals(available, periods) : available, busy: busy.get(id)! };
  });
  return { hosts, windows, away, redirecting };
}
