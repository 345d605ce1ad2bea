/**
 * A newcomer's video link: `npm start` on the embedded database with nothing configured but where mail goes (a real
 * SMTP receiver); a booking of an event type located at the built-in video app has a Jitsi Meet link on the public
 * Jitsi server in its confirmation mail, in the booking, and in its reference. @npm-start: the embedded run.
 */
import { makeHostWithEventType, attendee } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { at, WED } from "../support/ics-feeds";
import { mailsIn, startMailCatcher } from "../support/mail-catcher";
import { startNpmStart } from "../support/npm-start-server";

const V = { "svc-api-version": "2024-08-13", "content-type": "application/json" };
const JITSI_ROOM = /https:\/\/meet\.jit\.si\/convene-[0-9a-f]{32}/;

test("embedded, nothing configured: a booking at the built-in video app has a meeting link in its confirmation mail", { tag: "@npm-start" }, async () => {
  test.setTimeout(600_000);
  const mail = await startMailCatcher();
  const server = await startNpmStart({ SMTP_URL: mail.smtpUrl });
  const saved = { url: process.env.DATABASE_URL, embedded: process.env.CONVENE_EMBEDDED_DB };
  try {
    await disconnectDb();
    process.env.DATABASE_URL = server.databaseUrl;
    process.env.CONVENE_EMBEDDED_DB = "1";
    const { host, eventType } = await makeHostWithEventType({ eventType: { locations: [{ type: "integration", integration: "jitsi" }] } });
    const guest = attendee("Ada Lovelace");
    const created = await fetch(`${server.baseUrl}/v2/bookings`, {
      method: "POST",
      headers: V,
      body: JSON.stringify({ eventTypeId: eventType.id, start: at(WED, "11:00").toISOString(), attendee: guest }),
    });
    expect(created.status).toBe(201);
    const booking = (await created.json()).data as { id: number; location: string; meetingUrl: string };
    expect(booking.meetingUrl).toMatch(JITSI_ROOM);
    expect(booking.location).toBe(booking.meetingUrl);
    for (const to of [guest.email, host.email]) {
      await expect
        .poll(() => mailsIn(mail.directory, to).find((entry) => entry.subject.startsWith("Booked:"))?.text ?? "", { timeout: 60_000 })
        .toContain(booking.meetingUrl);
    }
    await expect
      .poll(() => db.bookingReference.findMany({ where: { bookingId: booking.id }, select: { type: true, meetingUrl: true } }), { timeout: 30_000 })
      .toEqual([{ type: "jitsi_video", meetingUrl: booking.meetingUrl }]);
  } finally {
    await disconnectDb();
    if (saved.url === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved.url;
    if (saved.embedded === undefined) delete process.env.CONVENE_EMBEDDED_DB;
    else process.env.CONVENE_EMBEDDED_DB = saved.embedded;
    await server.stop();
    await mail.stop();
  }
});
