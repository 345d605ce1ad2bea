/**
 * The path under the lock (plan.ts), for what one batch cannot decide: a transaction that locks the hosts and then
 * decides under the lock, with code between the statements: rules that count other bookings, a private link's use, a
 * slot reservation to consume, an out-of-office stand-in, a host the event type's row does not describe.
 *
 * Requests with an idempotency key make every check here (`early: null`): a retry must wait for the first request and
 * get that booking, even when the first used the private link's last use or the slot. A key names one request: it is
 * stored with the booking together with a fingerprint of that request, so a retry gets the booking it made, and the
 * same key on a different request (another start, attendee, event type or acting user) is refused instead of being
 * told "created" with someone else's booking. Others confirm under the lock what was checked before it (prepareSlot).
 *
 * A recurring event type's series (bookSeries, below) is the same transaction over every occurrence.
 */
import { createHash } from "node:crypto";
import type { Actor } from "../../auth/actor";
import { db, type Tx } from "../../db/client";
import { AppError } from "../../errors";
import { consumePrivateLinkUse } from "../../event-types/private-link.service";
import { rulesReadOtherBookings } from "../../slots/event-type-rules";
import { occurrenceStarts, recurrenceOf, type TRecurrence } from "../../event-types/recurrence";
import { emitBookingEvents } from "../../events/booking-events";
import type { ExternalBusy } from "../../slots/slot-inputs";
import { createBusyBatch } from "../../slots/busy-batch";
import {
  checkEachSlot,
  confirmSeriesUnderLock,
  confirmSlotUnderLock,
  externalBusyOf,
  isSlotAvailable,
  prepareSlot,
  type PreparedSlot,
  type SlotCheckInput,
  type TSlotCheck,
} from "../../slots/slots.service";
import { BOOKING_TX_OPTIONS, candidateHostIds, chooseHosts, slotTakenError, slotUnavailableError, type BookableEventType } from "../booking-rules";
import { BOOKING_SELECT, toBookingOutput, type TBookingOutput } from "../booking.dto";
import type { TCreateBookingInput } from "../booking.schemas";
import { lockHosts } from "../host-lock";
import { checkBooker, type BookerAnswers } from "./check-booker";
import {
  insertAndEmit,
  insertBooking,
  insertBookings,
  newBookingEventOptions,
  newBookingEventType,
  newBookingOf,
  newBookingUid,
  type KeyedRequest,
  type NewBooking,
} from "./new-booking";
import type { BookingRequest, CreateBookingResult } from "./outcomes";
import { seriesFitsOneBatch, writeSeriesInOneBatch } from "./series-batch";
import { lastBookedAt, lockStandIns } from "./round-robin-claim";

/** The slot checked before the lock, with the booker's answers checked too. */
export type EarlyCheck = { prepared: PreparedSlot; answers: BookerAnswers };

export type UnderLockWrite = {
  eventType: BookableEventType;
  input: TCreateBookingInput;
  slotInput: Omit<SlotCheckInput, "externalBusy">;
  externalBusy: ExternalBusy;
  /** The checks made before the lock, to be confirmed under it; null: make every check under the lock. */
  early: EarlyCheck | null;
  keyed: KeyedRequest | null;
  reservationUid: string | undefined;
};

/** Every host, and the members the checked slot would hand an away host's booking to (round-robin-claim.ts). */
const hostsToLock = (eventType: BookableEventType, early: EarlyCheck | null) => [
  ...candidateHostIds(eventType),
  ...(early?.prepared.redirectedFrom?.keys() ?? []),
];

/** Any event type: a key names one request, so the same key sent for another event type is a different request. */
async function findEarlierBooking(tx: Tx, { idempotencyKey, fingerprint }: KeyedRequest): Promise<CreateBookingResult | null> {
  const earlier = await tx.booking.findFirst({
    where: { idempotencyKey },
    orderBy: { id: "asc" },
    select: { ...BOOKING_SELECT, idempotencyFingerprint: true },
  });
  if (!earlier) return null;
  // Bookings made before fingerprints were stored have none: their retries are answered as before.
  if (earlier.idempotencyFingerprint !== null && earlier.idempotencyFingerprint !== fingerprint) throw idempotencyKeyReusedError();
  return { booking: toBookingOutput(earlier), created: false };
}

