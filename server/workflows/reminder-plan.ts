/**
 * When a workflow's step is due for a booking, as a pure rule (reminder-plan.test.ts):
 * - beforeEvent: `offset` before the start; afterEvent: `offset` after the end. Only for an accepted booking, and only
 *   while that moment is still ahead: a reminder whose time has passed when the booking is made (a booking an hour
 *   ahead, a 24-hour reminder) is not sent late, and nothing is sent about a booking in the past.
 * - the other triggers: at once, when their event happens; never about a booking that already ended (a cancelled
 *   or moved meeting of last week tells nobody anything), except a no-show mark, which comes after the meeting by nature.
 */
import type { WorkflowTrigger } from "./workflow.schemas";

export type PlannedBooking = { start: Date; end: Date; status: "accepted" | "pending" | "cancelled" | "rejected" };
export type PlannedWorkflow = { trigger: WorkflowTrigger; offsetMinutes: number };

const MINUTE = 60_000;

export function reminderTime(workflow: PlannedWorkflow, booking: PlannedBooking, now: Date): Date | null {
  if (workflow.trigger === "beforeEvent" || workflow.trigger === "afterEvent") {
    if (booking.status !== "accepted") return null;
    const at =
      workflow.trigger === "beforeEvent"
        ? new Date(booking.start.getTime() - workflow.offsetMinutes * MINUTE)
        : new Date(booking.end.getTime() + workflow.offsetMinutes * MINUTE);
    return at.getTime() > now.getTime() ? at : null;
  }
  if (workflow.trigger !== "bookingNoShowUpdated" && booking.end.getTime() <= now.getTime()) return null;
  return now;
}

/** The workflow triggers a domain event fires, and whether it also (re)schedules the booking's timed reminders. */
export function triggersOfEvent(eventType: string, bookingStatus: PlannedBooking["status"]): WorkflowTrigger[] {
  const timed: WorkflowTrigger[] = ["beforeEvent", "afterEvent"];
  switch (eventType) {
    case "BOOKING_CREATED":
      return bookingStatus === "accepted" ? ["newEvent", ...timed] : [];
    // A requested booking became a booking: its reminders start now (its request was answered by bookingRequested).
    case "BOOKING_CONFIRMED":
      return ["newEvent", ...timed];
    case "BOOKING_REQUESTED":
      return ["bookingRequested"];
    case "BOOKING_RESCHEDULED":
      return ["rescheduleEvent", ...timed];
    case "BOOKING_CANCELLED":
      return ["eventCancelled"];
    case "BOOKING_REJECTED":
      return ["bookingRejected"];
    case "BOOKING_NO_SHOW_UPDATED":
      return ["bookingNoShowUpdated"];
    default:
      return [];
  }
}

/** Events after which a booking's reminders still waiting must not go out (the booking is gone or moved). */
export const DROPS_WAITING_REMINDERS = ["BOOKING_CANCELLED", "BOOKING_REJECTED", "BOOKING_RESCHEDULED"] as const;
