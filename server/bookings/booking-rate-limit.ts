/**
 * Booking creation (POST /v2/bookings and the booking page, both through createBooking) is limited in
 * five-minute windows, on the same shared counters as log-in (Redis when REDIS_URL is set):
 * - one caller for one event type: 100. The caller is the credential when there is one, else the network
 *   address. A visitor books once or twice; a page flooded with bookings is stopped here. Requests in
 *   flight count too (that is what stops a parallel flood), so the limit leaves room for a burst of
 *   simultaneous requests racing for one slot, of which one wins and the rest give their count back;
 * - one caller across event types: 300, so spreading a flood over many hosts also ends;
 * - one attendee e-mail, whoever sends it: 10, so one address cannot be flooded with invitations (and a
 *   calendar with bookings in someone's name) from many callers.
 * Keying the address by event type keeps clients that legitimately book a lot from one address (a test
 * suite, an office behind one NAT) from sharing one bucket for everything.
 * An attempt is counted before anything is written and given back when no booking was made (a taken
 * slot, a bad event type), so only bookings fill the counters.
 */
import type { Principal } from "../auth/principal";
import { AppError } from "../errors";
import { countAttempt } from "../security/failure-limits";

export const MAX_BOOKINGS_PER_CALLER_AND_EVENT_TYPE = 100;
export const MAX_BOOKINGS_PER_CALLER = 300;
export const MAX_BOOKINGS_PER_ATTENDEE_EMAIL = 10;

export type BookingCaller = { principal: Principal | null; clientAddress: string };

function limitsFor(caller: BookingCaller, eventTypeId: number, attendeeEmail: string) {
  const who = caller.principal ? `cred:${caller.principal.via}:${caller.principal.credentialId}` : `addr:${caller.clientAddress}`;
  return [
    { key: `booking:caller-event-type:${who}|${eventTypeId}`, max: MAX_BOOKINGS_PER_CALLER_AND_EVENT_TYPE },
    { key: `booking:caller:${who}`, max: MAX_BOOKINGS_PER_CALLER },
    { key: `booking:attendee:${attendeeEmail.trim().toLowerCase()}`, max: MAX_BOOKINGS_PER_ATTENDEE_EMAIL },
  ];
}

/** Counts the attempt, or throws 429 with Retry-After; call the returned function when no booking was made. */
export async function countBookingAttempt(caller: BookingCaller, eventTypeId: number, attendeeEmail: string): Promise<() => Promise<void>> {
  const { retryAfterSeconds, release } = await countAttempt(limitsFor(caller, eventTypeId, attendeeEmail));
  if (retryAfterSeconds > 0) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    throw new AppError("TOO_MANY_REQUESTS", `Too many bookings in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, undefined, {
      "Retry-After": String(retryAfterSeconds),
    });
  }
  return release;
}
