/**
 * What a booking request is, and what each path of its plan (plan.ts) answers: booked, or "retry" with the reason the
 * plan takes another path. A retry has written nothing. A refusal the booker must hear (409, 400, 404…) is an AppError
 * thrown, as everywhere else; a retry is never one.
 */
import { hasSqlState } from "../../db/statement-batch";
import { ABSENCE_NEAR_SLOT, SLOT_TAKEN_UNDER_LOCK } from "../../slots/slot-inputs";
import type { TBookingOutput } from "../booking.dto";
import { isOverlapViolation } from "../host-lock";
import { ROW_CHANGED } from "./bookable-row";

/**
 * How the request came: its Idempotency-Key; clientAddress from clientAddress() (absent only off the network: scripts,
 * service tests); reservationUid, a slot reservation the caller holds (slot-reservations.ts), consumed by this booking.
 */
export type BookingRequest = { idempotencyKey: string | null; clientAddress?: string; reservationUid?: string };

/**
 * series: a recurring event type's occurrences in order (under-lock.ts: bookSeries), `booking` being the first.
 * seatUid: a seat of a seated booking (seats.ts), whose `booking` is then the seat's view of it (its attendee only).
 * seatUids: a seated series' seats, one per occurrence in start order (seat-series.ts); `series` are their views.
 */
export type CreateBookingResult = { booking: TBookingOutput; created: boolean; series?: TBookingOutput[]; seatUid?: string; seatUids?: string[] };

/** Why a path gave the booking back to the plan, having written nothing. */
export type RetryReason =
  /** The request is not one this path can write (a private link, a reservation, round robin, a stand-in host…). */
  | "other-path"
  /** The check that read none of the database's busy time could not accept the slot: check it with that time read. */
  | "needs-busy-read"
  /** A refusal decided on this instance's copy of the row: the copy may be what refused it, so decide on a fresh row. */
  | "refused-on-kept-row"
  /** The batch found the event type's row changed since this instance kept it (CV413). */
  | "row-changed"
  /** The batch found a host away near the slot, which the check before it had not read (CV412). */
  | "absence-near-slot";

/** A path's answer. Round robin's claim retries with the hosts other requests held (`Outcome<number[]>`). */
export type Outcome<Reason = RetryReason> = { booked: CreateBookingResult } | { retry: Reason };

export const booked = (result: CreateBookingResult): Outcome<never> => ({ booked: result });

/** What the database's refusal of a booking's statements means. */
export type DatabaseRefusal = "host-taken" | "overlap" | "row-changed" | "absence-near-slot";

/**
 * The one place that reads the database's refusals of a booking's statements, by SQLSTATE or constraint name; null
 * for any other error (rethrown by the caller as it is):
 * - host-taken: the check under the hosts' locks found one taken (convene_require, slot-inputs.ts), a 409, or for
 *   round robin's claim the next host to try;
 * - overlap: the exclusion constraint on BookingHost (23P01), the backstop of every path: a 409;
 * - row-changed, absence-near-slot: a retry (RetryReason).
 */
export function databaseRefusalOf(error: unknown): DatabaseRefusal | null {
  if (hasSqlState(error, SLOT_TAKEN_UNDER_LOCK)) return "host-taken";
  if (hasSqlState(error, ROW_CHANGED)) return "row-changed";
  if (hasSqlState(error, ABSENCE_NEAR_SLOT)) return "absence-near-slot";
  if (isOverlapViolation(error)) return "overlap";
  return null;
}
