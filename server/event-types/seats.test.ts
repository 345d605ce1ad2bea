/** The peer's seats as columns and back (pure). */
import { describe, expect, it } from "vitest";
import { seatsColumns, seatsInput, seatsProblem, toSeatsOutput, ZSeatsInput } from "./seats";

const seats = { seatsPerTimeSlot: 8, showAttendeeInfo: true, showAvailabilityCount: false };

describe("seats", () => {
  it("stores the peer's shape as three columns and reads it back; {disabled: true} clears them; absent changes nothing", () => {
    const columns = seatsColumns(seats);
    expect(columns).toEqual({ seatsPerTimeSlot: 8, seatsShowAttendees: true, seatsShowAvailabilityCount: false });
    expect(toSeatsOutput(columns as Required<typeof columns>)).toEqual(seats);
    const off = seatsColumns({ disabled: true });
    expect(off.seatsPerTimeSlot).toBeNull();
    expect(toSeatsOutput(off as Required<typeof off>)).toBeUndefined();
    expect(seatsColumns(undefined)).toEqual({});
    expect(seatsInput(undefined)).toEqual({ disabled: true });
    expect(seatsInput(seats)).toEqual(seats);
  });

  it("refuses a partial shape, no seats, and disabled: false", () => {
    for (const value of [
      { seatsPerTimeSlot: 4 },
      { ...seats, seatsPerTimeSlot: 0 },
      { ...seats, seatsPerTimeSlot: 2.5 },
      { disabled: false },
      { ...seats, extra: 1 },
    ]) {
      expect(ZSeatsInput.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it("does not mix with confirmation", () => {
    expect(seatsProblem({ seatsPerTimeSlot: 3, requiresConfirmation: true })).toMatch(/confirmation/);
    expect(seatsProblem({ seatsPerTimeSlot: 3, requiresConfirmation: false })).toBeNull();
    expect(seatsProblem({ seatsPerTimeSlot: null, requiresConfirmation: true })).toBeNull();
  });
});
