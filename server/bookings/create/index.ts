/**
 * POST /v2/bookings (and the booking page): a new booking at a free slot, decided one at a time per host. The use case
 * is the list of steps below, each a function of its own file, tested alone:
 *   1. resolveEventTypeId      the event type the body names (event-type-reference.ts)
 *   2. limitBookingAttempt     the rate limits, counted before and settled after (booking-rate-limit.ts)
 *   3. readBookableEventType   its row, shared by a burst of requests (bookable-row-query.ts); the common booking
 *                              first tries this instance's copy of it (bookOnKeptRow: steps 4–6 on the copy, which
 *                              its batch checks is still the row, book-in-one-batch.ts)
 *   4. checkBooker             who may book it, and the answers to its form (check-booker.ts)
 *   5. prepareSlot             the whole slot check, before any lock (slots.service.ts); for the common booking
 *                              (checkInTheBatch) all but the database's busy time, which its batch checks itself
 *   6. writeModeOf             how to write it (write-mode.ts): in one round trip (write-free-slot.ts), round robin's
 *                              claim (book-round-robin.ts), or a transaction deciding under the lock (write-under-lock.ts)
 * A request with an idempotency key skips 4–6 for writeUnderLock with every check under the lock (write-under-lock.ts).
 */
import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import { sharedReads } from "../db/shared-reads";
import { externalBusyOf, prepareSlot } from "../slots/slots.service";
import { queryBookableRowAndHash } from "./bookable-row-query";
import {
  bookOnKeptRow,
  checkInTheBatch,
  idsForOneRoundTrip,
  oneAtATimePerSlot,
  slotInputOf,
  writeInOneRoundTrip,
  type BookingRequest,
} from "./book-in-one-batch";
import { limitBookingAttempt } from "./booking-rate-limit";
import { eventTypeNotFoundError, slotUnavailableError, slotTakenError, type BookableEventType } from "./booking-rules";
import type { TCreateBookingInput } from "./booking.schemas";
import { bookRoundRobin } from "./book-round-robin";
import { checkBooker, type BookerAnswers } from "./check-booker";
import { resolveEventTypeId } from "./event-type-reference";
import { isOverlapViolation } from "./host-lock";
import { requestFingerprint } from "./idempotency-key";
import { keepBookableRow, keptBookableRow } from "./kept-bookable-rows";
import { attendeeEmailOf } from "./phone-only-attendee";
import { mayWriteInOneRoundTrip, writeModeOf } from "./write-mode";
import { writeUnderLock, type CreateBookingResult } from "./write-under-lock";

export type { CreateBookingResult } from "./write-under-lock";
export type { BookingRequest } from "./book-in-one-batch";

/**
 * A burst of bookings for one event type reads it once per moment, never older than the request (shared-reads.ts),
 * and keeps it for the next bookings (kept-bookable-rows.ts).
 */
const readBookableEventType = sharedReads(async (eventTypeId: number) => {
  const found = await queryBookableRowAndHash(eventTypeId);
  keepBookableRow(eventTypeId, found);
  if (!found) throw eventTypeNotFoundError();
  return found.row;
});

/** Steps 5–6: check the slot before any lock (a slot already taken fails without queueing), then write it. */
async function checkThenWrite(eventType: BookableEventType, input: TCreateBookingInput, answers: BookerAnswers, request: BookingRequest) {
  const slotInput = slotInputOf(eventType, input, request);
  const writeRequest = { input, reservationUid: request.reservationUid };
  const ids = mayWriteInOneRoundTrip(eventType, writeRequest) ? idsForOneRoundTrip(input) : null;
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

export async function createBooking(actor: Actor | null, input: TCreateBookingInput, request: BookingRequest): Promise<CreateBookingResult> {
  const eventTypeId = await resolveEventTypeId(input);
  const caller = { actor, clientAddress: request.clientAddress ?? "unknown" };
  try {
    return await limitBookingAttempt(caller, eventTypeId, attendeeEmailOf(input.attendee), async () => {
      const { idempotencyKey } = request;
      const kept = idempotencyKey ? undefined : keptBookableRow(eventTypeId);
      const written = kept && (await bookOnKeptRow(kept, input, request));
      if (written) return written;
      const eventType = await readBookableEventType(eventTypeId);
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
