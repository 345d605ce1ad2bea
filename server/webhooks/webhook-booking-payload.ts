/**
 * A booking's webhook payload in the peer's shape (its 2021-10-20 BookingPayloadBuilder: the CalendarEvent spread,
 * then the event type's fields and the trigger's own), built from two things: the booking as its domain event
 * recorded it (parsed leniently, so an event written before a field existed still makes a whole body) and the
 * settings read when the message is made (webhook-payload-context.ts). Pure.
 */
import { z } from "zod";
import { bookingFieldsOutput, type TBookingFieldOutput } from "../event-types/booking-fields";
import { utcOffsetMinutes } from "../time/zone-clock";

const ZHost = z.object({ id: z.number(), name: z.string(), email: z.string(), username: z.string().default(""), timeZone: z.string().default("UTC") });
const ZAttendee = z.object({
  name: z.string(),
  email: z.string(),
  timeZone: z.string().default("UTC"),
  language: z.string().default("en"),
  absent: z.boolean().default(false),
  phoneNumber: z.string().optional(),
});
const ZRecord = z.record(z.string(), z.unknown()).catch({});

/** The booking output DTO (booking.dto.ts) as events have recorded it over time: what a later field lacks is defaulted. */
export const ZBookingSnapshot = z.object({
  id: z.number(),
  uid: z.string(),
  title: z.string().default(""),
  description: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
  hosts: z.array(ZHost).default([]),
  status: z.string().transform((value) => value.toUpperCase()),
  cancellationReason: z.string().optional(),
  cancelledByEmail: z.string().optional(),
  reschedulingReason: z.string().optional(),
  rescheduledByEmail: z.string().optional(),
  rescheduledFromUid: z.string().optional(),
  rescheduledToUid: z.string().optional(),
  start: z.string(),
  end: z.string(),
  eventTypeId: z.number().nullable().default(null),
  eventType: z.object({ id: z.number(), slug: z.string() }).nullable().default(null),
  location: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
  absentHost: z.boolean().default(false),
  createdAt: z.string().optional(),
  metadata: ZRecord.default({}),
  icsUid: z.string().optional(),
  attendees: z.array(ZAttendee).default([]),
  bookingFieldsResponses: ZRecord.default({}),
  recurringBookingUid: z.string().optional(),
});
export type TBookingSnapshot = z.infer<typeof ZBookingSnapshot>;

export type TDestinationCalendar = { id: number; integration: string; externalId: string; userId: number; eventTypeId: null; credentialId: number };

/** What the message reads when it is made: the event type's settings and the hosts' preferences. */
export type BookingPayloadContext = {
  eventType: {
    title: string;
    description: string | null;
    requiresConfirmation: boolean;
    bookingFields: unknown;
    schedulingType: string | null;
    /** Seats (event-types/seats.ts); absent on contexts made before them: not seated. A seat's events name its attendee alone. */
    seatsPerTimeSlot?: number | null;
    seatsShowAttendees?: boolean;
    seatsShowAvailabilityCount?: boolean;
  } | null;
  team: { id: number; name: string } | null;
  /** Each host's locale and clock (12 or 24), by user id. */
  people: Record<number, { locale: string; timeFormat: number }>;
  /** The organizer's destination calendar, as the peer's DestinationCalendar row. */
  destinationCalendar: TDestinationCalendar | null;
};

/** The booking this one replaced (a BOOKING_RESCHEDULED's rescheduleId, rescheduleUid and times). */
export type PreviousBooking = { id?: number; uid: string; start?: string; end?: string };

/** The peer's labels of the default fields (its i18n keys) where the event type kept Convene's own label. */
const PEER_DEFAULT_LABELS: Record<string, string> = {
  name: "your_name",
  email: "email_address",
  location: "location",
  title: "what_is_this_meeting_about",
  notes: "additional_notes",
  guests: "additional_guests",
  rescheduleReason: "reason_for_reschedule",
  attendeePhoneNumber: "phone_number",
};
const CONVENE_DEFAULT_LABELS = Object.fromEntries(bookingFieldsOutput([]).map((field) => [field.slug, field.label]));

