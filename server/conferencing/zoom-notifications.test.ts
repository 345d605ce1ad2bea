/**
 * Zoom's event notifications: its documented signature (x-zm-signature v0 HMAC-SHA256 of "v0:{timestamp}:{body}"),
 * the url_validation handshake, and a signed recording notification firing RECORDING_READY for the booking whose
 * meeting it names, through the outbox; a forged one changes nothing.
 */
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { FAKE_DOWNLOAD_TOKEN, startFakeZoom, type FakeZoom } from "@/e2e/support/fake-zoom";
import { sessionActor } from "../auth/actor";
import { createWebhook } from "../webhooks/webhook.service";
import { createBooking } from "../bookings/create";
import { db } from "../db/client";
import { runPendingJobs } from "../jobs/workers";
import { completeZoomConnection, getZoomAuthUrl } from "./zoom-oauth.service";
import { handleZoomNotification, isSignedByZoom } from "./zoom-notifications";

let zoom: FakeZoom;
beforeAll(async () => {
  zoom = await startFakeZoom();
  Object.assign(process.env, zoom.serverEnv);
});
afterAll(() => zoom.stop());

const sign = (secret: string, timestamp: string, body: string) => `v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`;

describe("isSignedByZoom", () => {
  const now = Date.UTC(2026, 10, 27, 4, 0, 0);
  const timestamp = String(now / 1000);
  const body = '{"event":"meeting.started","payload":{"object":{"id":1}}}';

  it("takes Zoom's signature and refuses another secret, another body, a missing header and a stale timestamp", () => {
    expect(isSignedByZoom("secret", { timestamp, signature: sign("secret", timestamp, body) }, body, now)).toBe(true);
    expect(isSignedByZoom("secret", { timestamp, signature: sign("other", timestamp, body) }, body, now)).toBe(false);
    expect(isSignedByZoom("secret", { timestamp, signature: sign("secret", timestamp, body) }, `${body} `, now)).toBe(false);
    expect(isSignedByZoom("secret", { timestamp, signature: null }, body, now)).toBe(false);
    expect(isSignedByZoom("secret", { timestamp, signature: sign("secret", timestamp, body) }, body, now + 301_000)).toBe(false);
  });
});

