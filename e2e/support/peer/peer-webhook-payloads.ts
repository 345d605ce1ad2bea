/**
 * The peer's webhook bodies, one schema per trigger Convene fires, written down once from the peer's own sources:
 * - the published examples per trigger, version 2021-10-20 ("Webhook payload reference" in
 *   cal.com/docs/developing/guides/automation/webhooks, docs/developing/guides/automation/webhooks.mdx in calcom/cal.com);
 * - the builder that makes them: packages/features/webhooks/lib/factory/versioned/v2021-10-20/BookingPayloadBuilder.ts
 *   (the CalendarEvent spread, then eventTitle, eventDescription, requiresConfirmation, price, currency, length,
 *   additionalNotes, description, destinationCalendar, and per trigger cancelledBy/cancellationReason/requestReschedule,
 *   rejectionReason, rescheduleId/rescheduleUid/rescheduleStartTime/rescheduleEndTime/rescheduledBy, metadata), and
 *   its no-show body `{bookingUid, bookingId, attendees, message}`;
 * - the types: CalendarEvent, Person and CalEventResponses in packages/types/Calendar.d.ts, OOOEntryPayloadType and
 *   BookingNoShowUpdatedPayload in packages/features/webhooks/lib/sendPayload.ts;
 * - PING: the sample of packages/trpc/server/routers/viewer/webhook/testTrigger.handler.ts.
 * A field is required where the peer always sends it, typed as the peer types it, and never null where the peer sends
 * a value. Extra fields are allowed, as in the peer's own schemas (Convene may say more).
 */
import { z } from "zod";

const isoInstant = z.string().refine((value) => !Number.isNaN(Date.parse(value)), "an ISO 8601 date-time");
const language = z.object({ locale: z.string().min(1) });

/** Person (Calendar.d.ts) as the builder sends it, with its utcOffset in minutes. */
const organizer = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  timeZone: z.string().min(1),
  language,
  timeFormat: z.enum(["h:mma", "HH:mm"]),
  utcOffset: z.number().int(),
});
const attendee = z.object({
  name: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  timeZone: z.string().min(1),
  language,
  utcOffset: z.number().int(),
  phoneNumber: z.string().nullable().optional(),
});
/** CalEventResponses: per field `{label, value, isHidden?}`; the value is left out for a field not answered. */
const responses = z.record(z.string(), z.object({ label: z.string().min(1), value: z.unknown().optional(), isHidden: z.boolean().optional() }));
const destinationCalendar = z.object({
  id: z.number().int(),
  integration: z.string(),
  externalId: z.string(),
  userId: z.number().int().nullable(),
  eventTypeId: z.number().int().nullable(),
  credentialId: z.number().int().nullable(),
});
const teamMember = z.object({ name: z.string(), email: z.string(), timeZone: z.string(), language });

/** The fields of every booking trigger's payload. */
const bookingPayload = z.object({
  type: z.string(),
  title: z.string().min(1),
  description: z.string(),
  additionalNotes: z.string(),
  customInputs: z.record(z.string(), z.unknown()),
  startTime: isoInstant,
  endTime: isoInstant,
  organizer,
  attendees: z.array(attendee).min(1),
  responses,
  userFieldsResponses: responses,
  location: z.string(),
  destinationCalendar: z.array(destinationCalendar).nullable(),
  uid: z.string().min(1),
  bookingId: z.number().int(),
  eventTypeId: z.number().int().nullable(),
  eventTitle: z.string().min(1),
  eventDescription: z.string().nullable(),
  requiresConfirmation: z.boolean(),
  seatsShowAttendees: z.boolean(),
  seatsPerTimeSlot: z.number().int().nullable(),
  price: z.number(),
  currency: z.string().min(1),
  length: z.number().int().nullable(),
  status: z.enum(["ACCEPTED", "PENDING", "CANCELLED", "REJECTED"]),
  team: z.object({ name: z.string(), id: z.number().int(), members: z.array(teamMember) }).optional(),
});
const metadata = z.record(z.string(), z.unknown());

const envelope = <T extends string, P extends z.ZodType>(trigger: T, payload: P) =>
  z.object({ triggerEvent: z.literal(trigger), createdAt: isoInstant, payload });

