/**
 * Everything the slot algorithm needs, loaded from the database and the calendar providers and turned
 * into integer minutes. No slot rule lives here (those are in slots.ts); this file only decides what
 * counts as available and busy for each host:
 * - available: the host's schedule (the event type's own schedule for every host, else each host's
 *   default), expanded in its time zone, minus out-of-office periods;
 * - busy: live (ACCEPTED/PENDING) bookings of the host through BookingHost rows, each widened by its own
 *   event type's buffers, unexpired slot reservations holding the host (widened the same way; the one the
 *   caller holds excepted), plus external calendars' busy times.
 */
import { externalBusyTimes, type ExternalBusyTime } from "../calendars/busy-times";
import "../calendars/register-busy-times";
import type { Tx } from "../db/client";
import type { SchedulingType } from "../db/generated/enums";
import { loadOutOfOffice } from "../out-of-office/ooo-loader";
import { loadScheduleForEventType } from "../schedules/schedule-loader";
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
  owner: { select: { username: true } },
  hosts: { select: { userId: true }, orderBy: { userId: "asc" } },
} as const;

export type SlotEventType = {
  id: number;
  userId: number | null;
  scheduleId: number | null;
  lengthInMinutes: number;
  lengthInMinutesOptions: number[];
  beforeEventBuffer: number;
  afterEventBuffer: number;
  schedulingType: SchedulingType | null;
  hosts: { userId: number }[];
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

function groupByUser<T extends { userId: number }>(rows: readonly T[]): Map<number, T[]> {
  const byUser = new Map<number, T[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  return byUser;
}

async function availabilityOf(tx: Tx, eventType: SlotEventType, hostIds: number[], range: Interval): Promise<Map<number, Interval[]>> {
  // One after another: `tx` may be an interactive transaction (a booking), whose single connection
  // must not be given overlapping queries.
  const schedules: Awaited<ReturnType<typeof loadScheduleForEventType>>[] = [];
  for (const userId of hostIds) schedules.push(await loadScheduleForEventType(tx, { scheduleId: eventType.scheduleId, userId }));
  const windows = new Map(hostIds.map((userId, index) => [userId, schedules[index] ? expandSchedule(schedules[index], range) : []]));
  const all = [...windows.values()].flat();
  if (all.length === 0) return windows;
  // Out-of-office over the windows' whole extent: a window cut by OOO gets a new slot grid start, and that
  // must not depend on how wide the requested range is.
  const extent = { start: Math.min(...all.map((w) => w.start)), end: Math.max(...all.map((w) => w.end)) };
  const away = groupByUser(await loadOutOfOffice(tx, hostIds, { start: toDate(extent.start), end: toDate(extent.end) }));
  for (const [userId, list] of windows) {
    const periods = (away.get(userId) ?? []).map((period) => ({ start: toMinuteFloor(period.start), end: toMinuteCeil(period.end) }));
    if (periods.length > 0) windows.set(userId, subtractIntervals(list, periods));
  }
  return windows;
}

/**
 * Connected calendars' busy times are fetched from the providers over HTTP, so never inside a booking
 * transaction (which would hold its connection and host locks for as long as a provider takes): callers
 * load them first and hand them in, a list or a promise of one started before the database work.
 */
export type ExternalBusy = readonly ExternalBusyTime[] | Promise<readonly ExternalBusyTime[]>;

/** Everything a slot of `length` minutes starting in `range` could touch: [range.start − before, range.end + length + after). */
const busyWindowOf = (eventType: SlotEventType, range: Interval, length: number): Interval => ({
  start: range.start - eventType.beforeEventBuffer,
  end: range.end + length + eventType.afterEventBuffer,
});

/** The hosts' connected-calendar busy times that matter for slots of `length` minutes starting in `range`, each provider bounded by its budget. */
export function loadExternalBusy(eventType: SlotEventType, range: Interval, length: number): Promise<ExternalBusyTime[]> {
  const window = busyWindowOf(eventType, range, length);
  return externalBusyTimes(hostIdsOf(eventType), { start: toDate(window.start), end: toDate(window.end) }, { timeoutMs: EXTERNAL_BUSY_TIMEOUT_MS });
}

/** What makes a host busy besides its schedule; `now` decides which reservations have expired. */
export type BusyOptions = { ignoreBookingUid?: string; ignoreReservationUid?: string; externalBusy: ExternalBusy; now: Date };

const BUFFERS_SELECT = { select: { beforeEventBuffer: true, afterEventBuffer: true } } as const;

/** Unexpired reservations holding any of `hostIds` near `window`, but the one whose uid the caller holds. */
function reservationsOf(tx: Tx, hostIds: number[], window: Interval, options: BusyOptions) {
  return tx.slotReservation.findMany({
    where: {
      hostIds: { hasSome: hostIds },
      expiresAt: { gt: options.now },
      start: { lt: toDate(window.end + MAX_BUFFER_MINUTES) },
      end: { gt: toDate(window.start - MAX_BUFFER_MINUTES) },
      ...(options.ignoreReservationUid ? { uid: { not: options.ignoreReservationUid } } : {}),
    },
    select: { hostIds: true, start: true, end: true, eventType: BUFFERS_SELECT },
  });
}

async function busyOf(tx: Tx, hostIds: number[], window: Interval, options: BusyOptions): Promise<Map<number, Interval[]>> {
  const { ignoreBookingUid, externalBusy } = options;
  const [bookings, external] = await Promise.all([
    tx.bookingHost.findMany({
      where: {
        userId: { in: hostIds },
        isLive: true,
        start: { lt: toDate(window.end + MAX_BUFFER_MINUTES) },
        end: { gt: toDate(window.start - MAX_BUFFER_MINUTES) },
        booking: { status: { in: ["ACCEPTED", "PENDING"] }, ...(ignoreBookingUid ? { uid: { not: ignoreBookingUid } } : {}) },
      },
      select: { userId: true, start: true, end: true, booking: { select: { eventType: BUFFERS_SELECT } } },
    }),
    externalBusy,
  ]);
  const reservations = await reservationsOf(tx, hostIds, window, options); // sequential: see availabilityOf
  const busy = new Map(hostIds.map((userId) => [userId, [] as Interval[]]));
  for (const { userId, start, end, booking } of bookings) {
    const buffers = booking.eventType ?? { beforeEventBuffer: 0, afterEventBuffer: 0 };
    busy.get(userId)?.push({ start: toMinuteFloor(start) - buffers.beforeEventBuffer, end: toMinuteCeil(end) + buffers.afterEventBuffer });
  }
  for (const { hostIds: held, start, end, eventType } of reservations) {
    for (const userId of held)
      busy.get(userId)?.push({ start: toMinuteFloor(start) - eventType.beforeEventBuffer, end: toMinuteCeil(end) + eventType.afterEventBuffer });
  }
  for (const { userId, start, end } of external) busy.get(userId)?.push({ start: toMinuteFloor(start), end: toMinuteCeil(end) });
  return busy;
}

/**
 * Hosts with their availability and busy time for slots of `length` minutes starting in `range`. Bookings
 * are read for the busy window (busyWindowOf); `externalBusy` must come from loadExternalBusy over the same
 * range and length.
 */
export async function loadSlotHosts(tx: Tx, eventType: SlotEventType, range: Interval, length: number, options: BusyOptions): Promise<SlotHost[]> {
  const hostIds = hostIdsOf(eventType);
  if (hostIds.length === 0) return [];
  const available = await availabilityOf(tx, eventType, hostIds, range);
  const busy = await busyOf(tx, hostIds, busyWindowOf(eventType, range, length), options); // sequential: see availabilityOf
  return hostIds.map((id) => ({ id, available: available.get(id) ?? [], busy: busy.get(id) ?? [] }));
}