type Response = { label: string; value?: unknown; isHidden: boolean };

function labelOf(field: TBookingFieldOutput): string {
  const peer = PEER_DEFAULT_LABELS[field.slug];
  return peer && (!field.isDefault || field.label === CONVENE_DEFAULT_LABELS[field.slug]) ? peer : field.label;
}

/**
 * The peer's `responses` (every field of the form, `{label, value}`, the value left out when unanswered) and
 * `userFieldsResponses` (the event type's own questions only). Answers to a field the form no longer has keep their slug as label.
 */
export function peerResponsesOf(booking: TBookingSnapshot, bookingFields: unknown) {
  const answers: Record<string, unknown> = { ...booking.bookingFieldsResponses };
  if (booking.location) answers.location = { value: booking.location, optionValue: "" };
  if (booking.reschedulingReason) answers.rescheduleReason = booking.reschedulingReason;
  const responses: Record<string, Response> = {};
  const userFieldsResponses: Record<string, Response> = {};
  for (const field of bookingFieldsOutput(bookingFields)) {
    const response = { label: labelOf(field), ...(answers[field.slug] !== undefined ? { value: answers[field.slug] } : {}), isHidden: field.hidden };
    responses[field.slug] = response;
    if (!field.isDefault) userFieldsResponses[field.slug] = response;
    delete answers[field.slug];
  }
  for (const [slug, value] of Object.entries(answers)) {
    responses[slug] = { label: PEER_DEFAULT_LABELS[slug] ?? slug, value, isHidden: false };
    if (!(slug in PEER_DEFAULT_LABELS)) userFieldsResponses[slug] = responses[slug]!;
  }
  return { responses, userFieldsResponses };
}

/** The peer's Person.timeFormat: its dayjs pattern for a 12- or 24-hour clock. */
const timeFormatOf = (clock: number | undefined) => (clock === 12 ? "h:mma" : "HH:mm");

