/** Step: the booking's stored values, from the event type, the request, the booker's answers and the chosen hosts. */
import type { BookerAnswers } from "./check-booker";
import type { NewBooking } from "./booking-insert";
import { hostNameOf, slotBookingData, type BookableEventType } from "./booking-rules";
import type { TCreateBookingInput } from "./booking.schemas";
import { bookingTitle } from "./booking-title";
import { attendeeEmailOf } from "./phone-only-attendee";

/** The request's idempotency key with its fingerprint (idempotency-key.ts), stored with the booking it made. */
export type KeyedRequest = { idempotencyKey: string; fingerprint: string };

export function newBookingOf(
  eventType: BookableEventType,
  input: TCreateBookingInput,
  answers: BookerAnswers,
  slot: { end: Date; hostIds: number[] },
  keyed: KeyedRequest | null,
  now = new Date(),
): NewBooking {
  const { attendee, guests = [] } = input;
  const { location, bookingFieldsResponses } = answers;
  const attendeeEmail = attendeeEmailOf(attendee);
  const hostName = hostNameOf(eventType, slot.hostIds[0]!);
  const { status } = slotBookingData(eventType, input.start, slot.end, slot.hostIds, now);
  return {
    eventTypeId: eventType.id,
    start: input.start,
    end: slot.end,
    status,
    hostIds: slot.hostIds,
    title: bookingTitle({ ...eventType, eventTitle: eventType.title, hostName, attendeeName: attendee.name, location }),
    description: eventType.description,
    location,
    metadata: input.metadata ?? {},
    idempotencyKey: keyed?.idempotencyKey ?? null,
    idempotencyFingerprint: keyed?.fingerprint ?? null,
    bookingFieldsResponses,
    attendees: [
      { name: attendee.name, email: attendeeEmail, timeZone: attendee.timeZone, language: attendee.language, phoneNumber: attendee.phoneNumber ?? null },
      ...[...new Set(guests)]
        .filter((email) => email !== attendeeEmail)
        .map((email) => ({ name: email.split("@")[0]!, email, timeZone: attendee.timeZone, language: attendee.language, isGuest: true })),
    ],
  };
}
