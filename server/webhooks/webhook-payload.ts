/**
 * The body a subscriber receives, in the peer's shape: `{ triggerEvent, createdAt, payload }`, where `payload`
 * carries the booking's fields as the peer names them (title, startTime, endTime, organizer, attendees, uid,
 * bookingId, status, location, …). Pure: the caller reads the booking (through the booking output DTO) or passes
 * null, and then the event's own payload snapshot is sent (an out-of-office entry, a booking since deleted).
 */
import type { TBookingOutput } from "../bookings/booking.dto";

/** What webhooks read of a domain event (server/events/domain-events.ts's DomainEvent has these fields). */
export type WebhookDomainEvent = {
  id: string;
  type: string;
  occurredAt: Date | string;
  bookingUid?: string | null;
  eventTypeId?: number | null;
  teamId?: number | null;
  userIds: readonly number[];
  payload: unknown;
};

export type WebhookBody = { triggerEvent: string; createdAt: string; payload: Record<string, unknown> };

const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export function bookingPayloadOf(booking: TBookingOutput): Record<string, unknown> {
  const organizer = booking.hosts[0];
  return {
    type: booking.eventType?.slug ?? null,
    title: booking.title,
    description: booking.description,
    startTime: booking.start,
    endTime: booking.end,
    length: booking.duration,
    organizer: organizer
      ? {
          id: organizer.id,
          name: organizer.name,
          email: organizer.email,
          username: organizer.username,
          timeZone: organizer.timeZone,
          language: { locale: "en" },
        }
      : null,
    attendees: booking.attendees.map((attendee) => ({
      name: attendee.name,
      email: attendee.email,
      timeZone: attendee.timeZone,
      language: { locale: attendee.language },
      noShow: attendee.absent,
      ...(attendee.phoneNumber ? { phoneNumber: attendee.phoneNumber } : {}),
    })),
    team: booking.hosts.length > 1 ? { members: booking.hosts.map(({ id, name, email, timeZone }) => ({ id, name, email, timeZone })) } : undefined,
    location: booking.location,
    uid: booking.uid,
    bookingId: booking.id,
    eventTypeId: booking.eventTypeId,
    status: booking.status.toUpperCase(),
    responses: booking.bookingFieldsResponses,
    metadata: booking.metadata,
    noShowHost: booking.absentHost,
    cancellationReason: booking.cancellationReason,
    rescheduleReason: booking.reschedulingReason,
    rescheduledBy: booking.rescheduledByEmail,
    rescheduledFromUid: booking.rescheduledFromUid,
    rescheduledToUid: booking.rescheduledToUid,
    createdAt: booking.createdAt,
  };
}

/**
 * An event's own snapshot, as the peer names it: the out-of-office service records `{ outOfOffice }`, and the peer's
 * OOO_CREATED body carries the entry as `oooEntry`.
 */
function snapshotPayloadOf(event: WebhookDomainEvent): Record<string, unknown> {
  const { outOfOffice, ...rest } = asObject(event.payload);
  return outOfOffice === undefined ? rest : { ...rest, oooEntry: outOfOffice };
}

export function webhookPayloadOf(event: WebhookDomainEvent, booking: TBookingOutput | null, trigger: string = event.type): WebhookBody {
  const occurredAt = typeof event.occurredAt === "string" ? event.occurredAt : event.occurredAt.toISOString();
  const payload = booking ? bookingPayloadOf(booking) : snapshotPayloadOf(event);
  return { triggerEvent: trigger, createdAt: occurredAt, payload: JSON.parse(JSON.stringify(payload)) as Record<string, unknown> };
}
