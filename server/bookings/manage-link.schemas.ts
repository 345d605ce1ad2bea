/** Inputs of the attendee's actions from their manage link; the page's forms parse the same schemas. */
import { z } from "zod";

const ZUid = z.string().min(1).max(64);
/** The link's token; its shape is checked by recomputing it (manage-link.ts), this only bounds the input. */
const ZToken = z.string().min(1, "The link's token is missing").max(128, "This is not a manage link's token");

export const ZManageCancelInput = z.object({
  uid: ZUid,
  token: ZToken,
  cancellationReason: z.string().trim().max(500, "The reason is at most 500 characters").optional(),
  /** An occurrence of a series: the live occurrences after it too (POST /v2/bookings/{uid}/cancel's cancelSubsequentBookings). */
  cancelSubsequentBookings: z.boolean().optional(),
});
export type TManageCancelInput = z.infer<typeof ZManageCancelInput>;

export const ZManageRescheduleInput = z.object({
  uid: ZUid,
  token: ZToken,
  start: z.iso.datetime({ offset: true, message: "Pick a time from the list" }).transform((value) => new Date(value)),
  reschedulingReason: z.string().trim().max(500, "The reason is at most 500 characters").optional(),
});
export type TManageRescheduleInput = z.output<typeof ZManageRescheduleInput>;
