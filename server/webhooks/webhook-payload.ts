/**
 * The body a subscriber receives, in the peer's shape: `{ triggerEvent, createdAt, payload }`, `payload` as the
 * peer's 2021-10-20 builders make it for that trigger: a booking's fields (webhook-booking-payload.ts), the
 * no-show body `{bookingUid, bookingId, attendees, message}`, or the out-of-office `oooEntry`. Pure: the caller
 * (webhook-messages.ts) gathers the facts; the schemas the tests hold each body to are in e2e/support/peer.
 */
import { z } from "zod";
import { bookingPayloadOf, triggerFieldsOf, type BookingPayloadContext, type PreviousBooking, type TBookingSnapshot } from "./webhook-booking-payload";

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

type OooPerson = { id: number; name: string | null; username: string | null; timeZone: string; email: string };
/** An out-of-office entry's facts read when the message is made: its times and the people it names. */
export type OooContext = { createdAt: string | null; updatedAt: string | null; user: OooPerson | null; toUser: OooPerson | null };

/** Everything a body is made of besides the event: gathered by webhook-messages.ts. */
/** A booking's meeting as the peer's `videoCallData` names it: the provider's type (zoom_video, …), its id, the join URL. */
export type MeetingFacts = { type: string; id: string; url: string };

export type WebhookFacts = {
  booking: TBookingSnapshot | null;
  context: BookingPayloadContext | null;
  previousBooking: PreviousBooking | null;
  ooo: OooContext | null;
  /** The booking's meeting, for the triggers that announce a booking (absent: none, or not needed). */
  meeting?: MeetingFacts | null;
};

const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** What a BOOKING_NO_SHOW_UPDATED event recorded of its change (server/events/booking-events.ts); absent in older events. */
const ZNoShowChange = z.object({
  attendees: z.array(z.object({ email: z.string(), absent: z.boolean() })).default([]),
  host: z.boolean().optional(),
});

/** The peer's no-show body: the attendees this change marked, and its message ("x marked as no-show"). */
function noShowPayloadOf(event: WebhookDomainEvent, booking: TBookingSnapshot): Record<string, unknown> {
  const change = ZNoShowChange.safeParse(asObject(event.payload).noShow);
  // An event from before the change was recorded: every attendee, as the booking stood.
  const attendees = change.success
    ? change.data.attendees.map(({ email, absent }) => ({ email, noShow: absent }))
    : booking.attendees.map(({ email, absent }) => ({ email, noShow: absent }));
  const host = change.success ? change.data.host : undefined;
  const [only] = attendees;
  const message =
    attendees.length === 1 && only
      ? `${only.email} ${only.noShow ? "marked" : "unmarked"} as no-show`
      : attendees.length === 0 && host !== undefined
        ? `Host ${host ? "marked" : "unmarked"} as no-show`
        : "No-show status updated";
  return { bookingUid: booking.uid, bookingId: booking.id, attendees, message, noShowHost: booking.absentHost };
}

/**
 * The peer's out-of-office reasons (its OutOfOfficeReason rows: id, emoji and the i18n key it sends as `reason`), by
 * the reason names of its API v2, which Convene stores.
 */
const OOO_REASONS: Record<string, { id: number; emoji: string; reason: string }> = {
  unspecified: { id: 1, emoji: "🕒", reason: "ooo_reasons_unspecified" },
  vacation: { id: 2, emoji: "🏝️", reason: "ooo_reasons_vacation" },
  travel: { id: 3, emoji: "🛫", reason: "ooo_reasons_travel" },
  sick: { id: 4, emoji: "🤒", reason: "ooo_reasons_sick_leave" },
  public_holiday: { id: 5, emoji: "📆", reason: "ooo_reasons_public_holiday" },
};

/** The entry as out-of-office.service.ts records it (its output DTO). */
const ZOooSnapshot = z.object({
  id: z.number(),
  uuid: z.string(),
  userId: z.number(),
  toUserId: z.number().nullable().default(null),
  start: z.string(),
  end: z.string(),
  notes: z.string().nullable().default(null),
  reason: z.string().default("unspecified"),
});

/**
 * The peer's OOO_CREATED body (`oooEntry` with `reason` as `{emoji, reason}`, `reasonId`, `user` and `toUser`), keeping
 * Convene's `userId`, `toUserId` and the API's reason name as `reasonName`. A snapshot of another shape passes as recorded.
 */
