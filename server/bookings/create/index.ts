/**
 * Creating a booking: POST /v2/bookings, the booking page, and (soon) the agents' tools call createBooking and nothing
 * else of this folder. "Book this slot or say why not": a booking, or an AppError that says why (docs/booking-write-path.md).
 * The use case is the list of steps below:
 *   1. resolveEventTypeId  the event type the body names (event-type-reference.ts)
 *   2. limitBookingAttempt the rate limits, counted before and settled after (booking-rate-limit.ts)
 *   3. bookByPlan          the path the request takes and its steps (plan.ts, whose table lists them): the event
 *                          type's row, who may book it, the slot, the hosts' locks, the insert and its event
 *   4. the exclusion constraint, every path's backstop, answered as the taken slot it is (outcomes.ts)
 * What it needs from slots, hosts and events it takes through named functions: prepareSlot, confirmSlotUnderLock,
 * isSlotAvailable, externalBusyOf (slots.service.ts), lockHosts (host-lock.ts), emitBookingEvent (events).
 */
import type { Actor } from "../../auth/actor";
import { limitBookingAttempt } from "../booking-rate-limit";
import { slotTakenError } from "../booking-rules";
import type { TCreateBookingInput } from "../booking.schemas";
import { resolveEventTypeId } from "../event-type-reference";
import { attendeeEmailOf } from "../booking-field-responses";
import { databaseRefusalOf, type BookingRequest, type CreateBookingResult } from "./outcomes";
import { bookByPlan } from "./plan";
import { recordRoutedBooking } from "../../routing-forms/routed-booking";

export type { BookingRequest, CreateBookingResult } from "./outcomes";
export { idempotencyKeyOf, MAX_IDEMPOTENCY_KEY_LENGTH } from "./under-lock";

export async function createBooking(actor: Actor | null, input: TCreateBookingInput, request: BookingRequest): Promise<CreateBookingResult> {
  const eventTypeId = await resolveEventTypeId(input);
  const caller = { actor, clientAddress: request.clientAddress ?? "unknown" };
  try {
    const result = await limitBookingAttempt(caller, eventTypeId, attendeeEmailOf(input.attendee), () => bookByPlan(actor, eventTypeId, input, request));
    // After the booking's commit: a booking is never refused for its response's record (routed-booking.ts).
    if (result.created) await recordRoutedBooking(input.routing, result.booking.uid);
    return result;
  } catch (error) {
    if (databaseRefusalOf(error) === "overlap") throw slotTakenError();
    throw error;
  }
}
