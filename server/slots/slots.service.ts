/**
 * The single-slot check the booking and reservation work runs before and under its lock, and the slots of a range that
 * the public listings build on (slot-listings.ts). All load through slot-inputs.ts and decide through computeSlots and
 * the event type's rules (event-type-rules.ts), with the same grid, so a listed slot is exactly a slot that
 * isSlotAvailable accepts.
 */
import { db, type Tx } from "../db/client";
import { AppError } from "../errors";
import { computeSlots, type Interval, type Slot, type SlotMode } from "./slots";
import type { ExternalBusyTime } from "../calendars/busy-times";
import { applyEventTypeRules, isOutsideFixedWindow, rulesReadOtherBookings, rulesTimeZone, searchRange, type SlotRulesEventType } from "./event-type-rules";
import {
  hostIdsOf,
  hostsBusyDuring,
  hostsBusyDuringEach,
  loadExternalBusy,
  modeOf,
  schedulesOf,
  toMinuteCeil,
  type BusyOptions,
  type BusyUnderLock,
  type SlotEventType,
} from "./slot-inputs";
import { allowedLengths, slotLengthOf } from "./slot-length";
import type { BusyBatch } from "./busy-batch";
import { loadSlotHostsWithStandIns, resolveStandIns } from "./ooo-redirects";
import { SLOT_ROW_SELECT } from "./slot-event-type";

/**
 * `busyUnderLock`: a check before the common booking's batch, which reads no busy time of the database (slot-inputs.ts).
 * `busyBatch`: checks run at once for one request (a series' occurrences), whose busy time is read once (busy-batch.ts).
 */
export type Options = { now?: Date; busyUnderLock?: BusyUnderLock; busyBatch?: BusyBatch };
export type SlotEventTypeRow = SlotEventType &
  SlotRulesEventType & {
    teamId: number | null;
    hidden: boolean;
    minimumBookingNotice: number;
    slotInterval: number | null;
    owner: { username: string } | null;
  };

const eventTypeNotFound = () => new AppError("NOT_FOUND", "Event type not found");

export async function findSlotEventType(tx: Tx, eventTypeId: number): Promise<SlotEventTypeRow | null> {
  return tx.eventType.findUnique({ where: { id: eventTypeId }, select: SLOT_ROW_SELECT });
}

/**
 * The rules' time zone (the schedule of the event type, else of its first host) and the range computeSlots must
 * cover for starts in `range` (see event-type-rules.ts). From the loaded row: no query.
 */
export function searchOf(eventType: SlotEventTypeRow, range: Interval, now: Date) {
  const firstHost = hostIdsOf(eventType)[0];
  const timeZone = rulesTimeZone(eventType, firstHost === undefined ? null : (schedulesOf(eventType).get(firstHost) ?? null));
  return { timeZone, search: searchRange(eventType, timeZone, range, toMinuteCeil(now)) };
}

export type Search = ReturnType<typeof searchOf>;

/**
 * A MANAGED team event type is a template: each assigned member books through their own copy (its children, with
 * their own slugs under the member's name), as the peer does. Its slots, bookings and holds are refused here, the one
 * place all of them pass.
 */
function assertBookable(eventType: SlotEventTypeRow) {
  if (eventType.schedulingType === "MANAGED") {
    throw new AppError("BAD_REQUEST", "A managed event type is not booked itself: book the copy of one of its members (their event type with the same slug)", [
      { path: "eventTypeId", message: "Managed event type" },
    ]);
  }
}

/**
 * The slots of `range`, `length` minutes long (already checked against the event type's lengths, slot-length.ts),
 * and for a single-slot check the rule (if any) that refused the slot at range.start.
 */
export async function slotsOf(
  tx: Tx,
  eventType: SlotEventTypeRow,
  range: Interval,
  length: number,
  busy: BusyOptions,
  searched?: Search,
): Promise<{ slots: Slot[]; refusal?: string; redirects: ReadonlyMap<number, ReadonlyMap<number, number>> }> {
  assertBookable(eventType);
  // Sequential: `tx` may be a transaction's one connection.
  const { timeZone, search } = searched ?? searchOf(eventType, range, busy.now);
  // Round robin: away hosts whose out-of-office redirects to a free team member count through them (ooo-redirects.ts).
  const hosts = await loadSlotHostsWithStandIns(tx, eventType, search, length, busy);
  const mode = modeOf(eventType.schedulingType);
  const nowMinute = toMinuteCeil(busy.now); // rounded up: a slot that started seconds ago is in the past
  const resolved = resolveStandIns(
    computeSlots({
      mode,
      hosts,
      lengthInMinutes: length,
      // Without an interval of its own, starts are `length` apart: the chosen length's grid, as the peer lists them.
      slotInterval: eventType.slotInterval,
      beforeEventBuffer: eventType.beforeEventBuffer,
      afterEventBuffer: eventType.afterEventBuffer,
      minimumBookingNotice: eventType.minimumBookingNotice,
      range: search,
      now: nowMinute,
    }),
    hosts,
  );
  // Which away host each stand-in replaces, by slot start: the rules below rebuild slots without it.
  const redirects = new Map(resolved.flatMap((slot) => (slot.redirectedFrom ? [[slot.start, slot.redirectedFrom] as const] : [])));
  const computed = requireFixedHosts(eventType, mode, resolved);
  const context = { range, search, now: nowMinute, timeZone, mode, hostIds: hostIdsOf(eventType), ignoreBookingUid: busy.ignoreBookingUid };
  // Duration limits count the length being booked.
  const { slots, refusedBy } = await applyEventTypeRules(tx, { ...eventType, lengthInMinutes: length }, computed, context);
  if (refusedBy) return { slots, refusal: REFUSALS[refusedBy], redirects };
  if (slots.length === 0 && isOutsideFixedWindow(eventType, timeZone, range.start, nowMinute)) return { slots, refusal: REFUSALS.window, redirects };
  return { slots, redirects };
}

