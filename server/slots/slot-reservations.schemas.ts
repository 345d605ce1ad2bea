/** Slot reservations, the peer's ReserveSlotInput_2024_09_04 and ReserveSlotOutput_2024_09_04. */
import { z } from "zod";
import { ZIdField } from "../http/ids";
import { ZTimestamp } from "../time/timestamps";

export const DEFAULT_RESERVATION_MINUTES = 5;
/** A hold longer than an hour would let anyone keep a host's time off the market; the peer sets no bound, we do. */
export const MAX_RESERVATION_MINUTES = 60;

export const ZReserveSlotInput = z
  .object({
    eventTypeId: ZIdField.describe("The event type whose slot is held"),
    slotStart: ZTimestamp("2050-09-05T09:00:00Z").describe("The slot's start: a start listed by GET /v2/slots, as a full ISO 8601 timestamp"),
    slotDuration: z
      .number()
      .int("slotDuration must be a whole number of minutes")
      .min(1)
      .max(1440)
      .optional()
      .describe("Slot length in minutes: one of the event type's lengthInMinutesOptions (default: its lengthInMinutes)"),
    reservationDuration: z
      .number()
      .int("reservationDuration must be a whole number of minutes")
      .min(1, "reservationDuration must be at least 1 minute")
      .max(MAX_RESERVATION_MINUTES, `reservationDuration is at most ${MAX_RESERVATION_MINUTES} minutes`)
      .optional()
      .describe(
        `Minutes the slot stays held (default ${DEFAULT_RESERVATION_MINUTES}, at most ${MAX_RESERVATION_MINUTES}); only for authenticated requests by a host of the event type`,
      ),
  })
  .strict();
export type TReserveSlotInput = z.output<typeof ZReserveSlotInput>;

export const ZReservationUidParams = z.object({ uid: z.string().min(1).max(64).describe("The reservationUid a reservation was answered with") });

export const ZReservationOutput = z.object({
  eventTypeId: z.number().int().describe("The event type whose slot is held"),
  slotStart: z.string().describe("Slot start, ISO 8601 UTC"),
  slotEnd: z.string().describe("Slot end, ISO 8601 UTC"),
  slotDuration: z.number().int().describe("Slot length in minutes"),
  reservationUid: z.string().describe(`Identifies the reservation: send it in the svc-reservation-uid header of POST /v2/bookings to book the held slot`),
  reservationDuration: z.number().int().describe("Minutes the slot is held for, from the reservation's creation or last update"),
  reservationUntil: z.string().describe("ISO 8601 UTC: until then nobody else can book the slot or hold it"),
});
export type TReservationOutput = z.infer<typeof ZReservationOutput>;

/**
 * POST /v2/slots/reserve, the peer's older reservation call: its body (`slotUtcStartDate`, `slotUtcEndDate`) or the
 * current one, read as a reservation of that start for that length. The answer is the current reservation shape.
 */
export const ZLegacyReserveSlotInput = ZReserveSlotInput.partial({ slotStart: true })
  .extend({
    slotUtcStartDate: ZTimestamp("2050-09-05T09:00:00Z").optional().describe("The peer's older name for slotStart"),
    slotUtcEndDate: ZTimestamp("2050-09-05T09:30:00Z").optional().describe("The slot's end: with slotUtcStartDate, it gives slotDuration"),
  })
  .strict()
  .superRefine((value, context) => {
    if ((value.slotStart === undefined) === (value.slotUtcStartDate === undefined)) {
      context.addIssue({ code: "custom", path: ["slotStart"], message: "Send slotStart, or the older slotUtcStartDate (not both)" });
    }
    if (value.slotUtcEndDate && value.slotDuration !== undefined) {
      context.addIssue({ code: "custom", path: ["slotUtcEndDate"], message: "Send slotDuration or slotUtcEndDate, not both" });
    }
    const start = value.slotStart ?? value.slotUtcStartDate;
    if (value.slotUtcEndDate && start && value.slotUtcEndDate <= start) {
      context.addIssue({ code: "custom", path: ["slotUtcEndDate"], message: "slotUtcEndDate must be after the slot's start" });
    }
  })
  .transform(({ slotUtcStartDate, slotUtcEndDate, ...rest }): TReserveSlotInput => {
    const slotStart = (rest.slotStart ?? slotUtcStartDate)!;
    const slotDuration = slotUtcEndDate ? Math.round((slotUtcEndDate.getTime() - slotStart.getTime()) / 60_000) : rest.slotDuration;
    return { ...rest, slotStart, ...(slotDuration === undefined ? {} : { slotDuration }) };
  });
