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
 * - A notification fires once: Zoom retries one it thinks was not received (the same event and event_ts), and a
 *   captured one could be replayed inside the 5 minutes. Its identity fixes the domain event's id, which is written
 *   only if absent, under a lock on that id (two copies arriving together on two instances fire once too).
 * The webhook events (MEETING_STARTED, MEETING_ENDED, RECORDING_READY, RECORDING_TRANSCRIPTION_GENERATED) are domain
 * events written in one transaction and delivered by the job queue like every booking event.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { BOOKING_SELECT, toBookingOutput } from "../bookings/booking.dto";
import { db } from "../db/client";
import { env } from "../env";
import { emitBookingEvent } from "../events/booking-events";
import type { DomainEventType } from "../events/domain-events";
import type { TMeetingMedia } from "../events/event-catalog";
import { log } from "../log";

const MAX_CLOCK_SKEW_SECONDS = 300;

const TRIGGERS: Record<string, DomainEventType> = {
  "meeting.started": "MEETING_STARTED",
  "meeting.ended": "MEETING_ENDED",
  "recording.completed": "RECORDING_READY",
  "recording.transcript_completed": "RECORDING_TRANSCRIPTION_GENERATED",
};

const ZRecordingFile = z.object({ file_type: z.string().optional(), file_extension: z.string().optional(), download_url: z.string().optional() }).passthrough();

const ZNotification = z.object({
  event: z.string(),
  event_ts: z.number().optional(),
  /** Recording notifications: the token that opens their files' download_url for 24 hours (Zoom: `?access_token=`). */
  download_token: z.string().optional(),
  payload: z
    .object({
      plainToken: z.string().optional(),
      object: z
        .object({ id: z.union([z.number(), z.string()]).transform(String), recording_files: z.array(ZRecordingFile).optional() })
        .passthrough()
        .optional(),
    })
    .passthrough(),
});

/**
 * The download links a recording notification gives, as the peer's RECORDING_READY and RECORDING_TRANSCRIPTION_GENERATED
 * webhooks carry them: video and audio files (MP4, M4A) are recordings, TRANSCRIPT files transcripts. Zoom's download_url
 * needs the notification's download_token, which it documents appending as `access_token`.
 */
export function mediaOfNotification(files: readonly z.infer<typeof ZRecordingFile>[], downloadToken: string | undefined): TMeetingMedia {
  const linkOf = (file: z.infer<typeof ZRecordingFile>) => {
    const url = new URL(file.download_url!);
    if (downloadToken) url.searchParams.set("access_token", downloadToken);
    return url.toString();
  };
  const downloadable = files.filter((file) => typeof file.download_url === "string" && URL.canParse(file.download_url));
  return {
    recordings: downloadable.filter((file) => file.file_type === "MP4" || file.file_type === "M4A").map(linkOf),
    transcripts: downloadable
      .filter((file) => file.file_type === "TRANSCRIPT")
      .map((file) => ({ format: (file.file_extension ?? "vtt").toLowerCase(), link: linkOf(file) })),
  };
}

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

/** The domain event id one notification maps to: the same for Zoom's retries of it (and for a replay of its body). */
function eventIdOf(notification: { event: string; event_ts?: number; objectId: string }, rawBody: string): string {
  const identity = notification.event_ts !== undefined ? `${notification.event}:${notification.objectId}:${notification.event_ts}` : rawBody;
  const hex = createHash("sha256").update(`zoom-notification:${identity}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

type FireResult = "fired" | "duplicate" | "no-booking";

async function fireFor(meetingId: string, type: DomainEventType, eventId: string, media?: TMeetingMedia): Promise<FireResult> {
  const reference = await db.bookingReference.findFirst({ where: { type: "zoom_video", externalId: meetingId }, select: { bookingId: true } });
  if (!reference) return "no-booking";
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(('x' || substr(md5(${eventId}), 1, 16))::bit(64)::bigint)`;
    if (await tx.domainEvent.findUnique({ where: { id: eventId }, select: { id: true } })) return "duplicate";
    const row = await tx.booking.findUniqueOrThrow({ where: { id: reference.bookingId }, select: BOOKING_SELECT });
    // Only the webhooks subscriber takes these events (domain-events.ts SUBSCRIBERS).
    await emitBookingEvent(tx, type, toBookingOutput(row), { id: eventId, ...(media ? { media } : {}) });
    return "fired";
  });
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
  const { event, event_ts, payload, download_token } = parsed.data;
  if (event === "endpoint.url_validation") {
    if (!payload.plainToken) return { status: 400, body: { error: "plainToken is missing" } };
    return { status: 200, body: { plainToken: payload.plainToken, encryptedToken: hmacHex(secret, payload.plainToken) } };
  }
  const type = TRIGGERS[event];
  if (type && payload.object) {
    const objectId = payload.object.id;
    const media = payload.object.recording_files ? mediaOfNotification(payload.object.recording_files, download_token) : undefined;
    const outcome = await fireFor(objectId, type, eventIdOf({ event, event_ts, objectId }, rawBody), media);
    log.info("zoom notification", { event, meetingId: objectId, outcome });
  }
  // Zoom retries anything but a 2xx: a notification about a meeting that is not a booking's is still received.
  return { status: 200, body: { received: true } };
}
