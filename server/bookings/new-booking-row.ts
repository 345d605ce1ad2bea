/**
 * The row a new booking's insert stores, built from what the booking already knows (its values, the ids reserved for
 * it, the event type's row with its hosts), so a booking written in one batch of statements answers and emits its
 * event without reading itself back. JSON values go through JSON as the jsonb columns would give them back; a test
 * holds this to the stored row read with BOOKING_SELECT.
 */
import type { BookingRow } from "./booking.dto";
import type { NewBooking, ReservedIds } from "./booking-insert";

export type BookingHostUser = BookingRow["hosts"][number]["user"];

const viaJson = (value: unknown) => (value === undefined || value === null ? null : (JSON.parse(JSON.stringify(value)) as unknown));

export function newBookingRow(
  booking: NewBooking,
  written: { ids: ReservedIds; uid: string; now: Date; eventType: { id: number; slug: string }; hosts: readonly BookingHostUser[] },
): BookingRow {
  const { ids, uid, now, eventType } = written;
  return {
    id: ids.bookingId,
    uid,
    title: booking.title,
    description: booking.description,
    status: booking.status,
    start: booking.start,
    end: booking.end,
    location: viaJson(booking.location),
    metadata: viaJson(booking.metadata ?? {}),
    cancellationReason: null,
    cancelledByEmail: null,
    rescheduledByEmail: null,
    rejectionReason: null,
    reschedulingReason: null,
    rescheduledFromUid: null,
    rescheduledToUid: null,
    absentHost: false,
    bookingFieldsResponses: viaJson(booking.bookingFieldsResponses ?? {}),
    createdAt: now,
    updatedAt: now,
    eventTypeId: booking.eventTypeId,
    eventType,
    hosts: [...written.hosts].sort((a, b) => a.id - b.id).map((user) => ({ user: { ...user } })),
    attendees: booking.attendees.map((attendee, index) => ({
      id: ids.attendeeIds[index]!,
      name: attendee.name,
      email: attendee.email,
      timeZone: attendee.timeZone,
      language: attendee.language ?? "en",
      absent: false,
      isGuest: attendee.isGuest ?? false,
      phoneNumber: attendee.phoneNumber ?? null,
    })),
  };
}
