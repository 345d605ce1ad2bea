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
import type { ExternalBusyTime } from "../calendars/busy-times";
import { applyEventTypeRules, isOutsideFixedWindow, rulesTimeZone, searchRange, SLOT_RULES_SELECT, type SlotRulesEventType } from "./event-type-rules";
import { hostIdsOf, loadExternalBusy, loadSlotHosts, modeOf, SLOT_EVENT_TYPE_SELECT, toMinuteCeil, type ExternalBusy, type SlotEventType } from "./slot-inputs";

type Options = { now?: Date };
type EventTypeRow = SlotEventType &
  SlotRulesEventType & {
    hidden: boolean;
    minimumBookingNotice: number;
    slotInterval: number | null;
    owner: { username: string } | null;
  };

const eventTypeNotFound = () => new AppError("NOT_FOUND", "Event type not found");

async function findSlotEventType(tx: Tx, eventTypeId: number): Promise<EventTypeRow | null> {
  return tx.eventType.findUnique({ where: { id: eventTypeId }, select: { ...SLOT_EVENT_TYPE_SELECT, ...SLOT_RULES_SELECT } });
}

/** The rules' time zone and the range computeSlots must cover for starts in `range` (see event-type-rules.ts). */
async function searchOf(tx: Tx, eventType: EventTypeRow, range: Interval, now: Date) {
  const timeZone = await rulesTimeZone(tx, eventType, hostIdsOf(eventType)[0] ?? null);
  return { timeZone, search: searchRange(eventType, timeZone, range, toMinuteCeil(now)) };
}

/** The slots of `range`, and for a single-slot check the rule (if any) that refused the slot at range.start. */
async function slotsOf(
  tx: Tx,
  eventType: EventTypeRow,
  range: Interval,
  now: Date,
  busy: { externalBusy: ExternalBusy; ignoreBookingUid?: string },
  searched?: Awaited<ReturnType<typeof searchOf>>,
): Promise<{ slots: Slot[]; refusal?: string }> {
  // Sequential: `tx` may be a transaction's one connection.
  const { timeZone, search } = searched ?? (await searchOf(tx, eventType, range, now));
  const hosts = await loadSlotHosts(tx, eventType, search, busy);
  const mode = modeOf(eventType.schedulingType);
  const nowMinute = toMinuteCeil(now); // rounded up: a slot that started seconds ago is in the past
  const computed = computeSlots({
    mode,
    hosts,
    lengthInMinutes: eventType.lengthInMinutes,
    slotInterval: eventType.slotInterval,
    beforeEventBuffer: eventType.beforeEventBuffer,
    afterEventBuffer: eventType.afterEventBuffer,
    minimumBookingNotice: eventType.minimumBookingNotice,
    range: search,
    now: nowMinute,
  });
  const context = { range, search, now: nowMinute, timeZone, mode, hostIds: hostIdsOf(eventType), ignoreBookingUid: busy.ignoreBookingUid };
  const { slots, refusedBy } = await applyEventTypeRules(tx, eventType, computed, context);
  if (refusedBy) return { slots, refusal: REFUSALS[refusedBy] };
  if (slots.length === 0 && isOutsideFixedWindow(eventType, timeZone, range.start, nowMinute)) return { slots, refusal: REFUSALS.window };
  return { slots };
}

const REFUSALS = {
  window: "This time is outside the event type's booking window",
  limit: "The event type's booking limit for this day, week, month or year is reached",
  firstSlot: "This event type offers only the first free slot of each day",
};

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
  const now = options.now ?? new Date();
  // Started before the slot work so the providers' round trips overlap the database reads, as the booking check's do.
  const searched = await searchOf(db, eventType, range, now);
  const externalBusy = loadExternalBusy(eventType, searched.search);
  externalBusy.catch(() => {}); // awaited in slotsOf; if the database fails first, this must not become an unhandled rejection
  const { slots } = await slotsOf(db, eventType, range, now, { externalBusy }, searched);
  return toAvailableSlotsOutput(slots, query.timeZone);
}

/** `refusal`: why an otherwise free slot is not bookable (booking window, limits, first slot only), for the booker. */
export type TSlotCheck = { available: boolean; freeHostIds: number[]; end: Date; refusal?: string };

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
  return eventType && range ? loadExternalBusy(eventType, (await searchOf(db, eventType, range, new Date())).search) : [];
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
  const { slots, refusal } = await slotsOf(tx, eventType, range, options.now ?? new Date(), input);
  const [slot] = slots;
  return slot ? { available: true, freeHostIds: slot.hostIds, end } : { available: false, freeHostIds: [], end, ...(refusal ? { refusal } : {}) };
}