/** The slot and the answers as decided under the lock. */
async function decideUnderLock(tx: Tx, write: UnderLockWrite): Promise<{ slot: TSlotCheck; answers: BookerAnswers }> {
  if (write.early) return { slot: await confirmSlotUnderLock(tx, write.early.prepared), answers: write.early.answers };
  const answers = await checkBooker(tx, write.eventType, write.input);
  return { slot: await isSlotAvailable(tx, { ...write.slotInput, externalBusy: write.externalBusy }), answers };
}

/** Round robin without a claim (its rules read other bookings): the least recently booked free host, read under the lock. */
async function chooseHostsUnderLock(tx: Tx, eventType: BookableEventType, slot: TSlotCheck): Promise<number[]> {
  const rotatingSince = eventType.schedulingType === "ROUND_ROBIN" ? await lastBookedAt(tx, eventType.id, slot.freeHostIds) : undefined;
  return chooseHosts(eventType, slot.freeHostIds, rotatingSince, slot.redirectedFrom);
}

export function writeUnderLock(write: UnderLockWrite): Promise<CreateBookingResult> {
  const { eventType, input, slotInput, keyed } = write;
  return db.$transaction(async (tx): Promise<CreateBookingResult> => {
    const locked = hostsToLock(eventType, write.early);
    await lockHosts(tx, locked);
    const earlier = keyed && (await findEarlierBooking(tx, keyed));
    if (earlier) return earlier;
    const { slot, answers } = await decideUnderLock(tx, write);
    if (!slot.available) throw slotUnavailableError(slot);
    if (input.privateLink && !(await consumePrivateLinkUse(tx, input.privateLink))) {
      throw new AppError("NOT_FOUND", "This private link is invalid or has expired");
    }
    const hostIds = await chooseHostsUnderLock(tx, eventType, slot);
    if (hostIds.length === 0) throw slotTakenError();
    // A stand-in found by the check under the lock (idempotent requests) is locked and checked now.
    if (!(await lockStandIns(tx, eventType, hostIds, locked, { start: input.start, end: slot.end }, slotInput))) throw slotTakenError();
    const booking = newBookingOf(eventType, input, answers, { end: slot.end, hostIds }, keyed);
    return { booking: await insertAndEmit(tx, eventType, booking, write.reservationUid), created: true };
  }, BOOKING_TX_OPTIONS);
}

// ---- The series path ---------------------------------------------------------------------------------------

/**
 * The series path (plan.ts), under the lock as the path above is: a recurring event type's booking is its occurrences, booked in one transaction, all or
 * none. Under every host's lock each occurrence is checked as a single booking is under the lock (isSlotAvailable:
 * schedule, out-of-office, bookings and holds, buffers, limits counting the occurrences inserted before it, the window,
 * and the connected calendars' busy time read before the transaction), then inserted with its event; the exclusion
 * constraint stays the backstop. One refused occurrence refuses the series, naming it.
 *
 * Round robin gives the series one host, as the peer does: the best host free at every occurrence (an away host's
 * stand-in is not offered for a series). Every occurrence's event is emitted (calendars, meetings and webhooks work
 * per booking); the mail goes once, with the first occurrence, listing them all (booking-mail.ts).
 */

/** The recurrence a request books, or null for a single booking; a count the event type does not allow is a 400. */
export function seriesOf(
  eventType: Pick<BookableEventType, "recurrence">,
  input: Pick<TCreateBookingInput, "recurrenceCount">,
): { recurrence: TRecurrence; count: number } | null {
  const recurrence = recurrenceOf(eventType.recurrence);
  const { recurrenceCount } = input;
  if (!recurrence) {
    if (recurrenceCount === undefined) return null;
    const message = "This event type is not recurring: leave recurrenceCount out";
    throw new AppError("BAD_REQUEST", message, [{ path: "body.recurrenceCount", message }]);
  }
  if (recurrenceCount !== undefined && recurrenceCount > recurrence.occurrences) {
    // Read on the booking page's count field too (the host may have lowered the most since the page loaded).
    const message = `recurrenceCount is at most ${recurrence.occurrences}: this event type books at most ${recurrence.occurrences} occurrences`;
    throw new AppError("BAD_REQUEST", message, [{ path: "body.recurrenceCount", message }]);
  }
  return { recurrence, count: recurrenceCount ?? recurrence.occurrences };
}

const dateOf = (start: Date) => start.toISOString().replace(".000Z", "Z");

