import { describe, expect, it } from "vitest";
import { reminderTime, triggersOfEvent } from "./reminder-plan";

const now = new Date("2030-01-01T10:00:00Z");
const booking = (startIso: string, minutes = 30, status: "accepted" | "pending" | "cancelled" | "rejected" = "accepted") => ({
  start: new Date(startIso),
  end: new Date(new Date(startIso).getTime() + minutes * 60_000),
  status,
});

describe("reminderTime", () => {
  it("puts a before-event reminder its offset before the start while that is ahead, and never late", () => {
    expect(reminderTime({ trigger: "beforeEvent", offsetMinutes: 60 }, booking("2030-01-01T11:10:00Z"), now)).toEqual(new Date("2030-01-01T10:10:00Z"));
    expect(reminderTime({ trigger: "beforeEvent", offsetMinutes: 60 }, booking("2030-01-01T10:30:00Z"), now)).toBeNull();
    expect(reminderTime({ trigger: "beforeEvent", offsetMinutes: 60 }, booking("2030-01-01T11:00:00Z"), now)).toBeNull();
  });

  it("puts an after-event one its offset after the end, for accepted bookings only", () => {
    expect(reminderTime({ trigger: "afterEvent", offsetMinutes: 15 }, booking("2030-01-01T12:00:00Z"), now)).toEqual(new Date("2030-01-01T12:45:00Z"));
    expect(reminderTime({ trigger: "afterEvent", offsetMinutes: 15 }, booking("2030-01-01T12:00:00Z", 30, "pending"), now)).toBeNull();
    expect(reminderTime({ trigger: "afterEvent", offsetMinutes: 15 }, booking("2029-12-31T12:00:00Z"), now)).toBeNull();
  });

  it("sends event-driven ones now, but nothing about a booking that already ended except a no-show mark", () => {
    expect(reminderTime({ trigger: "eventCancelled", offsetMinutes: 0 }, booking("2030-01-02T09:00:00Z", 30, "cancelled"), now)).toEqual(now);
    expect(reminderTime({ trigger: "eventCancelled", offsetMinutes: 0 }, booking("2029-12-31T09:00:00Z", 30, "cancelled"), now)).toBeNull();
    expect(reminderTime({ trigger: "bookingNoShowUpdated", offsetMinutes: 0 }, booking("2030-01-01T08:00:00Z"), now)).toEqual(now);
  });
});

describe("triggersOfEvent", () => {
  it("schedules the timed reminders of accepted bookings only, and after a reschedule", () => {
    expect(triggersOfEvent("BOOKING_CREATED", "accepted")).toEqual(["newEvent", "beforeEvent", "afterEvent"]);
    expect(triggersOfEvent("BOOKING_CREATED", "pending")).toEqual([]);
    expect(triggersOfEvent("BOOKING_REQUESTED", "pending")).toEqual(["bookingRequested"]);
    expect(triggersOfEvent("BOOKING_RESCHEDULED", "accepted")).toEqual(["rescheduleEvent", "beforeEvent", "afterEvent"]);
    expect(triggersOfEvent("BOOKING_CANCELLED", "cancelled")).toEqual(["eventCancelled"]);
    expect(triggersOfEvent("BOOKING_LOCATION_UPDATED", "accepted")).toEqual([]);
  });
});
