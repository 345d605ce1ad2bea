/**
 * What a booking event asks of the booking's meeting. The one place the conferencing subscriber reads an event, so a
 * change to the events' shape (versioned payloads) is made here alone.
 */
import { bookingPayloadOf } from "../events/booking-events";
import type { DomainEvent, DomainEventType } from "../events/domain-events";

export type MeetingChange = {
  eventId: string;
  occurredAt: Date;
  bookingId: number;
  /** A reschedule: the booking whose meeting moves to this one. */
  previousBookingId?: number;
  /** The times or title may have changed: the provider's meeting is updated. */
  movesMeeting: boolean;
  /** The event sends a mail that should carry the link (its letter waits for it a while; meeting-location.ts). */
  mailsLink: boolean;
};

const KINDS: Partial<Record<DomainEventType, { movesMeeting: boolean; mailsLink: boolean }>> = {
  BOOKING_CREATED: { movesMeeting: false, mailsLink: true },
  BOOKING_REQUESTED: { movesMeeting: false, mailsLink: false },
  BOOKING_CONFIRMED: { movesMeeting: false, mailsLink: true },
  BOOKING_RESCHEDULED: { movesMeeting: true, mailsLink: true },
  BOOKING_CANCELLED: { movesMeeting: false, mailsLink: false },
  BOOKING_REJECTED: { movesMeeting: false, mailsLink: false },
  BOOKING_LOCATION_UPDATED: { movesMeeting: false, mailsLink: false },
  BOOKING_REASSIGNED: { movesMeeting: true, mailsLink: false },
};

export function meetingChangeOf(event: DomainEvent): MeetingChange | null {
  const kind = KINDS[event.type];
  if (!kind) return null;
  const { booking, previousBooking } = bookingPayloadOf(event);
  return {
    eventId: event.id,
    occurredAt: new Date(event.occurredAt),
    bookingId: booking.id,
    ...(event.type === "BOOKING_RESCHEDULED" && previousBooking ? { previousBookingId: previousBooking.id } : {}),
    ...kind,
  };
}