/** Which occurrence refused, so the booker knows which date to move (the first one is the slot they chose). */
export function occurrenceRefused(error: AppError, index: number, start: Date): AppError {
  if (index === 0) return error;
  return new AppError(error.code, `Occurrence ${index + 1} of the series (${dateOf(start)}) is not available, so no occurrence was booked: ${error.message}`);
}

/** The hosts free at every occurrence, less away hosts' stand-ins (a series keeps one host). */
export const intersect = (free: number[] | null, slot: { freeHostIds: number[]; redirectedFrom?: ReadonlyMap<number, number> }) => {
  const here = slot.freeHostIds.filter((id) => !slot.redirectedFrom?.has(id));
  return free === null ? here : free.filter((id) => here.includes(id));
};

/** A keyed series repeated: the occurrences of the series its key made. */
async function earlierSeries(tx: Tx, { idempotencyKey, fingerprint }: KeyedRequest): Promise<TBookingOutput[] | null> {
  const first = await tx.booking.findFirst({
    where: { idempotencyKey },
    orderBy: { id: "asc" },
    select: { recurringBookingUid: true, idempotencyFingerprint: true },
  });
  if (!first) return null;
  // The same key on another request (a single booking's, or another series') is refused, as for single bookings.
  if (first.idempotencyFingerprint !== fingerprint || !first.recurringBookingUid) throw idempotencyKeyReusedError();
  const rows = await tx.booking.findMany({ where: { recurringBookingUid: first.recurringBookingUid }, orderBy: { start: "asc" }, select: BOOKING_SELECT });
  return rows.map(toBookingOutput);
}

/**
 * Limits and other rules that count bookings: each later occurrence checked again right before its insert, counting
 * the occurrences inserted before it (two bookings a month refuse a weekly series' third occurrence in that month).
 */
async function insertCountingEach(
  tx: Tx,
  series: {
    hostIds: number[];
    bookings: NewBooking[];
    slotInputs: Omit<SlotCheckInput, "externalBusy">[];
    busyOf: (index: number) => ExternalBusy;
  },
): Promise<TBookingOutput[]> {
  const outputs: TBookingOutput[] = [];
  for (const [index, booking] of series.bookings.entries()) {
    if (index > 0) {
      const slot = await isSlotAvailable(tx, { ...series.slotInputs[index]!, externalBusy: series.busyOf(index) });
      if (!slot.available || !series.hostIds.every((id) => slot.freeHostIds.includes(id))) {
        throw occurrenceRefused(slotUnavailableError(slot), index, booking.start);
      }
    }
    outputs.push(toBookingOutput(await insertBooking(tx, booking)));
  }
  return outputs;
}

type SeriesWrite = {
  eventType: BookableEventType;
  input: TCreateBookingInput;
  series: { recurrence: TRecurrence; count: number };
  request: BookingRequest;
  keyed: KeyedRequest | null;
};

