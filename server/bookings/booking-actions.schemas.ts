/**
 * The bodies of the booking actions (cancel, reschedule, decline, add guests, mark absent), shared by /v2 (re-exported
 * from booking.schemas.ts) and the site's forms: nothing here may pull in a server-only module.
 */
import { z } from "zod";
import { ZTimeZone } from "../time/time-zones";
import { ZTimestamp } from "../time/timestamps";
import { ZEmail } from "../users/user.schemas";

export const MAX_GUESTS = 30;

/** v2 takes full timestamps only; a date alone was v1's format. */
const ZInstant = ZTimestamp();

export const ZCancelBookingInput = z
  .object({
    cancellationReason: z.string().trim().max(1000).optional(),
    cancelSubsequentBookings: z
      .boolean()
      .optional()
      .describe("An occurrence of a series: true cancels it and every occurrence after it; false or left out, this occurrence alone"),
    seatUid: z.string().min(1).max(64).optional().describe("Seated: this seat only"),
  })
  .strict();
/**
 * `rescheduledBy` (the peer's): who moves the booking, recorded as rescheduledByEmail. It is what the caller says, so
 * it confirms nothing (the peer confirms a booking that needs it when this is the owner's e-mail; Convene does not
 * let an unauthenticated body decide that). `emailVerificationCode` proves the booker's address, which Convene never
 * asks for: taken and not used.
 */
export const ZRescheduleBookingInput = z
  .object({
    start: ZInstant,
    reschedulingReason: z.string().trim().max(1000).optional(),
    rescheduledBy: ZEmail.optional().describe("E-mail of whoever reschedules; returned as rescheduledByEmail (default: the signed-in caller's)"),
    emailVerificationCode: z.string().max(100).optional().describe("The peer's; Convene does not verify bookers' e-mail, so it is not used"),
    seatUid: z.string().min(1).max(64).optional().describe("Seated: this seat only"),
  })
  .strict();
export const ZDeclineBookingInput = z.object({ reason: z.string().trim().max(1000).optional() }).strict();
export const ZAddGuestsInput = z
  .object({
    guests: z
      .array(z.object({ email: ZEmail, name: z.string().trim().min(1).max(200).optional(), timeZone: ZTimeZone.optional() }))
      .min(1, "Add at least one guest")
      .max(MAX_GUESTS),
  })
  .strict();
export const ZMarkAbsentInput = z
  .object({
    host: z.boolean().optional(),
    attendees: z
      .array(z.object({ email: ZEmail, absent: z.boolean() }))
      .max(MAX_GUESTS + 1)
      .optional(),
  })
  .strict();
