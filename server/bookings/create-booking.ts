/**
 * POST /v2/bookings (and the booking page): a new booking at a free slot, decided one at a time per host. The use case
 * is the list of steps below, each a function of its own file, tested alone:
 *   1. resolveEventTypeId      the event type the body names (event-type-reference.ts)
 *   2. limitBookingAttempt     the rate limits, counted before and settled after (booking-rate-limit.ts)
 *   3. readBookableEventType   its row, shared by a burst of requests (bookable-row-query.ts)
 *   4. checkBooker             who may book it, and the answers to its form (check-booker.ts)
 *   5. prepareSlot             the whole slot check, before any lock (slots.service.ts); for the common booking
 *                              (checkInTheBatch) all but the database's busy time, which its batch checks under the lock
 *   6. writeModeOf             how to write it (write-mode.ts): in one round trip (write-free-slot.ts), round robin's
 *                              claim (book-round-robin.ts), or a transaction deciding under the lock (write-under-lock.ts)
 * A request with an idempotency key skips 4–6 for writeUnderLock with every check under the lock (write-under-lock.ts).
 */
import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import { sharedReads } from "../db/shared-reads";
import type { BusyUnderLock } from "../slots/slot-inputs";
import { externalBusyOf, prepareSlot, type PreparedSlot } from "../slots/slots.service";
import { queryBookableRow } from "./bookable-row-query";
import { limitBookingAttempt } from "./booking-rate-limit";
import { candidateHostIds, eventTypeNotFoundError, hostUsersOf, slotUnavailableError, slotTakenError, type BookableEventType } from "./booking-rules";
import type { TCreateBookingInput } from "./booking.schemas";
import { bookRoundRobin } from "./book-round-robin";
import { checkBooker, type BookerAnswers } from "./check-booker";
import { resolveEventTypeId } from "./event-type-reference";
import { isOverlapViolation } from "./host-lock";
import { requestFingerprint } from "./idempotency-key";
import { newBookingOf } from "./new-booking";
import { attendeeEmailOf } from "./phone-only-attendee";
import { inSlotFlight, slotFlightKey } from "./slot-flights";
import { reserveBookingIds } from "./booking-ids";
import type { ReservedIds } from "./booking-insert";
import { isAbsenceNearSlot, writeFreeSlot } from "./write-free-slot";
import { mayWriteInOneRoundTrip, writeModeOf } from "./write-mode";
import { writeUnderLock, type CreateBookingResult } from "./write-under-lock";

export type { CreateBookingResult } from "./write-under-lock";

/**
 * How the request came: its Idempotency-Key; clientAddress from clientAddress() (absent only off the network: scripts,
 * service tests); reservationUid, a slot reservation the caller holds (slot-reservations.ts), consumed by this booking.
 */
export type BookingRequest = { idempotencyKey: string | null; clientAddress?: string; reservationUid?: string };

/** A burst of bookings for one event type reads it once per moment, never older than the request (shared-reads.ts). */
const readBookableEventType = sharedReads(async (eventTypeId: number) => {
  const eventType = await queryBookableRow(eventTypeId);
  if (!eventType) throw eventTypeNotFoundError();
  return eventType;
});

const slotInputOf = (eventType: BookableEventType, input: TCreateBookingInput, request: BookingRequest) => ({
  eventTypeId: eventType.id,
  start: input.start,
  lengthInMinutes: input.lengthInMinutes,
  ignoreReservationUid: request.reservationUid,
});

/** The one-round-trip write (write-free-slot.ts) of a slot checked before, with ids reserved beforehand. */
async function writeInOneRoundTrip(
  eventType: BookableEventType,
  input: TCreateBookingInput,
  answers: BookerAnswers,
  prepared: PreparedSlot,
  ids: Promise<ReservedIds>,
  busyUnderLock?: BusyUnderLock,
): Promise<CreateBookingResult> {
  const hostIds = candidateHostIds(eventType);
  const booking = newBookingOf(eventType, input, answers, { end: prepared.end, hostIds }, null);
  const reserved = await ids;
  const attendeeIds = reserved.attendeeIds.slice(0, booking.attendees.length);
  const write = { eventType, booking, hostUsers: hostUsersOf(eventType, hostIds)!, ids: { ...reserved, attendeeIds }, busyUnderLock };
  return { booking: await writeFreeSlot(write), created: true };
}