export async function bookSeries({ eventType, input, series, request, keyed }: SeriesWrite): Promise<CreateBookingResult> {
  const starts = occurrenceStarts(input.start, series.recurrence, series.count, input.attendee.timeZone);
  const slotInputs: Omit<SlotCheckInput, "externalBusy">[] = starts.map((start) => ({
    eventTypeId: eventType.id,
    start,
    lengthInMinutes: input.lengthInMinutes,
    ignoreReservationUid: request.reservationUid,
  }));
  // Before the lock, every occurrence at once (connected calendars over HTTP included), as a single booking's slot is
  // checked before its lock: an occurrence already taken is refused without queueing for the hosts. A keyed request
  // makes every check under the lock instead, where a repeat finds the series it made (its slots taken by it).
  // Their hosts' busy time is read once for all of them, over the series' extent (busy-batch.ts).
  const busyBatch = createBusyBatch();
  const prepared = keyed ? null : await Promise.all(slotInputs.map((slotInput) => prepareSlot(eventType, slotInput, { busyBatch })));
  prepared?.forEach((slot, index) => {
    if (!slot.available) throw occurrenceRefused(slotUnavailableError(slot), index, starts[index]!);
  });
  if (prepared && seriesFitsOneBatch({ eventType, input, prepared, reservationUid: request.reservationUid })) {
    const inOneBatch = await writeSeriesInOneBatch({ eventType, input, answers: await checkBooker(db, eventType, input), prepared });
    if (inOneBatch) return { booking: inOneBatch[0]!, series: inOneBatch, created: true };
  }
  const externalBusy = prepared ? null : await Promise.all(slotInputs.map((slotInput) => externalBusyOf(eventType, slotInput)));
  const occurrences = await db.$transaction(async (tx): Promise<{ outputs: TBookingOutput[]; created: boolean }> => {
    await lockHosts(tx, candidateHostIds(eventType));
    const earlier = keyed && (await earlierSeries(tx, keyed));
    if (earlier) return { outputs: earlier, created: false };
    const answers = await checkBooker(tx, eventType, input);
    // Confirmed under the lock as a single booking's is (confirmSlotUnderLock), every occurrence by one read of the
    // hosts' bookings; the whole check again, one occurrence after another, when rules count bookings.
    const slots = prepared
      ? await confirmSeriesUnderLock(tx, prepared)
      : await checkEachSlot(
          tx,
          slotInputs.map((slotInput, index) => ({ ...slotInput, externalBusy: externalBusy![index]! })),
        );
    let free: number[] | null = null;
    for (const [index, slot] of slots.entries()) {
      if (!slot.available) throw occurrenceRefused(slotUnavailableError(slot), index, starts[index]!);
      free = intersect(free, slot);
    }
    if (input.privateLink && !(await consumePrivateLinkUse(tx, input.privateLink))) {
      throw new AppError("NOT_FOUND", "This private link is invalid or has expired");
    }
    const rotatingSince = eventType.schedulingType === "ROUND_ROBIN" ? await lastBookedAt(tx, eventType.id, free ?? []) : undefined;
    const hostIds = chooseHosts(eventType, free ?? [], rotatingSince);
    if (hostIds.length === 0) throw slotTakenError();
    const recurringBookingUid = newBookingUid();
    // The key names the request: stored on the first occurrence, which a repeat finds (earlierSeries).
    const bookings = starts.map((start, index) => ({
      ...newBookingOf(eventType, { ...input, start }, answers, { end: slots[index]!.end, hostIds }, index === 0 ? keyed : null),
      recurringBookingUid,
    }));
    const outputs = rulesReadOtherBookings(eventType)
      ? await insertCountingEach(tx, { hostIds, bookings, slotInputs, busyOf: (index) => prepared?.[index]!.input.externalBusy ?? externalBusy![index]! })
      : (await insertBookings(tx, bookings)).map(toBookingOutput);
    const options = newBookingEventOptions(eventType, hostIds);
    // One mail for the series, with its first occurrence (booking-mail.ts lists the others).
    await emitBookingEvents(
      tx,
      outputs.map((output, index) => ({
        type: newBookingEventType(output),
        booking: output,
        options: index === 0 ? options : { ...options, skip: [...options.skip, "mail" as const] },
      })),
    );
    if (request.reservationUid) await tx.slotReservation.deleteMany({ where: { uid: request.reservationUid, eventTypeId: eventType.id } });
    return { outputs, created: true };
  }, BOOKING_TX_OPTIONS);
  return { booking: occurrences.outputs[0]!, series: occurrences.outputs, created: occurrences.created };
}

// ---- The idempotency key ----------------------------------------------------------------------------------------

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
const OPERATION = "POST /v2/bookings";

/** The Idempotency-Key of a booking create, or null when absent or empty; a longer key is a 400 before anything is read or written. */
export function idempotencyKeyOf(request: Request): string | null {
  const key = request.headers.get("idempotency-key");
  if (!key) return null;
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    const message = `Idempotency-Key must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`;
    throw new AppError("BAD_REQUEST", message, [{ path: "headers.idempotency-key", message }]);
  }
  return key;
}

/** Objects with their keys sorted, so the same body sent with its fields in another order is the same request. */
function canonicalJson(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * SHA-256 of operation, acting user (or none) and the validated body. The body is taken after zod, so defaults and
 * normalisation (a language left out means "en") do not make two equal requests differ.
 */
export function requestFingerprint(input: TCreateBookingInput, actor: Actor | null): string {
  const caller = actor ? `user:${actor.userId}` : "anonymous";
  return createHash("sha256")
    .update(`${OPERATION}\n${caller}\n${canonicalJson(input)}`)
    .digest("hex");
}

export const idempotencyKeyReusedError = () => {
  const message = "This Idempotency-Key was already used for a different request (another body or caller). Send a new Idempotency-Key for a new booking.";
  return new AppError("UNPROCESSABLE_ENTITY", message, [{ path: "headers.idempotency-key", message }]);
};
