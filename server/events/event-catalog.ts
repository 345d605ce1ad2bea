/**
 * Convene's domain events, each name with its versions (event-definitions.ts). The booking snapshot in an event is a
 * contract of its own (ZBookingEventSnapshot), not the API's output type: today it has the same fields as the v2
 * booking output, and the compiler holds the two together where the event is written (booking-events.ts), so the
 * API can change its output only by changing this contract, with a new version, knowingly.
 *
 * - v1 of the booking events: rows written before events had versions. Their snapshot was the booking output of
 *   the day, so older rows lack fields added since (the booking-field answers, the iCalendar uid, a no-show's own
 *   change): read leniently, upgraded to v2 with those fields derived as the output derives them.
 * - v2: the contract. A no-show update names the attendees its change marked (`noShow`); a v1 one is upgraded with
 *   every attendee as the booking stood, which is what it meant.
 */
import { z } from "zod";
import { env } from "../env";
import { ZOooOutput } from "../out-of-office/out-of-office.dto";
import type { DomainEventType } from "./domain-events";
import { defineEvent, type EventDefinition } from "./event-definitions";

const ZHost = z.object({ id: z.number().int(), name: z.string(), email: z.string(), username: z.string(), timeZone: z.string() });

const ZAttendee = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  displayEmail: z.string(),
  timeZone: z.string(),
  language: z.string(),
  absent: z.boolean(),
  phoneNumber: z.string().optional(),
});

