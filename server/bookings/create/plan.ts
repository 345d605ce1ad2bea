/**
 * Step: how a checked slot is written. Three modes, each a step of its own:
 * - "round-robin-claim" (book-round-robin.ts): round robin whose rules read no other booking locks only the hosts it
 *   takes, so simultaneous bookings of one slot take different hosts side by side;
 * - "one-round-trip" (write-free-slot.ts): everything decided before the lock but whether a host was taken since, so
 *   the lock, that check and the writes go as one batch;
 * - "under-lock" (write-under-lock.ts): the rest, which must decide under the lock with code between statements:
 *   rules that count other bookings, a private link's use, a slot reservation to consume, an out-of-office stand-in,
 *   a host the event type's row does not describe.
 */
import type { PreparedSlot } from "../slots/slots.service";
import { rulesReadOtherBookings } from "../slots/event-type-rules";
import { candidateHostIds, hostUsersOf, type BookableEventType } from "./booking-rules";
import type { TCreateBookingInput } from "./booking.schemas";
import { locksChosenHostsOnly } from "./round-robin";

export type WriteMode = "round-robin-claim" | "one-round-trip" | "under-lock";

type Request = { input: Pick<TCreateBookingInput, "privateLink">; reservationUid?: string };

/** What can be told before the slot is checked: whether the one-round-trip mode is possible at all. */
export function mayWriteInOneRoundTrip(eventType: BookableEventType, { input, reservationUid }: Request): boolean {
  if (eventType.schedulingType === "ROUND_ROBIN" || rulesReadOtherBookings(eventType)) return false;
  if (input.privateLink || reservationUid) return false;
  if (eventType.hosts.length === 0 && eventType.userId === null) return false;
  return hostUsersOf(eventType, candidateHostIds(eventType)) !== null;
}

export function writeModeOf(eventType: BookableEventType, prepared: PreparedSlot, request: Request): WriteMode {
  if (locksChosenHostsOnly(eventType)) return "round-robin-claim";
  if (!mayWriteInOneRoundTrip(eventType, request) || prepared.redirectedFrom) return "under-lock";
  // The batch books every candidate host, so each must have been free (a collective event's rule; for one host, the same).
  const free = new Set(prepared.freeHostIds);
  return candidateHostIds(eventType).every((id) => free.has(id)) ? "one-round-trip" : "under-lock";
}