/** Round robin: a slot needs every fixed ("mandatory") host free and, when there are rotating hosts, one of them too. */
function requireFixedHosts(eventType: SlotEventType, mode: SlotMode, slots: Slot[]): Slot[] {
  const fixed = mode === "roundRobin" ? eventType.hosts.filter((host) => host.isFixed).map(({ userId }) => userId) : [];
  if (fixed.length === 0) return slots;
  const hasRotating = eventType.hosts.length > fixed.length;
  return slots.filter((slot) => fixed.every((id) => slot.hostIds.includes(id)) && (!hasRotating || slot.hostIds.length > fixed.length));
}

const REFUSALS = {
  window: "This time is outside the event type's booking window",
  limit: "The event type's booking limit for this day, week, month or year is reached",
  firstSlot: "This event type offers only the first free slot of each day",
};

/**
 * `refusal`: why an otherwise free slot is not bookable (booking window, limits, first slot only), for the booker.
 * `redirectedFrom`: free members standing in for an away round-robin host (ooo-redirects.ts), each mapped to that host.
 */
export type TSlotCheck = { available: boolean; freeHostIds: number[]; end: Date; refusal?: string; redirectedFrom?: ReadonlyMap<number, number> };

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
export async function loadSlotExternalBusy(input: { eventTypeId: number; start: Date; lengthInMinutes?: number }): Promise<ExternalBusyTime[]> {
  const eventType = minuteRangeOf(input.start) && (await findSlotEventType(db, input.eventTypeId));
  return eventType ? externalBusyOf(eventType, input) : [];
}

/** The calendars' busy times around the slot at `start` (none for an off-grid start); an unoffered length counts as the default. */
export function externalBusyOf(eventType: SlotEventTypeRow, slot: { start: Date; lengthInMinutes?: number }): Promise<ExternalBusyTime[]> {
  const range = minuteRangeOf(slot.start);
  if (!range) return Promise.resolve([]);
  const length = slot.lengthInMinutes ?? eventType.lengthInMinutes;
  const { search } = searchOf(eventType, range, new Date());
  return loadExternalBusy(eventType, search, allowedLengths(eventType).includes(length) ? length : eventType.lengthInMinutes);
}

export type SlotCheckInput = {
  eventTypeId: number;
  start: Date;
  /** One of the event type's lengths; absent: its default. Another value is a 400 naming `lengthField`. */
  lengthInMinutes?: number;
  lengthField?: string;
  /** A moved booking keeps its length while the event type still offers it (else its default length): never a 400. */
  keptLengthInMinutes?: number;
  ignoreBookingUid?: string;
  /** The caller holds this reservation: its hold does not block the caller. */
  ignoreReservationUid?: string;
  externalBusy: BusyOptions["externalBusy"];
};

/**
 * Whether `start` is a bookable slot of the event type right now, and which hosts are free for it (all
 * hosts for a collective event). `ignoreBookingUid`: the booking being rescheduled does not block its own
 * new time. Hidden event types are checked too; who may book them is the booking work's decision.
 * Runs in the caller's transaction (after it has locked the hosts), on `tx` only; connected calendars'
 * busy times come in as `externalBusy`, loaded by loadSlotExternalBusy before the transaction.
 */
export async function isSlotAvailable(tx: Tx, input: SlotCheckInput, options: Options = {}): Promise<TSlotCheck> {
  const eventType = await findSlotEventType(tx, input.eventTypeId);
  if (!eventType) throw eventTypeNotFound();
  return checkSlot(tx, eventType, input, options);
}

async function checkSlot(tx: Tx, eventType: SlotEventTypeRow, input: SlotCheckInput, options: Options): Promise<TSlotCheck> {
  const kept = input.keptLengthInMinutes;
  const length =
    kept !== undefined
      ? allowedLengths(eventType).includes(kept)
        ? kept
        : eventType.lengthInMinutes
      : slotLengthOf(eventType, input.lengthInMinutes, input.lengthField ?? "body.lengthInMinutes");
  const end = new Date(input.start.getTime() + length * 60_000);
  const range = minuteRangeOf(input.start);
  if (!range) return { available: false, freeHostIds: [], end };
  const busy = { ...input, now: options.now ?? new Date(), busyUnderLock: options.busyUnderLock, busyBatch: options.busyBatch };
  const { slots, refusal, redirects } = await slotsOf(tx, eventType, range, length, busy);
  const [slot] = slots;
  const redirectedFrom = slot && redirects.get(slot.start);
  return slot
    ? { available: true, freeHostIds: slot.hostIds, end, ...(redirectedFrom ? { redirectedFrom } : {}) }
    : { available: false, freeHostIds: [], end, ...(refusal ? { refusal } : {}) };
}