/** The booking as the change left it: what every subscriber may rely on. */
export const ZBookingEventSnapshot = z.object({
  id: z.number().int(),
  uid: z.string(),
  title: z.string(),
  description: z.string(),
  hosts: z.array(ZHost),
  status: z.enum(["accepted", "pending", "cancelled", "rejected"]),
  cancellationReason: z.string().optional(),
  cancelledByEmail: z.string().optional(),
  reschedulingReason: z.string().optional(),
  rescheduledByEmail: z.string().optional(),
  rescheduledFromUid: z.string().optional(),
  rescheduledToUid: z.string().optional(),
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  duration: z.number().int(),
  eventTypeId: z.number().int().nullable(),
  eventType: z.object({ id: z.number().int(), slug: z.string() }).nullable(),
  meetingUrl: z.string().optional(),
  location: z.string(),
  absentHost: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** Free-form object (the booking's metadata as given): any JSON object. */
  metadata: z.custom<NonNullable<unknown>>((value) => typeof value === "object" && value !== null && !Array.isArray(value), "expected an object"),
  icsUid: z.string(),
  attendees: z.array(ZAttendee),
  guests: z.array(z.string()),
  bookingFieldsResponses: z.record(z.string(), z.unknown()),
  /** The series the booking is an occurrence of (issue 38); absent for a single booking and in events written before series. */
  recurringBookingUid: z.string().optional(),
});
export type TBookingEventSnapshot = z.infer<typeof ZBookingEventSnapshot>;

/** A no-show update's own change: the attendees it marked or unmarked, and the host's mark if it set one. */
export const ZNoShowChange = z.object({ attendees: z.array(z.object({ email: z.string(), absent: z.boolean() })), host: z.boolean().optional() });
export type TNoShowChange = z.infer<typeof ZNoShowChange>;

/**
 * A meeting's media the provider announced (Zoom's recording notifications): the download links it gave, for the
 * RECORDING_READY and RECORDING_TRANSCRIPTION_GENERATED webhooks. Optional: events before it, and others, have none.
 */
export const ZMeetingMedia = z.object({
  recordings: z.array(z.string()).describe("Download links of the video and audio files"),
  transcripts: z.array(z.object({ format: z.string(), link: z.string() })).describe("Download links of the transcripts, with their format (vtt)"),
});
export type TMeetingMedia = z.infer<typeof ZMeetingMedia>;

export const ZBookingEventPayload = z.object({
  booking: ZBookingEventSnapshot,
  previousBooking: ZBookingEventSnapshot.optional(),
  noShow: ZNoShowChange.optional(),
  media: ZMeetingMedia.optional(),
});
export type TBookingEventPayload = z.infer<typeof ZBookingEventPayload>;

// v1: what a row written before versions may hold. Only what identifies the booking and its people is required.
const ZLegacySnapshot = z.looseObject({
  id: z.number().int(),
  uid: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.string(),
  hosts: z.array(z.looseObject({ id: z.number().int() })).default([]),
  attendees: z.array(z.looseObject({ email: z.string() })).default([]),
});
const ZLegacyBookingPayload = z.looseObject({
  booking: ZLegacySnapshot,
  previousBooking: ZLegacySnapshot.optional(),
  noShow: ZNoShowChange.optional(),
});
type TLegacySnapshot = z.infer<typeof ZLegacySnapshot>;
type TLegacyBookingPayload = z.infer<typeof ZLegacyBookingPayload>;

const text = (value: unknown, fallback = "") => (typeof value === "string" ? value : fallback);

/** A v1 snapshot with the fields added since derived as toBookingOutput derives them. */
function upgradeSnapshot(old: TLegacySnapshot): z.input<typeof ZBookingEventSnapshot> {
  const attendees = old.attendees.map((attendee) => ({
    id: typeof attendee.id === "number" ? attendee.id : 0,
    name: text(attendee.name),
    email: attendee.email,
    displayEmail: text(attendee.displayEmail, attendee.email),
    timeZone: text(attendee.timeZone, "UTC"),
    language: text(attendee.language, "en"),
    absent: attendee.absent === true,
    ...(typeof attendee.phoneNumber === "string" ? { phoneNumber: attendee.phoneNumber } : {}),
  }));
  const start = new Date(old.start);
  const end = new Date(old.end);
  return {
    ...old,
    title: text(old.title),
    description: text(old.description),
    hosts: old.hosts.map((host) => ({
      id: host.id,
      name: text(host.name),
      email: text(host.email),
      username: text(host.username),
      timeZone: text(host.timeZone, "UTC"),
    })),
    status: old.status.toLowerCase() as TBookingEventSnapshot["status"],
    start: start.toISOString(),
    end: end.toISOString(),
    duration: typeof old.duration === "number" ? old.duration : Math.round((end.getTime() - start.getTime()) / 60_000),
    eventTypeId: typeof old.eventTypeId === "number" ? old.eventTypeId : null,
    eventType: (old.eventType as TBookingEventSnapshot["eventType"] | undefined) ?? null,
    location: text(old.location),
    absentHost: old.absentHost === true,
    createdAt: text(old.createdAt, start.toISOString()),
    updatedAt: text(old.updatedAt, text(old.createdAt, start.toISOString())),
    metadata: (old.metadata as Record<string, unknown> | undefined) ?? {},
    icsUid: text(old.icsUid, `${old.uid}@${new URL(env().APP_URL).hostname}`),
    attendees,
    guests: Array.isArray(old.guests) ? (old.guests as string[]) : [],
    bookingFieldsResponses: (old.bookingFieldsResponses as Record<string, unknown> | undefined) ?? {},
  };
}

function upgradeBookingPayload(previous: unknown): z.input<typeof ZBookingEventPayload> {
  const old = previous as TLegacyBookingPayload;
  return {
    booking: upgradeSnapshot(old.booking),
    ...(old.previousBooking ? { previousBooking: upgradeSnapshot(old.previousBooking) } : {}),
    ...(old.noShow ? { noShow: old.noShow } : {}),
  };
}

const bookingEvent = (name: DomainEventType) => [
  defineEvent(name, 1, ZLegacyBookingPayload),
  defineEvent(name, 2, ZBookingEventPayload, upgradeBookingPayload),
];

/** v2 of a no-show update requires its change; a v1 without one meant every attendee as the booking stood. */
const ZNoShowPayload = ZBookingEventPayload.extend({ noShow: ZNoShowChange });
function upgradeNoShowPayload(previous: unknown): z.input<typeof ZNoShowPayload> {
  const upgraded = upgradeBookingPayload(previous);
  const noShow = upgraded.noShow ?? { attendees: upgraded.booking.attendees.map(({ email, absent }) => ({ email, absent })) };
  return { ...upgraded, noShow };
}

export const ZOooEventPayload = z.object({ outOfOffice: ZOooOutput });

/**
 * A routing form's submission as its webhooks carry it (the peer's FORM_SUBMITTED data): the form, the answers by
 * question identifier (`value` and `response`, the same here: options are stored by their text), and where the
 * answers routed (`redirect`, the peer's chosen action; null when no route matched).
 */
export const ZFormEventPayload = z.object({
  formId: z.string(),
  formName: z.string(),
  teamId: z.number().int().nullable(),
  responseId: z.number().int(),
  responses: z.record(z.string(), z.object({ value: z.unknown(), response: z.unknown() })),
  redirect: z
    .object({ type: z.enum(["eventTypeRedirectUrl", "externalRedirectUrl", "customPageMessage"]), value: z.string(), eventTypeId: z.number().int().optional() })
    .nullable(),
});
export type TFormEventPayload = z.infer<typeof ZFormEventPayload>;

export const DOMAIN_EVENTS = {
  BOOKING_CREATED: bookingEvent("BOOKING_CREATED"),
  BOOKING_REQUESTED: bookingEvent("BOOKING_REQUESTED"),
  BOOKING_RESCHEDULED: bookingEvent("BOOKING_RESCHEDULED"),
  BOOKING_CANCELLED: bookingEvent("BOOKING_CANCELLED"),
  BOOKING_CONFIRMED: bookingEvent("BOOKING_CONFIRMED"),
  BOOKING_REJECTED: bookingEvent("BOOKING_REJECTED"),
  BOOKING_NO_SHOW_UPDATED: [
    defineEvent("BOOKING_NO_SHOW_UPDATED", 1, ZLegacyBookingPayload),
    defineEvent("BOOKING_NO_SHOW_UPDATED", 2, ZNoShowPayload, upgradeNoShowPayload),
  ],
  BOOKING_REASSIGNED: bookingEvent("BOOKING_REASSIGNED"),
  BOOKING_LOCATION_UPDATED: bookingEvent("BOOKING_LOCATION_UPDATED"),
  // Meeting and recording events (server/conferencing/zoom-notifications.ts) carry the booking, as the others do.
  MEETING_STARTED: bookingEvent("MEETING_STARTED"),
  MEETING_ENDED: bookingEvent("MEETING_ENDED"),
  RECORDING_READY: bookingEvent("RECORDING_READY"),
  RECORDING_TRANSCRIPTION_GENERATED: bookingEvent("RECORDING_TRANSCRIPTION_GENERATED"),
  // Written as the entry's v2 output since it was added: one version.
  OOO_CREATED: [defineEvent("OOO_CREATED", 1, ZOooEventPayload)],
  FORM_SUBMITTED: [defineEvent("FORM_SUBMITTED", 1, ZFormEventPayload)],
  FORM_SUBMITTED_NO_EVENT: [defineEvent("FORM_SUBMITTED_NO_EVENT", 1, ZFormEventPayload)],
} as const satisfies Record<DomainEventType, readonly EventDefinition[]>;