function oooPayloadOf(event: WebhookDomainEvent, ooo: OooContext | null, createdAt: string): Record<string, unknown> {
  const { outOfOffice, ...rest } = asObject(event.payload);
  const entry = ZOooSnapshot.safeParse(outOfOffice);
  if (!entry.success) return outOfOffice === undefined ? rest : { ...rest, oooEntry: outOfOffice };
  const { reason, ...fields } = entry.data;
  const known = OOO_REASONS[reason] ?? OOO_REASONS.unspecified!;
  const user = ooo?.user ?? { id: fields.userId, name: null, username: null, timeZone: "UTC", email: "" };
  return {
    oooEntry: {
      ...fields,
      createdAt: ooo?.createdAt ?? createdAt,
      updatedAt: ooo?.updatedAt ?? createdAt,
      reason: { emoji: known.emoji, reason: known.reason },
      reasonId: known.id,
      reasonName: reason,
      user,
      toUser: ooo?.toUser ?? null,
    },
  };
}

const ZMediaOfEvent = z.object({
  recordings: z.array(z.string()).default([]),
  transcripts: z.array(z.object({ format: z.string(), link: z.string() })).default([]),
});

/**
 * The download links the provider gave (recorded with the event, server/conferencing/zoom-notifications.ts), where the
 * peer's receivers read them: RECORDING_READY's `downloadLink`, RECORDING_TRANSCRIPTION_GENERATED's `downloadLinks`
 * (`transcription`: [{format, link}], `recording`). An event without them (older, or none given) adds nothing.
 */
function mediaFieldsOf(event: WebhookDomainEvent, trigger: string): Record<string, unknown> {
  const media = ZMediaOfEvent.safeParse(asObject(event.payload).media);
  if (!media.success || asObject(event.payload).media === undefined) return {};
  const [recording] = media.data.recordings;
  if (trigger === "RECORDING_READY") return recording ? { downloadLink: recording } : {};
  if (trigger === "RECORDING_TRANSCRIPTION_GENERATED") return { downloadLinks: { transcription: media.data.transcripts, ...(recording ? { recording } : {}) } };
  return {};
}

/**
 * The booking's meeting where the peer's receivers read it (its CalendarEvent): `location` and `metadata.videoCallUrl`
 * hold the join URL, `videoCallData` the meeting (type, id, url). Only once the meeting exists (webhook-payload-facts.ts
 * waits for it on the triggers that announce a booking).
 */
function meetingFieldsOf(booking: TBookingSnapshot, meeting: WebhookFacts["meeting"]): Record<string, unknown> {
  if (!meeting) return {};
  return { location: meeting.url, metadata: { ...booking.metadata, videoCallUrl: meeting.url }, videoCallData: meeting };
}

/**
 * The peer's FORM_SUBMITTED / FORM_SUBMITTED_NO_EVENT data: `{formId, formName, teamId, redirect, responses}`, as the
 * submission recorded it, plus Convene's `responseId`. (The peer also repeats each answer at the body's top level,
 * a legacy it keeps for old receivers; Convene's body is `{triggerEvent, createdAt, payload}` only.)
 */
const FORM_TRIGGER_NAMES = new Set(["FORM_SUBMITTED", "FORM_SUBMITTED_NO_EVENT"]);

function payloadOf(event: WebhookDomainEvent, facts: WebhookFacts, trigger: string, createdAt: string): Record<string, unknown> {
  if (FORM_TRIGGER_NAMES.has(trigger)) return asObject(event.payload);
  const { booking, context } = facts;
  if (booking && trigger === "BOOKING_NO_SHOW_UPDATED") return noShowPayloadOf(event, booking);
  if (booking && context) {
    return {
      ...bookingPayloadOf(booking, context),
      ...meetingFieldsOf(booking, facts.meeting),
      ...triggerFieldsOf(trigger, booking, context, facts.previousBooking),
      ...mediaFieldsOf(event, trigger),
    };
  }
  return oooPayloadOf(event, facts.ooo, createdAt);
}

export function webhookPayloadOf(event: WebhookDomainEvent, facts: WebhookFacts, trigger: string = event.type): WebhookBody {
  const createdAt = typeof event.occurredAt === "string" ? event.occurredAt : event.occurredAt.toISOString();
  const payload = payloadOf(event, facts, trigger, createdAt);
  // Through JSON: undefined fields are left out, as in the body that is sent.
  return { triggerEvent: trigger, createdAt, payload: JSON.parse(JSON.stringify(payload)) as Record<string, unknown> };
}
