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
 * one query with relationJoins), and bookings, holds and out-of-office periods of all hosts come in one query.
 */
import { externalBusyTimes, type ExternalBusyTime } from "../calendars/busy-times";
import "../calendars/register-busy-times";
import { db, sql, type Tx } from "../db/client";
import type { SchedulingType } from "../db/generated/enums";
import { loadRedirectPeriods, type TRedirectPeriod } from "../out-of-office/ooo-loader";
import { SCHEDULE_SELECT, toLoadedSchedule, type TLoadedSchedule, type TScheduleRow } from "../schedules/schedule-loader";
import { expandSchedule, subtractIntervals, type Interval, type SlotHost, type SlotMode } from "./slots";

/** Buffers and lengths are capped at one day (event-type.schemas.ts), so bookings this far out cannot matter. */
const MAX_BUFFER_MINUTES = 1440;
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
export function windowsOf(eventType: SlotEventType, hostIds: number[], range: Interval): Map<number, Interval[]> {
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

/** What makes a host busy besides its schedule; `now` decides which reservations have expired. */
export type BusyOptions = { ignoreBookingUid?: string; ignoreReservationUid?: string; externalBusy: ExternalBusy; now: Date };

/** One host's periods of one kind and buffers: `spans` is "start,end,start,end,…" in whole minutes. */
type BusyRow = { kind: "booking" | "hold" | "away"; userId: number; before: number; after: number; spans: string };

/** Each period of the row, widened by its buffers. */
function forEachSpan(row: BusyRow, visit: (span: Interval) => void) {
  const parts = row.spans.split(",");
  for (let index = 0; index + 1 < parts.length; index += 2) visit({ start: Number(parts[index]) - row.before, end: Number(parts[index + 1]) + row.after });
}

const iso = (minute: number) => toDate(minute).toISOString();

/**
 * One round trip for everything in the database that takes time from the hosts: their live bookings and the
 * unexpired holds on them near `busyWindow` (each with its event type's buffers), and their out-of-office periods
 * over `awayWindow` (the schedule windows' extent: a window cut by OOO gets a new slot grid start, which must not
 * depend on how wide the requested range is). Times come back as whole minutes (start floored, end ceiled).
 * Runs on `tx`, so a booking's check reads inside its transaction. One row per host and period (a hold's row per host it
 * holds), then one row per host, kind and buffers with its periods as text: scalar columns, float date_part rather
 * than numeric EXTRACT, and 50 rows instead of 15 000 to parse keep a 50-host, 15 000-booking read cheap.
 */
function loadBusyRows(tx: Tx, hostIds: number[], busyWindow: Interval, awayWindow: Interval | null, options: BusyOptions): Promise<BusyRow[]> {
  const near = { start: iso(busyWindow.start - MAX_BUFFER_MINUTES), end: iso(busyWindow.end + MAX_BUFFER_MINUTES) };
  const away = awayWindow ? { start: iso(awayWindow.start), end: iso(awayWindow.end) } : null;
  const values = [
    hostIds,
    near.start,
    near.end,
    options.ignoreBookingUid ?? null,
    options.ignoreReservationUid ?? null,
    options.now.toISOString(),
    away !== null,
    away?.start ?? null,
    away?.end ?? null,
  ];
  // The global client is outside any transaction: the prepared statement on the pool is cheaper than Prisma's raw query.
  return tx === db ? sql<BusyRow>(BUSY_ROWS, values) : tx.$queryRawUnsafe<BusyRow[]>(BUSY_ROWS, ...values);
}

/** Parameters: host ids, the near window (start, end), the ignored booking and hold uids, now, whether and where to read away periods. */
const BUSY_ROWS = `
  SELECT kind, "userId", before, after, string_agg(start || ',' || "end", ',') AS spans FROM (
    SELECT 'booking' AS kind, bh."userId" AS "userId",
           floor(date_part('epoch', bh.start) / 60)::int AS start, ceil(date_part('epoch', bh."end") / 60)::int AS "end",
           COALESCE(et."beforeEventBuffer", 0) AS before, COALESCE(et."afterEventBuffer", 0) AS after
      FROM "BookingHost" bh
      JOIN "Booking" b ON b.id = bh."bookingId"
      LEFT JOIN "EventType" et ON et.id = b."eventTypeId"
     WHERE bh."userId" = ANY($1::int[]) AND bh."isLive"
       AND bh.start < ($3::timestamptz AT TIME ZONE 'UTC') AND bh."end" > ($2::timestamptz AT TIME ZONE 'UTC')
       AND b.status IN ('ACCEPTED', 'PENDING') AND ($4::text IS NULL OR b.uid <> $4::text)
    UNION ALL
    SELECT 'hold', unnest(r."hostIds"),
           floor(date_part('epoch', r.start) / 60)::int, ceil(date_part('epoch', r."end") / 60)::int,
           et."beforeEventBuffer", et."afterEventBuffer"
      FROM "SlotReservation" r
      JOIN "EventType" et ON et.id = r."eventTypeId"
     WHERE r."hostIds" && $1::int[] AND r."expiresAt" > ($6::timestamptz AT TIME ZONE 'UTC')
       AND r.start < ($3::timestamptz AT TIME ZONE 'UTC') AND r."end" > ($2::timestamptz AT TIME ZONE 'UTC')
       AND ($5::text IS NULL OR r.uid <> $5::text)
    UNION ALL
    SELECT 'away', o."userId",
           floor(date_part('epoch', o.start) / 60)::int, ceil(date_part('epoch', o."end") / 60)::int, 0, 0
      FROM "OutOfOffice" o
     WHERE $7::boolean AND o."userId" = ANY($1::int[])
       AND o.start < ($9::timestamptz AT TIME ZONE 'UTC') AND o."end" > ($8::timestamptz AT TIME ZONE 'UTC')
  ) AS periods GROUP BY kind, "userId", before, after`;

/**
 * Which of `hostIds` are busy during `blocked` (a slot widened by its event type's buffers), counting live bookings
 * and unexpired holds with their own buffers: the one indexed query a booking runs under the host lock after the
 * whole check ran before it (schedules, out-of-office and calendars do not change under the lock).
 */
export async function hostsBusyDuring(tx: Tx, hostIds: number[], blocked: Interval, options: Omit<BusyOptions, "externalBusy">): Promise<Set<number>> {
  const rows = await loadBusyRows(tx, hostIds, blocked, null, { ...options, externalBusy: [] });
  const busy = new Set<number>();
  for (const row of rows) {
    forEachSpan(row, (span) => {
      if (span.start < blocked.end && span.end > blocked.start) busy.add(row.userId);
    });
  }
  return busy;
}

/** Each user's busy periods (bookings, holds, connected calendars) and out-of-office periods (over `awayWindow`), in minutes. */
export type UserPeriods = { busy: Map<number, Interval[]>; away: Map<number, Interval[]> };

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
  const busy = new Map(userIds.map((userId) => [userId, [] as Interval[]]));
  const away = new Map(userIds.map((userId) => [userId, [] as Interval[]]));
  for (const row of rows) {
    const target = row.kind === "away" ? away : busy;
    const periods = target.get(row.userId);
    if (periods) forEachSpan(row, (span) => periods.push(span));
  }
  for (const { userId, start, end } of external) busy.get(userId)?.push({ start: toMinuteFloor(start), end: toMinuteCeil(end) });
  return { busy, away };
}