describe("handleZoomNotification", () => {
  it("answers a signed endpoint.url_validation with the HMAC of its plainToken, and an unsigned one not at all", async () => {
    const body = JSON.stringify({ event: "endpoint.url_validation", payload: { plainToken: "qgg8vlvZRS6UYooatFL8Aw" }, event_ts: Date.now() });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const answer = await handleZoomNotification({ timestamp, signature: sign(zoom.webhookSecret, timestamp, body) }, body);
    expect(answer).toEqual({
      status: 200,
      body: { plainToken: "qgg8vlvZRS6UYooatFL8Aw", encryptedToken: createHmac("sha256", zoom.webhookSecret).update("qgg8vlvZRS6UYooatFL8Aw").digest("hex") },
    });
    expect((await handleZoomNotification({ timestamp, signature: null }, body)).status).toBe(401);
  });

  it("a signed recording.completed fires RECORDING_READY for the booking of that meeting; a forged one fires nothing", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { locations: [{ type: "integration", integration: "zoom" }] } });
    const { url } = await getZoomAuthUrl(
      { userId: host.id, via: "api-key", oauthClientId: null },
      { returnTo: "/settings/conferencing", onErrorReturnTo: "/settings/conferencing" },
    );
    const callback = new URL((await fetch(url, { redirect: "manual" })).headers.get("location")!);
    await completeZoomConnection({ state: callback.searchParams.get("state")!, code: callback.searchParams.get("code")! });
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(5, 10), attendee: attendee() }, { idempotencyKey: null });
    await runPendingJobs();
    const meeting = zoom.meetings().find((entry) => entry.agenda.includes(booking.uid))!;
    zoom.finishRecording(meeting.id);

    const forged = zoom.notification("recording.completed", meeting.id, "not-the-secret");
    expect(
      (await handleZoomNotification({ timestamp: forged.headers["x-zm-request-timestamp"]!, signature: forged.headers["x-zm-signature"]! }, forged.body))
        .status,
    ).toBe(401);
    expect(await db.domainEvent.count({ where: { bookingId: booking.id, type: "RECORDING_READY" } })).toBe(0);

    const signed = zoom.notification("recording.completed", meeting.id);
    const answer = await handleZoomNotification(
      { timestamp: signed.headers["x-zm-request-timestamp"]!, signature: signed.headers["x-zm-signature"]! },
      signed.body,
    );
    expect(answer.status).toBe(200);
    const events = await db.domainEvent.findMany({ where: { bookingId: booking.id, type: "RECORDING_READY" } });
    expect(events).toHaveLength(1);
    expect(await db.$queryRawUnsafe(`SELECT name FROM pgboss.job WHERE data->>'eventId' = $1`, events[0]!.id)).toEqual([{ name: "event.webhooks" }]);

    // Zoom retries a notification it thinks was lost (same body, signed again), sometimes twice at once: it fires no more.
    const retries = [signed, signed].map((copy) =>
      handleZoomNotification({ timestamp: copy.headers["x-zm-request-timestamp"]!, signature: copy.headers["x-zm-signature"]! }, copy.body),
    );
    expect((await Promise.all(retries)).map((retry) => retry.status)).toEqual([200, 200]);
    expect(await db.domainEvent.count({ where: { bookingId: booking.id, type: "RECORDING_READY" } })).toBe(1);
  });

  it("the booking's BOOKING_CREATED webhook carries the Zoom join URL; RECORDING_READY and the transcript's, Zoom's download links", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { locations: [{ type: "integration", integration: "zoom" }] } });
    const { url } = await getZoomAuthUrl(
      { userId: host.id, via: "api-key", oauthClientId: null },
      { returnTo: "/settings/conferencing", onErrorReturnTo: "/settings/conferencing" },
    );
    const callback = new URL((await fetch(url, { redirect: "manual" })).headers.get("location")!);
    await completeZoomConnection({ state: callback.searchParams.get("state")!, code: callback.searchParams.get("code")! });
    const triggers = ["BOOKING_CREATED", "RECORDING_READY", "RECORDING_TRANSCRIPTION_GENERATED"] as never;
    const local = { allowPrivateNetwork: true, resolve: async () => [{ address: "127.0.0.1", family: 4 as const }] };
    const hook = await createWebhook(sessionActor(host.id), { kind: "user" }, { subscriberUrl: "http://127.0.0.1:9/peer", triggers, active: true }, local);
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(5, 11), attendee: attendee() }, { idempotencyKey: null });
    // The conferencing job and the webhooks job run together: the message waits for the meeting's link.
    await runPendingJobs();
    const meeting = zoom.meetings().find((entry) => entry.agenda.includes(booking.uid))!;
    const bodyOf = async (trigger: string) => {
      const message = await db.webhookMessage.findFirstOrThrow({ where: { webhookId: hook.id, trigger } });
      return (message.payload as { payload: Record<string, unknown> }).payload;
    };
    const created = await bodyOf("BOOKING_CREATED");
    expect(created).toMatchObject({
      location: meeting.join_url,
      metadata: { videoCallUrl: meeting.join_url },
      videoCallData: { type: "zoom_video", id: String(meeting.id), url: meeting.join_url },
    });

    zoom.finishRecording(meeting.id);
    for (const event of ["recording.completed", "recording.transcript_completed"]) {
      const signed = zoom.notification(event, meeting.id);
      await handleZoomNotification({ timestamp: signed.headers["x-zm-request-timestamp"]!, signature: signed.headers["x-zm-signature"]! }, signed.body);
    }
    await runPendingJobs();
    const withToken = (extension: string) => `${zoom.url}/rec/download/${meeting.id}.${extension}?access_token=${FAKE_DOWNLOAD_TOKEN}`;
    expect((await bodyOf("RECORDING_READY")).downloadLink).toBe(withToken("mp4"));
    expect((await bodyOf("RECORDING_TRANSCRIPTION_GENERATED")).downloadLinks).toEqual({
      transcription: [{ format: "vtt", link: withToken("vtt") }],
      recording: withToken("mp4"),
    });
  });
});
