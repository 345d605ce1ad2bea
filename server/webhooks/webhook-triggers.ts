/**
 * Webhook triggers: the peer's enum is accepted as is (a subscription may name a trigger Convene does not emit
 * yet, so a client written for the peer keeps working); EMITTED_TRIGGERS are those a domain event fires today.
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
] as const satisfies readonly WebhookTrigger[];

/** Accepted in a subscription, never fired yet (README "Webhooks"). */
export const SILENT_TRIGGERS = PEER_TRIGGERS.filter((trigger) => !(EMITTED_TRIGGERS as readonly string[]).includes(trigger));

/** The trigger a domain event fires, or null (a confirmation is BOOKING_CREATED, as the peer sends it). */
export function triggerOfEvent(eventType: string): WebhookTrigger | null {
  if (eventType === "BOOKING_CONFIRMED") return "BOOKING_CREATED";
  return (EMITTED_TRIGGERS as readonly string[]).includes(eventType) ? (eventType as WebhookTrigger) : null;
}

/** The "send test event" trigger: the peer's PING, never subscribed to, always delivered. */
export const PING_TRIGGER = "PING";
