/**
 * Zoom's event notifications (https://developers.zoom.us/docs/api/webhooks/), posted to /api/conferencing/zoom/events.
 *
 * Security decisions:
 * - Every request must carry Zoom's signature: x-zm-signature = "v0=" + hex HMAC-SHA256 of
 *   "v0:{x-zm-request-timestamp}:{raw body}" under the app's Secret Token (ZOOM_WEBHOOK_SECRET_TOKEN), compared in
 *   constant time, with a timestamp at most 5 minutes away (a captured notification cannot be replayed later).
 * - The endpoint.url_validation handshake is answered only when signed too: its answer is an HMAC of a caller-chosen
 *   plainToken under the same secret, so answering unsigned requests would sign anything for anyone.
 * - A notification names a meeting; it fires webhooks only for a booking whose Zoom meeting that is.
 * The webhook events (MEETING_STARTED, MEETING_ENDED, RECORDING_READY, RECORDING_TRANSCRIPTION_GENERATED) are domain
 * events written in one transaction and delivered by the job queue like every booking event.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { BOOKING_SELECT, toBookingOutput } from "../bookings/booking.dto";
import { db } from "../db/client";
import { env } from "../env";
import { emitBookingEvent } from "../events/booking-events";
import type { DomainEventType } from "../events/domain-events";
import { log } from "../log";

const MAX_CLOCK_SKEW_SECONDS = 300;

const TRIGGERS: Record<string, DomainEventType> = {
  "meeting.started": "MEETING_STARTED",
  "meeting.ended": "MEETING_ENDED",
  "recording.completed": "RECORDING_READY",
  "recording.transcript_completed": "RECORDING_TRANSCRIPTION_GENERATED",
};

const ZNotification = z.object({
  event: z.string(),
  payload: z
    .object({
      plainToken: z.string().optional(),
      object: z
        .object({ id: z.union([z.number(), z.string()]).transform(String) })
        .passthrough()
        .optional(),
    })
    .passthrough(),
});

export type NotificationAnswer = { status: number; body: unknown };

const hmacHex = (secret: string, message: string) => createHmac("sha256", secret).update(message).digest("hex");

export function isSignedByZoom(secret: string, headers: { timestamp: string | null; signature: string | null }, rawBody: string, now = Date.now()): boolean {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS) return false;
  const expected = Buffer.from(`v0=${hmacHex(secret, `v0:${timestamp}:${rawBody}`)}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function fireFor(meetingId: string, type: DomainEventType): Promise<boolean> {
  const reference = await db.bookingReference.findFirst({ where: { type: "zoom_video", externalId: meetingId }, select: { bookingId: true } });
  if (!reference) return false;
  await db.$transaction(async (tx) => {
    const row = await tx.booking.findUniqueOrThrow({ where: { id: reference.bookingId }, select: BOOKING_SELECT });
    // Only the webhooks subscriber takes these events (domain-events.ts SUBSCRIBERS).
    await emitBookingEvent(tx, type, toBookingOutput(row));
  });
  return true;
}

export async function handleZoomNotification(headers: { timestamp: string | null; signature: string | null }, rawBody: string): Promise<NotificationAnswer> {
  const secret = env().ZOOM_WEBHOOK_SECRET_TOKEN;
  if (!secret) return { status: 404, body: { error: "Zoom event notifications are not configured on this server" } };
  if (!isSignedByZoom(secret, headers, rawBody)) return { status: 401, body: { error: "Invalid or missing x-zm-signature" } };
  let parsed;
  try {
    parsed = ZNotification.safeParse(JSON.parse(rawBody));
  } catch {
    parsed = null;
  }
  if (!parsed?.success) return { status: 400, body: { error: "Not a Zoom event notification" } };
  const { event, payload } = parsed.data;
  if (event === "endpoint.url_validation") {
    if (!payload.plainToken) return { status: 400, body: { error: "plainToken is missing" } };
    return { status: 200, body: { plainToken: payload.plainToken, encryptedToken: hmacHex(secret, payload.plainToken) } };
  }
  const type = TRIGGERS[event];
  if (type && payload.object) {
    const fired = await fireFor(payload.object.id, type);
    log.info("zoom notification", { event, meetingId: payload.object.id, fired });
  }
  // Zoom retries anything but a 2xx: a notification about a meeting that is not a booking's is still received.
  return { status: 200, body: { received: true } };
}
