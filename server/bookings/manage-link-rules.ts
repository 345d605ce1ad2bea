/**
 * What an attendee may still do from their manage link, and in words why not. Pure: the page shows these reasons,
 * and the use cases (manage-link.service.ts) check the same function again under the booking's lock.
 * The event type's settings carry the peer's names (disableCancelling, disableRescheduling) and, in minutes like
 * minimumBookingNotice, how close to the start the link stops working for each.
 */
export type AttendeeRules = {
  disableCancelling: boolean;
  disableRescheduling: boolean;
  minimumCancellationNotice: number;
  minimumRescheduleNotice: number;
};

export const ATTENDEE_RULES_SELECT = {
  disableCancelling: true,
  disableRescheduling: true,
  minimumCancellationNotice: true,
  minimumRescheduleNotice: true,
} as const;

/** A deleted event type leaves its bookings with no rules: nothing forbids, but nothing can be rebooked either. */
const NO_RULES: AttendeeRules = { disableCancelling: false, disableRescheduling: false, minimumCancellationNotice: 0, minimumRescheduleNotice: 0 };

type BookingState = { status: string; start: Date; end: Date; rescheduledToUid: string | null };

const isLive = (status: string) => status === "ACCEPTED" || status === "PENDING";

/** "2 hours", "90 minutes", "1 day": the notice window as the page and the error message say it. */
export function describeNotice(minutes: number): string {
  const unit = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
  if (minutes % 1440 === 0) return unit(minutes / 1440, "day");
  if (minutes % 60 === 0) return unit(minutes / 60, "hour");
  return unit(minutes, "minute");
}

function notLive(booking: BookingState): string {
  if (booking.rescheduledToUid) return "This booking was moved to a new time; use the link in the mail about the new booking.";
  if (booking.status === "REJECTED") return "The host declined this booking.";
  return "This booking is cancelled.";
}

/** Why the attendee may not cancel now, or null when they may. */
export function cancelRefusal(booking: BookingState, rules: AttendeeRules | null, now = new Date()): string | null {
  const { disableCancelling, minimumCancellationNotice } = rules ?? NO_RULES;
  if (!isLive(booking.status)) return notLive(booking);
  if (booking.end.getTime() <= now.getTime()) return "This booking is over; it can no longer be cancelled.";
  if (disableCancelling) return "The host does not allow cancelling this event from the link. Please contact the host.";
  if (minimumCancellationNotice > 0 && booking.start.getTime() - now.getTime() < minimumCancellationNotice * 60_000)
    return `Cancelling closes ${describeNotice(minimumCancellationNotice)} before the start. Please contact the host.`;
  return null;
}

/** Why the attendee may not pick a new time now, or null when they may. */
export function rescheduleRefusal(booking: BookingState, rules: AttendeeRules | null, now = new Date()): string | null {
  const { disableRescheduling, minimumRescheduleNotice } = rules ?? NO_RULES;
  if (!isLive(booking.status)) return notLive(booking);
  if (!rules) return "The event type of this booking no longer exists, so there are no times to pick from.";
  if (booking.start.getTime() <= now.getTime()) return "This booking has started; it can no longer be moved.";
  if (disableRescheduling) return "The host does not allow rescheduling this event from the link. Please contact the host.";
  if (minimumRescheduleNotice > 0 && booking.start.getTime() - now.getTime() < minimumRescheduleNotice * 60_000)
    return `Rescheduling closes ${describeNotice(minimumRescheduleNotice)} before the start. Please contact the host.`;
  return null;
}
