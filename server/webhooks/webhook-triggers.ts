/**
 * Webhook triggers: the peer's enum, of which a subscription may name only those something in Convene fires
 * (EMITTED_TRIGGERS). A trigger nothing fires is refused by name (ZSubscribableTrigger) rather than accepted and left
 * silent forever: a developer learns at once that the peer's payments or Cal Video events do not exist here.
 */
import { z } from "zod";

export const PEER_TRIGGERS = [
  "BOOKING_CREATED",
  "BOOKING_PAYMENT_INITIATED",
  "BOOKING_PAID",
  "BOOKING_RESCHEDULED",
  "BOOKING_REQUESTED",
  "BOOKING_CANCELLED",
  "BOOKING_REJECTED",
  "BOOKING_NO_SHOW_UPDATED",
  "FORM_SUBMITTED",
  "MEETING_ENDED",
  "MEETING_STARTED",
  "RECORDING_READY",
  "INSTANT_MEETING",
  "RECORDING_TRANSCRIPTION_GENERATED",
  "OOO_CREATED",
  "AFTER_HOSTS_CAL_VIDEO_NO_SHOW",
  "AFTER_GUESTS_CAL_VIDEO_NO_SHOW",
  "FORM_SUBMITTED_NO_EVENT",
] as const;
export type WebhookTrigger = (typeof PEER_TRIGGERS)[number];
export const ZWebhookTrigger = z.enum(PEER_TRIGGERS);

/** Domain event types that are webhook triggers of the same name. */
export const EMITTED_TRIGGERS = [
  "BOOKING_CREATED",
  "BOOKING_REQUESTED",
  "BOOKING_RESCHEDULED",
  "BOOKING_CANCELLED",
  "BOOKING_REJECTED",
  "BOOKING_NO_SHOW_UPDATED",
  "OOO_CREATED",
  // Fired from Zoom's event notifications for Zoom meetings (server/conferencing/zoom-notifications.ts).
  "MEETING_STARTED",
  "MEETING_ENDED",
  "RECORDING_READY",
  "RECORDING_TRANSCRIPTION_GENERATED",
  // Routing forms (server/routing-forms/routing-form-events.ts).
  "FORM_SUBMITTED",
  "FORM_SUBMITTED_NO_EVENT",
] as const satisfies readonly WebhookTrigger[];

/** The peer's triggers that nothing in Convene fires: refused in a subscription (docs/webhooks.md trigger table). */
export const SILENT_TRIGGERS = PEER_TRIGGERS.filter((trigger) => !(EMITTED_TRIGGERS as readonly string[]).includes(trigger));

/** What each fired trigger comes from, for the trigger table (docs/webhooks.md; webhook-triggers.test.ts holds it). */
export const TRIGGER_SOURCES: Record<(typeof EMITTED_TRIGGERS)[number], string> = {
  BOOKING_CREATED: "a booking made (accepted at once), or a requested booking confirmed by its host",
  BOOKING_REQUESTED: "a booking of an event type that requires confirmation",
  BOOKING_RESCHEDULED: "a booking moved to another time (by the API, the site or the attendee's manage link)",
  BOOKING_CANCELLED: "a booking cancelled by a host, the API or the attendee's manage link",
  BOOKING_REJECTED: "a requested booking declined by its host",
  BOOKING_NO_SHOW_UPDATED: "a host or an attendee marked absent (mark-absent)",
  OOO_CREATED: "an out-of-office entry created",
  MEETING_STARTED: "Zoom's meeting.started notification for a booking's Zoom meeting",
  MEETING_ENDED: "Zoom's meeting.ended notification",
  RECORDING_READY: "Zoom's recording.completed notification",
  RECORDING_TRANSCRIPTION_GENERATED: "Zoom's recording.transcript_completed notification",
  FORM_SUBMITTED: "a routing form submitted (its public page, or a response created through the API)",
  FORM_SUBMITTED_NO_EVENT: "a routing form response that no booking followed within 15 minutes (a job due then checks)",
};

/** The triggers about a routing form's submission rather than a booking or an out-of-office entry. */
export const FORM_TRIGGERS: readonly WebhookTrigger[] = ["FORM_SUBMITTED", "FORM_SUBMITTED_NO_EVENT"];

/** A trigger a subscription may name; the peer's others are refused with what Convene does fire instead. */
export const ZSubscribableTrigger = z.enum(EMITTED_TRIGGERS, {
  error: (issue) =>
    typeof issue.input === "string" && (SILENT_TRIGGERS as readonly string[]).includes(issue.input)
      ? `${issue.input} is never sent by Convene (nothing here emits it); subscribe to one of ${EMITTED_TRIGGERS.join(", ")}`
      : `Not a webhook trigger; one of ${EMITTED_TRIGGERS.join(", ")}`,
});

/** The trigger a domain event fires, or null (a confirmation is BOOKING_CREATED, as the peer sends it). */
export function triggerOfEvent(eventType: string): WebhookTrigger | null {
  if (eventType === "BOOKING_CONFIRMED") return "BOOKING_CREATED";
  return (EMITTED_TRIGGERS as readonly string[]).includes(eventType) ? (eventType as WebhookTrigger) : null;
}

/** The "send test event" trigger: the peer's PING, never subscribed to, always delivered. */
export const PING_TRIGGER = "PING";

/** The trigger table of docs/webhooks.md, generated here (webhook-triggers.test.ts holds the file to it). */
export const triggerTableMarkdown = (): string =>
  [
    "| Trigger | Fired when |",
    "|---|---|",
    ...EMITTED_TRIGGERS.map((trigger) => `| \`${trigger}\` | ${TRIGGER_SOURCES[trigger]} |`),
    ...SILENT_TRIGGERS.map((trigger) => `| \`${trigger}\` | never: refused in a subscription (nothing in Convene emits it) |`),
  ].join("\n");
