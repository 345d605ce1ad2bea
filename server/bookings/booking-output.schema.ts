/** The booking response shape for the API reference (the values come from booking.dto.ts). */
import { z } from "zod";

const ZPerson = z.object({ id: z.number().int(), name: z.string(), email: z.string(), username: z.string(), timeZone: z.string() });

export const ZAttendeeOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  displayEmail: z.string(),
  timeZone: z.string(),
  language: z.string(),
  absent: z.boolean(),
  phoneNumber: z.string().optional(),
});

/** A booking's attendee; on a seated booking, also its seat (the peer's SeatedAttendee: seatUid and its own answers). */
const ZBookingAttendeeOutput = ZAttendeeOutput.extend({
  seatUid: z.string().optional().describe("Seated: the seat"),
  bookingFieldsResponses: z.record(z.string(), z.unknown()).optional().describe("Seated: its answers"),
});

export const ZBookingOutput = z.object({
  id: z.number().int(),
  uid: z.string(),
  title: z.string(),
  description: z.string(),
  hosts: z.array(ZPerson),
  status: z.enum(["accepted", "pending", "cancelled", "rejected"]),
  cancellationReason: z.string().optional(),
  cancelledByEmail: z.string().optional(),
  reschedulingReason: z.string().optional(),
  rescheduledByEmail: z.string().optional().describe("Who moved it: the reschedule's rescheduledBy, else the signed-in caller's e-mail"),
  rescheduledFromUid: z.string().optional(),
  rescheduledToUid: z.string().optional(),
  start: z.string().describe("ISO 8601 UTC"),
  end: z.string().describe("ISO 8601 UTC"),
  duration: z.number().int().describe("Minutes"),
  eventTypeId: z.number().int().nullable(),
  eventType: z.object({ id: z.number().int(), slug: z.string() }).nullable(),
  meetingUrl: z.string().optional(),
  location: z.string().describe("Where the meeting takes place: a link, address or phone; empty when none"),
  absentHost: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  icsUid: z.string(),
  seatUid: z.string().optional().describe("Seated: the caller's seat"),
  attendees: z.array(ZBookingAttendeeOutput),
  guests: z.array(z.string()),
  bookingFieldsResponses: z
    .record(z.string(), z.unknown())
    .describe("The booker's name, email (left out for a phone-only booker), attendeePhoneNumber, answers to the event type's bookingFields, and guests"),
  recurringBookingUid: z
    .string()
    .optional()
    .describe("The series this booking is an occurrence of (GET /v2/bookings/{recurringBookingUid} reads it whole); left out for a single booking"),
});

/**
 * POST /v2/bookings and GET /v2/bookings/{uid}: one booking, or a series' occurrences in order (the peer's
 * RecurringBookingOutput_2024_08_13[]); for a seated series, each occurrence with its seat fields set (the peer's
 * CreateRecurringSeatedBookingOutput_2024_08_13[] and GetRecurringSeatedBookingOutput_2024_08_13[]).
 */
export const ZBookingOrSeriesOutput = z.union([ZBookingOutput, z.array(ZBookingOutput)]);
