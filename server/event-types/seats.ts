/**
 * The peer's seats: {seatsPerTimeSlot, showAttendeeInfo, showAvailabilityCount} or {disabled: true}. Stored as three
 * columns (seatsPerTimeSlot null: not seated). How a seat is booked: server/bookings/create/seats.ts.
 */
import { z } from "zod";

export const MAX_SEATS_PER_TIME_SLOT = 1000;

export const ZSeatsInput = z
  .union(
    [
      z
        .object({
          seatsPerTimeSlot: z
            .number()
            .int("seatsPerTimeSlot is a whole number")
            .min(1, "seatsPerTimeSlot is at least 1")
            .max(MAX_SEATS_PER_TIME_SLOT, `seatsPerTimeSlot is at most ${MAX_SEATS_PER_TIME_SLOT}`)
            .describe("How many attendees may book one slot (they share one booking)"),
          showAttendeeInfo: z.boolean().describe("Whether attendees see each other's names and e-mails"),
          showAvailabilityCount: z.boolean().describe("Whether the booking page shows how many seats are left"),
        })
        .strict(),
      z.object({ disabled: z.literal(true) }).strict(),
    ],
    { error: 'seats is {"seatsPerTimeSlot": <1 or more>, "showAttendeeInfo": <boolean>, "showAvailabilityCount": <boolean>} or {"disabled": true}' },
  )
  .describe("Seated event type: several attendees book the same slot, each with their own seat; {disabled: true} turns seats off");
export type TSeatsInput = z.output<typeof ZSeatsInput>;

export type SeatsColumns = { seatsPerTimeSlot: number | null; seatsShowAttendees: boolean; seatsShowAvailabilityCount: boolean };

export const SEATS_SELECT = { seatsPerTimeSlot: true, seatsShowAttendees: true, seatsShowAvailabilityCount: true } as const;

export function seatsColumns(seats: TSeatsInput | undefined): Partial<SeatsColumns> {
  if (seats === undefined) return {};
  if ("disabled" in seats) return { seatsPerTimeSlot: null, seatsShowAttendees: false, seatsShowAvailabilityCount: true };
  return { seatsPerTimeSlot: seats.seatsPerTimeSlot, seatsShowAttendees: seats.showAttendeeInfo, seatsShowAvailabilityCount: seats.showAvailabilityCount };
}

export const ZSeatsOutput = z
  .object({ seatsPerTimeSlot: z.number().int(), showAttendeeInfo: z.boolean(), showAvailabilityCount: z.boolean() })
  .optional()
  .describe("Left out when the event type is not seated");

export function toSeatsOutput(row: SeatsColumns): z.infer<typeof ZSeatsOutput> {
  if (row.seatsPerTimeSlot === null) return undefined;
  return { seatsPerTimeSlot: row.seatsPerTimeSlot, showAttendeeInfo: row.seatsShowAttendees, showAvailabilityCount: row.seatsShowAvailabilityCount };
}

/** The output read back as a body (the site's editor, duplicates). */
export const seatsInput = (seats: z.infer<typeof ZSeatsOutput>): TSeatsInput => seats ?? { disabled: true };

/**
 * Seats and confirmation do not mix (as in the peer's editor): a seat is taken at once, so a booking the host has yet
 * to confirm would hold other attendees' seats hostage. Checked on the values an update leaves.
 */
export function seatsProblem(after: { seatsPerTimeSlot: number | null; requiresConfirmation: boolean }): string | null {
  return after.seatsPerTimeSlot !== null && after.requiresConfirmation ? "A seated event type cannot require confirmation: turn one of them off" : null;
}