/**
 * Step 5–6 of the common booking, in one round trip in all: the slot checked from the event type's row and the
 * calendars alone, and the database's busy time (bookings, holds, absences) left to the batch's check under the host
 * locks (slot-inputs.ts BusyUnderLock). Null when the whole check must run: the slot is not one without the database's
 * busy time (an absence, unread, may move the grid onto it), a host's calendar makes it a case for another write mode,
 * or the batch found an absence near the slot. Nothing was written then.
 */
async function checkInTheBatch(
  eventType: BookableEventType,
  input: TCreateBookingInput,
  answers: BookerAnswers,
  request: BookingRequest,
  ids: Promise<ReservedIds>,
) {
  const busyUnderLock: BusyUnderLock = { awayWindow: null };
  const prepared = await prepareSlot(eventType, slotInputOf(eventType, input, request), { busyUnderLock });
  // Not "refused": an absence the check did not read can move the slot grid onto this start. The whole check decides.
  if (!prepared.available) return null;
  if (writeModeOf(eventType, prepared, { input, reservationUid: request.reservationUid }) !== "one-round-trip") return null;
  try {
    return await writeInOneRoundTrip(eventType, input, answers, prepared, ids, busyUnderLock);
  } catch (error) {
    if (isAbsenceNearSlot(error)) return null;
    throw error;
  }
}

/** Steps 5–6: check the slot before any lock (a slot already taken fails without queueing), then write it. */
async function checkThenWrite(eventType: BookableEventType, input: TCreateBookingInput, answers: BookerAnswers, request: BookingRequest) {
  const slotInput = slotInputOf(eventType, input, request);
  const writeRequest = { input, reservationUid: request.reservationUid };
  // The one-round-trip write needs its ids first: taken meanwhile, on another connection (prepareSlot asks connected calendars meanwhile too).
  const ids = mayWriteInOneRoundTrip(eventType, writeRequest) ? reserveBookingIds(1 + (input.guests?.length ?? 0)) : null;
  ids?.catch(() => {}); // awaited below; if the check fails first, this must not become an unhandled rejection
  if (ids) {
    // The ids stay unused when this returns null: its batch rolled back, or was not sent.
    const written = await checkInTheBatch(eventType, input, answers, request, ids);
    if (written) return written;
  }
  const prepared = await prepareSlot(eventType, slotInput);
  if (!prepared.available) throw slotUnavailableError(prepared);
  const early = { prepared, answers };
  switch (writeModeOf(eventType, prepared, writeRequest)) {
    case "round-robin-claim":
      return bookRoundRobin({ eventType, input, reservationUid: request.reservationUid, early });
    case "one-round-trip":
      return writeInOneRoundTrip(eventType, input, answers, prepared, ids!);
    case "under-lock":
      return writeUnderLock({
        eventType,
        input,
        slotInput,
        externalBusy: prepared.input.externalBusy,
        early,
        keyed: null,
        reservationUid: request.reservationUid,
      });
  }
}

/** Round robin can give the same slot to another free host, so its requests never wait on each other in a slot flight. */
function oneAtATimePerSlot(eventType: BookableEventType, input: TCreateBookingInput, book: () => Promise<CreateBookingResult>) {
  if (eventType.schedulingType === "ROUND_ROBIN") return book();
  return inSlotFlight(slotFlightKey(eventType.id, input.start, input.lengthInMinutes ?? eventType.lengthInMinutes), book, (result) => result.created);
}

export async function createBooking(actor: Actor | null, input: TCreateBookingInput, request: BookingRequest): Promise<CreateBookingResult> {
  const eventTypeId = await resolveEventTypeId(input);
  const caller = { actor, clientAddress: request.clientAddress ?? "unknown" };
  try {
    return await limitBookingAttempt(caller, eventTypeId, attendeeEmailOf(input.attendee), async () => {
      const eventType = await readBookableEventType(eventTypeId);
      const { idempotencyKey } = request;
      if (idempotencyKey) {
        // Connected calendars are asked over HTTP, so before the transaction.
        const slotInput = slotInputOf(eventType, input, request);
        const keyed = { idempotencyKey, fingerprint: requestFingerprint(input, actor) };
        const externalBusy = await externalBusyOf(eventType, slotInput);
        return writeUnderLock({ eventType, input, slotInput, externalBusy, early: null, keyed, reservationUid: request.reservationUid });
      }
      const answers = await checkBooker(db, eventType, input);
      return oneAtATimePerSlot(eventType, input, () => checkThenWrite(eventType, input, answers, request));
    });
  } catch (error) {
    if (isOverlapViolation(error)) throw slotTakenError();
    throw error;
  }
}