const oooPerson = z.object({ id: z.number().int(), name: z.string().nullable(), username: z.string().nullable(), timeZone: z.string(), email: z.string() });

/**
 * The peer's routing-form submission (its routing-forms app's onFormSubmission): the form, the answers by question
 * identifier as `{value, response}`, and where the chosen route sends the booker (null when no route matched).
 */
const formPayload = z.object({
  formId: z.string().min(1),
  formName: z.string(),
  teamId: z.number().int().nullable(),
  responses: z.record(z.string(), z.object({ value: z.unknown(), response: z.unknown() })),
  redirect: z.object({ type: z.enum(["eventTypeRedirectUrl", "externalRedirectUrl", "customPageMessage"]), value: z.string() }).nullable(),
});

export const PEER_WEBHOOK_BODIES = {
  BOOKING_CREATED: envelope("BOOKING_CREATED", bookingPayload.extend({ status: z.literal("ACCEPTED"), metadata })),
  BOOKING_REQUESTED: envelope("BOOKING_REQUESTED", bookingPayload.extend({ status: z.literal("PENDING"), metadata })),
  BOOKING_RESCHEDULED: envelope(
    "BOOKING_RESCHEDULED",
    bookingPayload.extend({
      metadata,
      rescheduleId: z.number().int(),
      rescheduleUid: z.string().min(1),
      rescheduleStartTime: isoInstant,
      rescheduleEndTime: isoInstant,
      rescheduledBy: z.string().optional(),
    }),
  ),
  BOOKING_CANCELLED: envelope(
    "BOOKING_CANCELLED",
    bookingPayload.extend({
      status: z.literal("CANCELLED"),
      cancelledBy: z.string().min(1),
      cancellationReason: z.string().optional(),
      requestReschedule: z.boolean(),
    }),
  ),
  BOOKING_REJECTED: envelope(
    "BOOKING_REJECTED",
    bookingPayload.extend({ status: z.literal("REJECTED"), rejectionReason: z.string().optional(), destinationCalendar: z.array(destinationCalendar) }),
  ),
  BOOKING_NO_SHOW_UPDATED: envelope(
    "BOOKING_NO_SHOW_UPDATED",
    z.object({
      bookingUid: z.string().min(1),
      bookingId: z.number().int(),
      attendees: z.array(z.object({ email: z.string(), noShow: z.boolean() })),
      message: z.string().min(1),
    }),
  ),
  OOO_CREATED: envelope(
    "OOO_CREATED",
    z.object({
      oooEntry: z.object({
        id: z.number().int(),
        uuid: z.string().min(1),
        start: isoInstant,
        end: isoInstant,
        createdAt: isoInstant,
        updatedAt: isoInstant,
        notes: z.string().nullable(),
        reason: z.object({ emoji: z.string().optional(), reason: z.string().optional() }),
        reasonId: z.number().int(),
        user: oooPerson,
        toUser: oooPerson.partial({ name: true, username: true, timeZone: true, email: true }).nullable(),
      }),
    }),
  ),
  FORM_SUBMITTED: envelope("FORM_SUBMITTED", formPayload),
  FORM_SUBMITTED_NO_EVENT: envelope("FORM_SUBMITTED_NO_EVENT", formPayload),
  PING: envelope(
    "PING",
    z.object({
      type: z.string(),
      title: z.string(),
      description: z.string(),
      startTime: isoInstant,
      endTime: isoInstant,
      organizer: z.object({ name: z.string(), email: z.string(), timeZone: z.string(), language }),
      attendees: z.array(z.object({ name: z.string(), email: z.string(), timeZone: z.string(), language })),
    }),
  ),
} as const;

export type PeerWebhookTrigger = keyof typeof PEER_WEBHOOK_BODIES;

/** Each way the body differs from the peer's for its trigger, as "path: problem" lines; empty when it conforms. */
export function peerWebhookBodyProblems(body: unknown): string[] {
  const trigger = (body as { triggerEvent?: unknown } | null)?.triggerEvent;
  const schema = PEER_WEBHOOK_BODIES[trigger as PeerWebhookTrigger];
  if (!schema) return [`triggerEvent: ${JSON.stringify(trigger)} is not a trigger Convene fires`];
  const result = schema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`);
}
