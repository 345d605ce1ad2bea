/**
 * The webhook bodies as the API reference describes them (components/docs/webhook-payloads-table.tsx): per trigger,
 * the payload fields a receiver written for the peer reads. webhook-payload.test.ts checks each field named here is in
 * a body built for that trigger, so this page cannot promise a field the bodies lack.
 */
const BOOKING_FIELDS =
  "type, title, description, additionalNotes, customInputs, startTime, endTime, organizer (id, name, email, username, timeZone, language.locale, timeFormat, utcOffset), attendees (name, email, firstName, lastName, timeZone, language.locale, utcOffset, noShow), responses and userFieldsResponses ({label, value, isHidden} per field), location, destinationCalendar, uid, bookingId, eventTypeId, eventTitle, eventDescription, requiresConfirmation, price, currency, length, seatsShowAttendees, seatsPerTimeSlot, status, metadata";

export type TWebhookPayloadDoc = { trigger: string; when: string; fields: string };

export const WEBHOOK_PAYLOAD_DOCS: readonly TWebhookPayloadDoc[] = [
  { trigger: "BOOKING_CREATED", when: "A booking is made, or a requested one confirmed", fields: BOOKING_FIELDS },
  { trigger: "BOOKING_REQUESTED", when: "A booking needs the host's confirmation", fields: BOOKING_FIELDS },
  {
    trigger: "BOOKING_RESCHEDULED",
    when: "A booking is moved (the payload is the new booking)",
    fields: `${BOOKING_FIELDS}, rescheduleUid, rescheduleId, rescheduleStartTime, rescheduleEndTime`,
  },
  { trigger: "BOOKING_CANCELLED", when: "A booking is cancelled", fields: `${BOOKING_FIELDS}, cancelledBy, cancellationReason, requestReschedule` },
  { trigger: "BOOKING_REJECTED", when: "A requested booking is declined", fields: `${BOOKING_FIELDS}, rejectionReason` },
  {
    trigger: "BOOKING_NO_SHOW_UPDATED",
    when: "Attendees (or the host) are marked absent or present",
    fields: "bookingUid, bookingId, attendees (email, noShow), message",
  },
  {
    trigger: "OOO_CREATED",
    when: "An out-of-office entry is created",
    fields: "oooEntry (id, uuid, start, end, createdAt, updatedAt, notes, reason (emoji, reason), reasonId, user, toUser)",
  },
  { trigger: "PING", when: "“Send test event”", fields: "type, title, description, startTime, endTime, organizer, attendees" },
];

/** The top-level payload field names a doc entry promises (what precedes each parenthesis). */
export function documentedFieldNames(fields: string): string[] {
  const topLevel = fields.replace(/\([^()]*(\([^()]*\)[^()]*)*\)/g, "");
  return topLevel
    .split(/,| and /)
    .map((name) => name.trim())
    .filter(Boolean);
}
