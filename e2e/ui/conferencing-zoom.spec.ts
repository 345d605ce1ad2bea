/**
 * Zoom, end to end: an app instance of its own (on a scratch database) pointed at the Zoom stand-in
 * (e2e/support/fake-zoom.ts), a real SMTP receiver and a webhook receiver. In Chromium the host connects Zoom from
 * /settings/conferencing (Zoom's consent, our callback, back to the page); a booking then gets a Zoom meeting with its
 * title and times, its link in the booking and the confirmation mail; a reschedule moves the meeting, a cancellation
 * deletes it. A recording notification correctly signed makes GET …/recordings return the recording and fires
 * RECORDING_READY; a forged one is refused.
 */
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { disconnectDb } from "../../server/db/client";
import { applyMigrations } from "../../server/db/schema-engine";
import { createScratchDatabase, type ScratchDatabase } from "../../server/db/scratch-database";
import { seriousAxeViolations } from "../support/axe-serious";
import { startFakeZoom, type FakeZoom } from "../support/fake-zoom";
import { mailsIn, startMailCatcher, type MailCatcher } from "../support/mail-catcher";
import { postgresServerUrl, startServerProcess, type ServerProcess } from "../support/test-server";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { logIn } from "../support/web-session";

const V = { "svc-api-version": "2024-08-13", "content-type": "application/json" };

let zoom: FakeZoom;
let mail: MailCatcher;
let receiver: WebhookReceiver;
let database: ScratchDatabase;
let server: ServerProcess;
const savedDatabaseUrl = process.env.DATABASE_URL;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  [zoom, mail, receiver] = await Promise.all([startFakeZoom(), startMailCatcher(), startWebhookReceiver()]);
  database = await createScratchDatabase(postgresServerUrl(), "convene_zoom");
  await applyMigrations(database.url);
  server = await startServerProcess(database.url, {
    ...zoom.serverEnv,
    SMTP_URL: mail.smtpUrl,
    ALLOW_PRIVATE_NETWORK_URLS: "true",
    // Zoom's tokens are stored encrypted, as calendar credentials are.
    CALENDAR_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  });
  // The fixtures go to this instance's database.
  await disconnectDb();
  process.env.DATABASE_URL = database.url;
});

test.afterAll(async () => {
  await disconnectDb();
  process.env.DATABASE_URL = savedDatabaseUrl;
  await server?.stop();
  await database?.drop();
  await Promise.all([zoom?.stop(), mail?.stop(), receiver?.stop()]);
});

const zoomTime = (iso: string) => iso.replace(/\.\d{3}Z$/, "Z");

