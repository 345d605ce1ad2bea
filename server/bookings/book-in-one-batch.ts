/**
 * Steps 5–6 of the common booking (a personal or collective event type whose hosts the row names, no key, no private
 * link, no reservation, rules that read no other booking), in ONE round trip: the slot is checked from the event
 * type's row and the calendars alone, and the batch (write-free-slot.ts) checks the database's busy time itself,
 * before the host locks and under them (slot-inputs.ts BusyUnderLock). On this instance's copy of the row
 * (kept-bookable-rows.ts), the batch first checks that the row is unchanged, so no read of it is sent either.
 * Every function here answers null when the booking must be decided the long way (create-booking.ts); nothing was
 * written then.
 */
import { AppError } from "../errors";
import type { BusyUnderLock } from "../slots/slot-inputs";
import { prepareSlot, type PreparedSlot } from "../slots/slots.service";
import { isRowChanged } from "./bookable-row-query";
import { reserveBookingIds } from "./booking-ids";
import type { ReservedIds } from "./booking-insert";
import { candidateHostIds, hostUsersOf, type BookableEventType } from "./booking-rules";
import type { TCreateBookingInput } from "./booking.schemas";
import { checkBooker, type BookerAnswers } from "./check-booker";
import type { KeptRow } from "./kept-bookable-rows";
import { newBookingOf } from "./new-booking";
import { inSlotFlight, slotFlightKey } from "./slot-flights";
import { isAbsenceNearSlot, writeFreeSlot } from "./write-free-slot";
import { mayWriteInOneRoundTrip, writeModeOf } from "./write-mode";
import type { CreateBookingResult } from "./write-under-lock";
import { db } from "../db/client";

/**
 * How the request came: its Idempotency-Key; clientAddress from clientAddress() (absent only off the network: scripts,
 * service tests); reservationUid, a slot reservation the caller holds (slot-reservations.ts), consumed by this booking.
 */
export type BookingRequest = { idempotencyKey: string | null; clientAddress?: string; reservationUid?: string };

export const slotInputOf = (eventType: BookableEventType, input: TCreateBookingInput, request: BookingRequest) => ({
  eventTypeId: eventType.id,
  start: input.start,
  lengthInMinutes: input.lengthInMinutes,
  ignoreReservationUid: request.reservationUid,
});

/** The ids the one-round-trip write needs, taken meanwhile on another connection (a block of them, booking-ids.ts). */
export function idsForOneRoundTrip(input: TCreateBookingInput): Promise<ReservedIds> {
  const ids = reserveBookingIds(1 + (input.guests?.length ?? 0));
  ids.catch(() => {}); // awaited later; if the check fails first, this must not become an unhandled rejection
  return ids;
}

/** Round robin can give the same slot to another free host, so its requests never wait on each other in a slot flight. */
export function oneAtATimePerSlot<Result extends CreateBookingResult | null>(
  eventType: BookableEventType,
  input: TCreateBookingInput,
  book: () => Promise<Result>,
) {
  if (eventType.schedulingType === "ROUND_ROBIN") return book();
  const key = slotFlightKey(eventType.id, input.start, input.lengthInMinutes ?? eventType.lengthInMinutes);
  return inSlotFlight(key, book, (result) => result?.created === true);
}

/** What the batch checks besides the slot: the busy time the check before it did not read, and a kept row's hash. */
type BatchChecks = { busyUnderLock?: BusyUnderLock; keptHash?: string };

/** The one-round-trip write (write-free-slot.ts) of a slot checked before, with ids reserved beforehand. */
export async function writeInOneRoundTrip(
  eventType: BookableEventType,
  input: TCreateBookingInput,
  answers: BookerAnswers,
  prepared: PreparedSlot,
  ids: Promise<ReservedIds>,
  checks: BatchChecks = {},
): Promise<CreateBookingResult> {
  const hostIds = candidateHostIds(eventType);
  const booking = newBookingOf(eventType, input, answers, { end: prepared.end, hostIds }, null);
  const reserved = await ids;
  const attendeeIds = reserved.attendeeIds.slice(0, booking.attendees.length);
  const write = { eventType, booking, hostUsers: hostUsersOf(eventType, hostIds)!, ids: { ...reserved, attendeeIds }, ...checks };
  return { booking: await writeFreeSlot(write), created: true };
}

/**
 * The slot checked without the database's busy time, then the batch. Null when the slot is not one without that busy
 * time (an absence, unread, may move the grid onto it), a host's calendar makes it a case for another write mode, or
 * the batch found an absence near the slot or, with `keptHash`, a changed row. A refusal on a kept row is null too:
 * the copy may be what refused it.
 */
export async function checkInTheBatch(
  eventType: BookableEventType,
  input: TCreateBookingInput,
  answers: BookerAnswers,
  request: BookingRequest,
  ids: Promise<ReservedIds>,
  keptHash?: string,
): Promise<CreateBookingResult | null> {
  const busyUnderLock: BusyUnderLock = { awayWindow: null };
  let prepared: PreparedSlot;
  try {
    prepared = await prepareSlot(eventType, slotInputOf(eventType, input, request), { busyUnderLock });
  } catch (error) {
    if (keptHash !== undefined && error instanceof AppError) return null;
    throw error;
  }
  if (!prepared.available) return null;
  if (writeModeOf(eventType, prepared, { input, reservationUid: request.reservationUid }) !== "one-round-trip") return null;
  try {
    return await writeInOneRoundTrip(eventType, input, answers, prepared, ids, { busyUnderLock, keptHash });
  } catch (error) {
    // A taken slot (409) stands: the batch checked the row before it checked the slot.
    if (isAbsenceNearSlot(error) || isRowChanged(error)) return null;
    throw error;
  }
}

/** The common booking on this instance's copy of its event type's row (kept-bookable-rows.ts); null: decide on a fresh row. */
export async function bookOnKeptRow(
  { row: eventType, hash }: KeptRow,
  input: TCreateBookingInput,
  request: BookingRequest,
): Promise<CreateBookingResult | null> {
  if (!mayWriteInOneRoundTrip(eventType, { input, reservationUid: request.reservationUid })) return null;
  let answers: BookerAnswers;
  try {
    answers = await checkBooker(db, eventType, input);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  const ids = idsForOneRoundTrip(input);
  return oneAtATimePerSlot(eventType, input, () => checkInTheBatch(eventType, input, answers, request, ids, hash));
}