/** A slot checked before the host lock (prepareSlot), to be confirmed under it (confirmSlotUnderLock). */
export type PreparedSlot = TSlotCheck & { eventType: SlotEventTypeRow; start: Date; input: SlotCheckInput };

/**
 * The whole check, before the booking's transaction, on the global client, for the event type row the booking loaded
 * (request.eventTypeId's): a slot already taken by a committed booking fails here without queueing for the host lock. Connected calendars are asked meanwhile (HTTP, bounded by
 * their budget), and what they answered comes back in `input` for the check under the lock.
 */
export async function prepareSlot(eventType: SlotEventTypeRow, request: Omit<SlotCheckInput, "externalBusy">, options: Options = {}): Promise<PreparedSlot> {
  const pending = externalBusyOf(eventType, request);
  pending.catch(() => {}); // awaited by checkSlot; if the database fails first, this must not become an unhandled rejection
  const check = await checkSlot(db, eventType, { ...request, externalBusy: pending }, options);
  return { ...check, eventType, start: request.start, input: { ...request, externalBusy: await pending } };
}

/**
 * Under the host lock: what may have changed since prepareSlot is other bookings and holds of the same hosts,
 * so one indexed overlap query decides (for a collective event every host must still be free). Event types
 * whose rules read other bookings (limits, first slot only, rolling windows) run the whole check again instead.
 */
export async function confirmSlotUnderLock(tx: Tx, prepared: PreparedSlot, options: Options = {}): Promise<TSlotCheck> {
  if (rulesReadOtherBookings(prepared.eventType)) return isSlotAvailable(tx, prepared.input, options);
  return decideUnderLock(prepared, await hostsTakenSince(tx, prepared, prepared.freeHostIds, options));
}

/**
 * confirmSlotUnderLock for every occurrence of a series (bookings/create/under-lock.ts bookSeries): the bookings and
 * holds of all its hosts over the whole series in one indexed query, then each occurrence decided as confirmSlotUnderLock
 * decides one. Event types whose rules read other bookings check each occurrence whole, one after another.
 */
export async function confirmSeriesUnderLock(tx: Tx, prepared: readonly PreparedSlot[], options: Options = {}): Promise<TSlotCheck[]> {
  const first = prepared[0];
  if (!first) return [];
  if (rulesReadOtherBookings(first.eventType))
    return checkEachSlot(
      tx,
      prepared.map((slot) => slot.input),
      options,
    );
  const hostIds = [...new Set(prepared.flatMap((slot) => slot.freeHostIds))];
  const busy = await hostsBusyDuringEach(tx, hostIds, prepared.map(blockedOf), { ...first.input, now: options.now ?? new Date() });
  return prepared.map((slot, index) => decideUnderLock(slot, busy[index]!));
}

/** Several slots' whole checks in one transaction, one after another (a transaction's statements cannot overlap). */
export async function checkEachSlot(tx: Tx, inputs: readonly SlotCheckInput[], options: Options = {}): Promise<TSlotCheck[]> {
  const checks: TSlotCheck[] = [];
  for (const input of inputs) checks.push(await isSlotAvailable(tx, input, options));
  return checks;
}

/** The prepared slot widened by its event type's buffers, in minutes: the time its hosts must have free. */
const blockedOf = ({ eventType, start, end }: PreparedSlot) => ({
  start: toMinuteCeil(start) - eventType.beforeEventBuffer,
  end: toMinuteCeil(end) + eventType.afterEventBuffer,
});

/** The prepared slot, less the hosts taken since: a collective event needs every host still free. */
function decideUnderLock(prepared: PreparedSlot, busy: ReadonlySet<number>): TSlotCheck {
  const { eventType, end } = prepared;
  const free = prepared.freeHostIds.filter((id) => !busy.has(id));
  const allNeeded = modeOf(eventType.schedulingType) === "collective";
  const available = free.length > 0 && (!allNeeded || free.length === prepared.freeHostIds.length);
  const redirectedFrom = prepared.redirectedFrom ? { redirectedFrom: prepared.redirectedFrom } : {};
  return available ? { available, freeHostIds: free, end, ...redirectedFrom } : { available: false, freeHostIds: [], end };
}

/**
 * Under the locks of `hostIds` (some of the prepared slot's free hosts): which of them a booking or hold has taken since
 * prepareSlot, in one indexed query. Only for event types whose rules do not read other bookings (rulesReadOtherBookings).
 */
export function hostsTakenSince(tx: Tx, prepared: PreparedSlot, hostIds: number[], options: Options = {}): Promise<Set<number>> {
  return hostsBusyDuring(tx, hostIds, blockedOf(prepared), { ...prepared.input, now: options.now ?? new Date() });
}