function splitName(name: string) {
  const trimmed = name.trim();
  const space = trimmed.indexOf(" ");
  return space === -1 ? { firstName: trimmed, lastName: "" } : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

function organizerOf(booking: TBookingSnapshot, context: BookingPayloadContext) {
  const host = booking.hosts[0];
  if (!host) return { name: "", email: "", timeZone: "UTC", language: { locale: "en" }, timeFormat: timeFormatOf(undefined), utcOffset: 0 };
  const person = context.people[host.id];
  return {
    id: host.id,
    name: host.name,
    email: host.email,
    username: host.username,
    timeZone: host.timeZone,
    language: { locale: person?.locale ?? "en" },
    timeFormat: timeFormatOf(person?.timeFormat),
    utcOffset: utcOffsetMinutes(host.timeZone, booking.start),
  };
}

function attendeesOf(booking: TBookingSnapshot) {
  return booking.attendees.map((attendee) => ({
    name: attendee.name,
    email: attendee.email,
    ...splitName(attendee.name),
    timeZone: attendee.timeZone,
    language: { locale: attendee.language },
    utcOffset: utcOffsetMinutes(attendee.timeZone, booking.start),
    noShow: attendee.absent,
    ...(attendee.phoneNumber ? { phoneNumber: attendee.phoneNumber } : {}),
  }));
}

/** The peer's `team`: the team's name and id, and the other hosts of this booking. */
function teamOf(booking: TBookingSnapshot, context: BookingPayloadContext) {
  if (!context.team) return undefined;
  const members = booking.hosts.slice(1).map((host) => ({
    id: host.id,
    name: host.name,
    email: host.email,
    timeZone: host.timeZone,
    language: { locale: context.people[host.id]?.locale ?? "en" },
  }));
  return { name: context.team.name, id: context.team.id, members };
}

/** The fields every booking trigger sends. */
export function bookingPayloadOf(booking: TBookingSnapshot, context: BookingPayloadContext): Record<string, unknown> {
  const { responses, userFieldsResponses } = peerResponsesOf(booking, context.eventType?.bookingFields ?? []);
  const notes = booking.bookingFieldsResponses.notes;
  const additionalNotes = typeof notes === "string" ? notes : "";
  return {
    type: booking.eventType?.slug ?? "",
    title: booking.title,
    description: booking.description || additionalNotes,
    additionalNotes,
    customInputs: {},
    startTime: booking.start,
    endTime: booking.end,
    organizer: organizerOf(booking, context),
    attendees: attendeesOf(booking),
    responses,
    userFieldsResponses,
    bookingFieldsResponses: booking.bookingFieldsResponses,
    team: teamOf(booking, context),
    location: booking.location,
    destinationCalendar: context.destinationCalendar ? [context.destinationCalendar] : null,
    hideCalendarNotes: false,
    hideCalendarEventDetails: false,
    hideOrganizerEmail: false,
    schedulingType: context.eventType?.schedulingType ?? null,
    seatsPerTimeSlot: context.eventType?.seatsPerTimeSlot ?? null,
    seatsShowAttendees: context.eventType?.seatsShowAttendees ?? false,
    seatsShowAvailabilityCount: context.eventType?.seatsPerTimeSlot ? (context.eventType.seatsShowAvailabilityCount ?? false) : false,
    iCalUID: booking.icsUid ?? booking.uid,
    uid: booking.uid,
    bookingId: booking.id,
    eventTypeId: booking.eventTypeId,
    eventTitle: context.eventType?.title ?? booking.title,
    eventDescription: context.eventType?.description ?? "",
    requiresConfirmation: context.eventType?.requiresConfirmation ?? false,
    // Convene takes no payments: the peer's values for a free event type.
    price: 0,
    currency: "usd",
    length: Math.round((new Date(booking.end).getTime() - new Date(booking.start).getTime()) / 60_000),
    status: booking.status,
    metadata: booking.metadata,
    noShowHost: booking.absentHost,
    cancellationReason: booking.cancellationReason,
    rescheduleReason: booking.reschedulingReason,
    rescheduledFromUid: booking.rescheduledFromUid,
    rescheduledToUid: booking.rescheduledToUid,
    createdAt: booking.createdAt,
    // An occurrence of a series: its id, under the peer's name for it (each occurrence's events fire on their own).
    ...(booking.recurringBookingUid ? { recurringEventId: booking.recurringBookingUid } : {}),
  };
}

/** The fields only one trigger sends, as the peer's builder adds them. */
export function triggerFieldsOf(
  trigger: string,
  booking: TBookingSnapshot,
  context: BookingPayloadContext,
  previous: PreviousBooking | null,
): Record<string, unknown> {
  switch (trigger) {
    case "BOOKING_CANCELLED":
      // Cancelled without an account (the booking's own link, which its booker holds): the booker.
      return { cancelledBy: booking.cancelledByEmail ?? booking.attendees[0]?.email, requestReschedule: false };
    case "BOOKING_REJECTED":
      // The DTO carries a decline's reason as cancellationReason (the peer's BookingOutput does); the peer's body
      // for a decline has an empty list, never null, where no destination calendar is set.
      return { rejectionReason: booking.cancellationReason, destinationCalendar: context.destinationCalendar ? [context.destinationCalendar] : [] };
    case "BOOKING_RESCHEDULED": {
      const uid = previous?.uid ?? booking.rescheduledFromUid;
      return {
        rescheduleUid: uid,
        rescheduleId: previous?.id,
        rescheduleStartTime: previous?.start,
        rescheduleEndTime: previous?.end,
        // Who moved it (the reschedule's rescheduledBy, else the signed-in caller), as the peer's CalendarEvent names it.
        rescheduledBy: booking.rescheduledByEmail,
      };
    }
    default:
      return {};
  }
}
