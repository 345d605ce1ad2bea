/**
 * Booking creation (POST /v2/bookings and the booking page, both through createBooking) is limited in
 * five-minute windows, on the same shared counters as log-in (Redis when REDIS_URL is set); the quotas below are the
 * defaults, each configurable (server/security/rate-limit-table.ts):
 * - one caller for one event type: 100. The caller is the acting user when there is one (an API key or OAuth token
 *   of theirs: every credential of one account shares its counters), else the network address. A visitor books once
 *   or twice; a page flooded with bookings is stopped here;
 * - one caller across event types: 300, so spreading a flood over many hosts also ends;
 * - one attendee e-mail, whoever sends it: 10 bookings, so nobody's inbox (and no calendar, in someone's
 *   name) is flooded with invitations.
 * Keying the address by event type keeps clients that legitimately book a lot from one address (a test
 * suite, an office behind one NAT) from sharing one bucket for everything.
 * The caller limits count attempts from before anything is written, so a parallel flood is held to them
 * too; an attempt that made no booking (a taken slot, a bad event type) gives its count back, and the
 * limits leave room for a burst of requests racing for one slot, of which one wins. The e-mail limit
 * counts bookings made: simultaneous requests in one attendee's name for one slot (a double-clicked
 * button, a retrying client) are contention, not a flood, and must end as one booking and clean 409s.
 */
import type { Actor } from "../auth/actor";
import { AppError } from "../errors";
import { countAttempt, recordFailure, retryAfterSeconds } from "../security/failure-limits";
import { countedLimit, reportAppliedLimits } from "../security/rate-limits";

export type BookingCaller = { actor: Actor | null; clientAddress: string };
/** What the attempt reports back once it knows whether a booking was made. */
type BookingAttempt = { booked(): Promise<void>; abandoned(): Promise<void> };

function callerLimits(caller: BookingCaller, eventTypeId: number) {
  const who = caller.actor ? `user:${caller.actor.userId}` : `addr:${caller.clientAddress}`;
  return [
    countedLimit("BOOKINGS_PER_CALLER_AND_EVENT_TYPE", `booking:caller-event-type:${who}|${eventTypeId}`),
    countedLimit("BOOKINGS_PER_CALLER", `booking:caller:${who}`),
  ];
}

const attendeeLimits = (email: string) => [countedLimit("BOOKINGS_PER_ATTENDEE_EMAIL", `booking:attendee:${email.trim().toLowerCase()}`)];

function tooManyBookings(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return new AppError("TOO_MANY_REQUESTS", `Too many bookings in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, undefined, {
    "Retry-After": String(seconds),
  });
}

/** Counts the attempt before anything is written, or throws 429 with Retry-After. */
async function countBookingAttempt(caller: BookingCaller, eventTypeId: number, attendeeEmail: string): Promise<BookingAttempt> {
  const forAttendee = attendeeLimits(attendeeEmail);
  const forCaller = callerLimits(caller, eventTypeId);
  // All three apply to the request (its RateLimit fields list them), whichever refuses it first.
  reportAppliedLimits([...forCaller, ...forAttendee]);
  const attendeeWait = await retryAfterSeconds(forAttendee);
  if (attendeeWait > 0) throw tooManyBookings(attendeeWait);
  const { retryAfterSeconds: callerWait, release } = await countAttempt(forCaller);
  if (callerWait > 0) throw tooManyBookings(callerWait);
  return { booked: () => recordFailure(forAttendee), abandoned: release };
}

/**
 * All of a booking attempt's bookkeeping, in this one place: counted before `book` runs (429 when over a limit), given
 * back when it throws or makes no booking (`created: false`: an idempotent retry answered with the first booking), and
 * counted against the attendee's e-mail when it booked.
 */
export async function limitBookingAttempt<Result extends { created: boolean }>(
  caller: BookingCaller,
  eventTypeId: number,
  attendeeEmail: string,
  book: () => Promise<Result>,
): Promise<Result> {
  const attempt = await countBookingAttempt(caller, eventTypeId, attendeeEmail);
  let result: Result;
  try {
    result = await book();
  } catch (error) {
    await attempt.abandoned();
    throw error;
  }
  await (result.created ? attempt.booked() : attempt.abandoned());
  return result;
}
