/**
 * Zoom's event notifications: its documented signature (x-zm-signature v0 HMAC-SHA256 of "v0:{timestamp}:{body}"),
 * the url_validation handshake, and a signed recording notification firing RECORDING_READY for the booking whose
 * meeting it names, through the outbox; a forged one changes nothing.
 */
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { startFakeZoom, type FakeZoom } from "@/e2e/support/fake-zoom";
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
});
