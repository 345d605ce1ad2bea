/**
 * A Zoom booking survives a crash: an instance whose workers are paused (JOBS_WORKERS=0, so the booking's jobs are
 * certainly pending) takes a booking of a Zoom event type and is killed with SIGKILL right after the commit; a new
 * instance over the same database makes the meeting, exactly one, at the Zoom stand-in (e2e/support/fake-zoom.ts),
 * and the confirmation mail carries its link.
 */
import { randomBytes } from "node:crypto";
import { attendee, makeHostWithEventType } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { applyMigrations } from "../../server/db/schema-engine";
import { createScratchDatabase } from "../../server/db/scratch-database";
import { expect, test } from "../support/fixtures";
import { startFakeZoom, type FakeZoom } from "../support/fake-zoom";
import { at, WED } from "../support/ics-feeds";
import { mailsIn, startMailCatcher, type MailCatcher } from "../support/mail-catcher";
import { postgresServerUrl, startServerProcess, type ServerProcess } from "../support/test-server";

const V = { "svc-api-version": "2024-08-13", "content-type": "application/json" };

let zoom: FakeZoom;
let mail: MailCatcher;
test.beforeAll(async () => {
  [zoom, mail] = await Promise.all([startFakeZoom(), startMailCatcher()]);
});
test.afterAll(async () => {
  await Promise.all([zoom.stop(), mail.stop()]);
});

/** Zoom's consent through the instance's own auth-url and callback, as a browser would follow the redirects. */
async function connectZoom(baseUrl: string, apiKey: string) {
  const query = new URLSearchParams({ returnTo: "/settings/conferencing", onErrorReturnTo: "/settings/conferencing" });
  const answer = await fetch(`${baseUrl}/v2/conferencing/zoom/oauth/auth-url?${query}`, { headers: { authorization: `Bearer ${apiKey}` } });
  expect(answer.status).toBe(200);
  const consent = await fetch(((await answer.json()) as { data: { url: string } }).data.url, { redirect: "manual" });
  const callback = await fetch(consent.headers.get("location")!, { redirect: "manual" });
  expect(new URL(callback.headers.get("location")!).searchParams.get("status")).toBe("success");
}

test("kill -9 after a Zoom booking's commit: after a restart exactly one meeting exists, and the mail carries its link", async () => {
  test.setTimeout(240_000);
  const saved = process.env.DATABASE_URL;
  const database = await createScratchDatabase(postgresServerUrl(), "convene_zoom_crash");
  const env = { ...zoom.serverEnv, SMTP_URL: mail.smtpUrl, CALENDAR_ENCRYPTION_KEY: randomBytes(32).toString("base64") };
  let first: ServerProcess | null = null;
  let second: ServerProcess | null = null;
  try {
    await applyMigrations(database.url);
    await disconnectDb();
    process.env.DATABASE_URL = database.url;
    first = await startServerProcess(database.url, { ...env, JOBS_WORKERS: "0" });
    const { eventType, apiKey } = await makeHostWithEventType({ eventType: { locations: [{ type: "integration", integration: "zoom" }] } });
    await connectZoom(first.baseUrl, apiKey);
    const guest = attendee("Ada Lovelace");
    const created = await fetch(`${first.baseUrl}/v2/bookings`, {
      method: "POST",
      headers: V,
      body: JSON.stringify({ eventTypeId: eventType.id, start: at(WED, "15:00").toISOString(), attendee: guest }),
    });
    expect(created.status).toBe(201);
    const booking = (await created.json()).data as { id: number; uid: string };
    const event = await db.domainEvent.findFirstOrThrow({ where: { bookingId: booking.id } });
    const states = () =>
      db.$queryRawUnsafe<{ name: string; state: string }[]>(`SELECT name, state::text FROM pgboss.job WHERE data->>'eventId' = $1 ORDER BY name`, event.id);
    expect((await states()).map(({ name }) => name)).toContain("event.conferencing");
    await first.crash();
    first = null;
    expect(zoom.meetings()).toEqual([]);

    second = await startServerProcess(database.url, env);
    await expect.poll(async () => (await states()).every(({ state }) => state === "completed"), { timeout: 60_000 }).toBe(true);
    const made = zoom.meetings().filter((meeting) => meeting.agenda.includes(booking.uid));
    expect(made).toHaveLength(1);
    await expect
      // The confirmation waits a while for the link; past that wait (the restart takes longer) the link follows in an update.
      .poll(
        () =>
          mailsIn(mail.directory, guest.email)
            .filter((entry) => entry.subject.startsWith("Booked:") || entry.subject.startsWith("Updated:"))
            .map((entry) => entry.text)
            .join("\n"),
        { timeout: 30_000 },
      )
      .toContain(made[0]!.join_url);
    // Once: give a duplicate time to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(zoom.meetings()).toHaveLength(1);
    expect(await db.bookingReference.count({ where: { bookingId: booking.id, meetingApp: "zoom" } })).toBe(1);
  } finally {
    await disconnectDb();
    process.env.DATABASE_URL = saved;
    await Promise.all([first?.stop(), second?.stop()]);
    await database.drop();
  }
});