test("connect Zoom in the browser, then meetings follow bookings: created, moved, deleted; recordings from Zoom's notification", async ({ browser }) => {
  test.setTimeout(180_000);
  const { host, eventType, apiKey } = await makeHostWithEventType({ eventType: { locations: [{ type: "integration", integration: "zoom" }] } });
  const auth = { authorization: `Bearer ${apiKey}` };

  const context = await browser.newContext({ baseURL: server.baseUrl });
  await logIn(context.request, host.email);
  const page = await context.newPage();
  await page.goto("/settings/conferencing");
  await expect(page.getByRole("heading", { name: "Conferencing", level: 1 })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Connect Zoom" }).click();
  // Zoom's consent (the stand-in consents at once), our callback, and back.
  await page.waitForURL(/\/settings\/conferencing\?.*status=success/);
  await expect(page.getByText("Zoom is connected.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Disconnect Zoom" })).toBeVisible();
  const listed = await (await fetch(`${server.baseUrl}/v2/conferencing`, { headers: auth })).json();
  expect(listed.data).toEqual([expect.objectContaining({ type: "zoom_video", userId: host.id, invalid: false })]);

  // The event type editor's location picker offers the connected app beside the built-in one, and no unconnected one.
  await page.goto(`/event-types/${eventType.id}`);
  const videoLocation = page.getByRole("listitem", { name: "Location 1: Video conferencing app" });
  await videoLocation.getByRole("button", { name: /App$/ }).click();
  await expect(page.getByRole("option")).toHaveText(["Jitsi Meet", "Zoom"]);
  await page.keyboard.press("Escape");

  // A webhook for the recording, then the booking.
  const hookPath = `/zoom-recording-${eventType.id}`;
  const hook = await fetch(`${server.baseUrl}/v2/event-types/${eventType.id}/webhooks`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ subscriberUrl: receiver.url(hookPath), triggers: ["RECORDING_READY"], active: true }),
  });
  expect(hook.status).toBe(201);
  receiver.expectSecrets(hookPath, [((await hook.json()) as { data: { secret: string } }).data.secret]);
  const guest = attendee("Ada Lovelace");
  const created = await fetch(`${server.baseUrl}/v2/bookings`, {
    method: "POST",
    headers: V,
    body: JSON.stringify({ eventTypeId: eventType.id, start: utcAt(3, 10).toISOString(), attendee: guest }),
  });
  expect(created.status).toBe(201);
  const booking = (await created.json()).data as { id: number; uid: string; title: string; start: string };

  await expect.poll(() => zoom.meetings().filter((meeting) => meeting.agenda.includes(booking.uid)).length, { timeout: 30_000 }).toBe(1);
  const meeting = zoom.meetings().find((entry) => entry.agenda.includes(booking.uid))!;
  expect(meeting).toMatchObject({ topic: booking.title, start_time: zoomTime(booking.start), duration: 30 });
  await expect
    .poll(
      async () =>
        ((await (await fetch(`${server.baseUrl}/v2/bookings/${booking.uid}`, { headers: { ...auth, ...V } })).json()).data as { meetingUrl?: string })
          .meetingUrl,
    )
    .toBe(meeting.join_url);
  await expect
    .poll(() => mailsIn(mail.directory, guest.email).find((entry) => entry.subject.startsWith("Booked:"))?.text ?? "", { timeout: 30_000 })
    .toContain(meeting.join_url);

  // The host's bookings page links to the meeting.
  await page.goto("/bookings");
  await expect(page.getByRole("link", { name: new RegExp(`Join the meeting ${booking.title}`) })).toHaveAttribute("href", meeting.join_url);

  // Reschedule: the same meeting moves.
  const moved = await fetch(`${server.baseUrl}/v2/bookings/${booking.uid}/reschedule`, {
    method: "POST",
    headers: V,
    body: JSON.stringify({ start: utcAt(4, 13).toISOString() }),
  });
  expect(moved.status).toBe(201);
  const next = (await moved.json()).data as { uid: string; start: string };
  await expect.poll(() => zoom.meetings().find((entry) => entry.id === meeting.id)?.start_time, { timeout: 30_000 }).toBe(zoomTime(next.start));
  expect(zoom.meetings().filter((entry) => !entry.deleted)).toHaveLength(1);

  // A recording: a forged notification is refused, a signed one fires RECORDING_READY and shows in GET …/recordings.
  zoom.finishRecording(meeting.id);
  const forged = zoom.notification("recording.completed", meeting.id, "guessed-secret");
  expect((await fetch(`${server.baseUrl}/api/conferencing/zoom/events`, { method: "POST", headers: forged.headers, body: forged.body })).status).toBe(401);
  const signed = zoom.notification("recording.completed", meeting.id);
  expect((await fetch(`${server.baseUrl}/api/conferencing/zoom/events`, { method: "POST", headers: signed.headers, body: signed.body })).status).toBe(200);
  const [delivery] = await receiver.waitFor(hookPath, 1, 30_000);
  expect(JSON.parse(delivery!.body)).toMatchObject({ triggerEvent: "RECORDING_READY" });
  expect(delivery!.verifiedWith).toHaveLength(1);
  const recordings = await (await fetch(`${server.baseUrl}/v2/bookings/${next.uid}/recordings`, { headers: auth })).json();
  expect(recordings.data).toEqual([expect.objectContaining({ roomName: String(meeting.id), status: "finished", duration: 30 * 60 })]);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(receiver.deliveries(hookPath)).toHaveLength(1);

  // Cancel: the meeting is deleted.
  const cancelled = await fetch(`${server.baseUrl}/v2/bookings/${next.uid}/cancel`, {
    method: "POST",
    headers: V,
    body: JSON.stringify({ cancellationReason: "No longer needed" }),
  });
  expect(cancelled.status).toBe(200);
  await expect.poll(() => zoom.meetings().find((entry) => entry.id === meeting.id)?.deleted, { timeout: 30_000 }).toBe(true);
  await context.close();
});
