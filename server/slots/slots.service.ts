/**
 * Slot use cases: the public listing (GET /v2/slots/available) and the single-slot check the booking
 * work runs before it writes. Both load through slot-inputs.ts and decide through computeSlots, with the
 * same grid, so a listed slot is exactly a slot that isSlotAvailable accepts.
 */
import { db, type Tx } from "../db/client";
import { AppError } from "../errors";
import { assertVisible } from "../event-types/private-link.service";
import { toAvailableSlotsOutput, type TAvailableSlotsOutput } from "./slots.dto";
import type { TAvailableSlotsQuery } from "./slots.schemas";
import { computeSlots, type Interval, type Slot } from "./slots";
import { loadScheduleForEventType } from "../schedules/schedule-loader";
import type { ExternalBusyTime } from "../calendars/busy-times";
import { hostIdsOf, loadExternalBusy, loadSlotHosts, modeOf, SLOT_EVENT_TYPE_SELECT, toMinuteCeil, type ExternalBusy, type SlotEventType } from "./slot-inputs";

type Options = { now?: Date };
type EventTypeRow = SlotEventType & {
  hidden: boolean;
  minimumBookingNotice: number;
  slotInterval: number | null;
  periodDays: number | null;
  owner: { username: string } | null;
};

const eventTypeNotFound = () => new AppError("NOT_FOUND", "Event type not found");

async function findSlotEventType(tx: Tx, eventTypeId: number): Promise<EventTypeRow | null> {
  return tx.eventType.findUnique({ where: { id: eventTypeId }, select: SLOT_EVENT_TYPE_SELECT });
}

/** The zone whose calendar days the booking window counts: the event type's schedule, else its first host's default. */
async function windowTimeZone(tx: Tx, eventType: EventTypeRow): Promise<string | undefined> {
  if (eventType.periodDays === null) return undefined;
  const schedule = await loadScheduleForEventType(tx, { scheduleId: eventType.scheduleId, userId: hostIdsOf(eventType)[0] ?? null });
  return schedule?.timeZone;
}

async function slotsOf(
  tx: Tx,
  eventType: EventTypeRow,
  range: Interval,
  now: Date,
  busy: { externalBusy: ExternalBusy; ignoreBookingUid?: string },
): Promise<Slot[]> {
  const hosts = await loadSlotHosts(tx, eventType, range, busy);
  const periodTimeZone = await windowTimeZone(tx, eventType); // sequential: `tx` may be a transaction's one connection
  return computeSlots({
    mode: modeOf(eventType.schedulingType),
    hosts,
    lengthInMinutes: eventType.lengthInMinutes,
    slotInterval: eventType.slotInterval,
    beforeEventBuffer: eventType.beforeEventBuffer,
    afterEventBuffer: eventType.afterEventBuffer,
    minimumBookingNotice: eventType.minimumBookingNotice,
    periodDays: eventType.periodDays,
    periodTimeZone,
    range,
    // Rounded up: a slot that started seconds ago is in the past.
    now: toMinuteCeil(now),
  });
}

/**
 * Bookable starts in [startTime, endTime), grouped by day in `timeZone`. Hidden event types (unless asked
 * for with a live private link of theirs, the same check a booking makes), and an event type asked for
 * under another user's name, are a 404 like a missing one (no existence leak).
 */
export async function getAvailableSlots(query: TAvailableSlotsQuery, options: Options = {}): Promise<TAvailableSlotsOutput> {
  const eventType = await findSlotEventType(db, query.eventTypeId);
  if (!eventType) throw eventTypeNotFound();
  await assertVisible(db, eventType, query.privateLink);
  if (query.username !== undefined && eventType.owner?.username !== query.username) throw eventTypeNotFound();
  // A slot start s (whole minutes) is in range when startTime ≤ s < endTime.
  const range = { start: toMinuteCeil(query.startTime), end: toMinuteCeil(query.endTime) };
  // Started first so the providers' round trips overlap the database reads, as the booking check's do.
  const externalBusy = loadExternalBusy(eventType, range);
  externalBusy.catch(() => {}); // awaited in slotsOf; if the database fails first, this must not become an unhandled rejection
  const slots = await slotsOf(db, eventType, range, options.now ?? new Date(), { externalBusy });
  return toAvailableSlotsOutput(slots, query.timeZone);
}

export type TSlotCheck = { available: boolean; freeHostIds: number[]; end: Date };

/** The slot whose start is the whole minute `start`, or null when `start` is not one. */
const minuteRangeOf = (start: Date): Interval | null => {
  const startMs = start.getTime();
  if (!Number.isFinite(startMs) || startMs % 60_000 !== 0) return null;
  return { start: startMs / 60_000, end: startMs / 60_000 + 1 };
};

/**
 * The connected-calendar busy times isSlotAvailable needs for this slot. Call it before the booking
 * transaction: it asks the providers over HTTP (bounded by their budget) and reads through the global
 * client. An unknown event type or an off-grid start needs none (the check refuses them anyway).
 */
export async function loadSlotExternalBusy(input: { eventTypeId: number; start: Date }): Promise<ExternalBusyTime[]> {
  const range = minuteRangeOf(input.start);
  const eventType = range && (await findSlotEventType(db, input.eventTypeId));
  return eventType && range ? loadExternalBusy(eventType, range) : [];
}

/**
 * Whether `start` is a bookable slot of the event type right now, and which hosts are free for it (all
 * hosts for a collective event). `ignoreBookingUid`: the booking being rescheduled does not block its own
 * new time. Hidden event types are checked too; who may book them is the booking work's decision.
 * Runs in the caller's transaction (after it has locked the hosts), on `tx` only; connected calendars'
 * busy times come in as `externalBusy`, loaded by loadSlotExternalBusy before the transaction.
 */
export async function isSlotAvailable(
  tx: Tx,
  input: { eventTypeId: number; start: Date; ignoreBookingUid?: string; externalBusy: ExternalBusy },
  options: Options = {},
): Promise<TSlotCheck> {
  const eventType = await findSlotEventType(tx, input.eventTypeId);
  if (!eventType) throw eventTypeNotFound();
  const end = new Date(input.start.getTime() + eventType.lengthInMinutes * 60_000);
  const range = minuteRangeOf(input.start);
  if (!range) return { available: false, freeHostIds: [], end };
  const [slot] = await slotsOf(tx, eventType, range, options.now ?? new Date(), input);
  return slot ? { available: true, freeHostIds: slot.hostIds, end } : { available: false, freeHostIds: [], end };
}