/** The smallest interval holding all of `intervals`; null for none. */
export const extentOf = (intervals: readonly Interval[]): Interval | null =>
  intervals.length ? { start: Math.min(...intervals.map((w) => w.start)), end: Math.max(...intervals.map((w) => w.end)) } : null;

/** The hosts as loadSlotHosts answers them, with what they were made from: schedule windows and away periods per host. */
export type HostAvailability = { hosts: SlotHost[]; windows: Map<number, Interval[]>; away: Map<number, Interval[]> };

export async function loadHostAvailability(tx: Tx, eventType: SlotEventType, range: Interval, length: number, options: BusyOptions): Promise<HostAvailability> {
  const hostIds = hostIdsOf(eventType);
  if (hostIds.length === 0) return { hosts: [], windows: new Map(), away: new Map() };
  const windows = windowsOf(eventType, hostIds, range);
  const { busy, away } = await loadUserPeriods(tx, eventType, hostIds, range, length, extentOf([...windows.values()].flat()), options);
  const hosts = hostIds.map((id) => {
    const periods = away.get(id)!;
    const available = windows.get(id) ?? [];
    return { id, available: periods.length ? subtractIntervals(available, periods) : available, busy: busy.get(id)! };
  });
  return { hosts, windows, away };
}

/**
 * Hosts with their availability and busy time for slots of `length` minutes starting in `range`. Bookings
 * are read for the busy window (busyWindowOf); `externalBusy` must come from loadExternalBusy over the same
 * range and length.
 */
export async function loadSlotHosts(tx: Tx, eventType: SlotEventType, range: Interval, length: number, options: BusyOptions): Promise<SlotHost[]> {
  return (await loadHostAvailability(tx, eventType, range, length, options)).hosts;
}
