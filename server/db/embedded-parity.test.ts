/**
 * The README's default database, for real: PGlite behind pglite-socket, where every connection shares
 * ONE backend. A use case that needs a second connection while its transaction holds one waits forever
 * there (reschedule did, ~30 s then 500), and per-connection state (named prepared statements, a private
 * pool) collides (connected-calendar busy times were silently dropped). Both are exercised here.
 */
import { sessionActor } from "../auth/actor";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../auth/principal";
import { runOnEmbeddedDatabase } from "./embedded-test-database";

const asUser = (userId: number): Principal => ({ userId, via: "api-key", credentialId: 0, scopes: null, oauthClientId: null });
const icsTime = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
const feed = (start: Date, end: Date) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:test",
    "BEGIN:VEVENT",
    "UID:busy-1",
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(end)}`,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");

runOnEmbeddedDatabase();

let feedServer: http.Server;
let feedUrl = "";
let busyStart: Date;

beforeAll(async () => {
  process.env.ALLOW_PRIVATE_NETWORK_URLS = "true";
  const { utcAt } = await import("@/prisma/scheduling-factories");
  busyStart = utcAt(2, 10);
  feedServer = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/calendar" });
    response.end(feed(busyStart, new Date(busyStart.getTime() + 60 * 60_000)));
  });
  await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/busy.ics`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => feedServer?.close(() => resolve()));
});

describe("on the embedded database", () => {
  it("a signed-in reschedule completes quickly and leaves other requests unblocked", async () => {
    const { makeUser } = await import("@/prisma/factories");
    const { attendee, makeHostWithEventType, utcAt } = await import("@/prisma/scheduling-factories");
    const { createBooking } = await import("../bookings/create");
    const { rescheduleBooking } = await import("../bookings/booking-lifecycle");
    const { db } = await import("./client");
    const caller = asUser((await makeUser()).id);
    const { eventType } = await makeHostWithEventType();
    const { booking } = await createBooking(caller, { eventTypeId: eventType.id, start: utcAt(3, 10), attendee: attendee() }, { idempotencyKey: null });

    const startedAt = performance.now();
    const [moved, others] = await Promise.all([rescheduleBooking(caller, booking.uid, { start: utcAt(3, 11) }), db.eventType.count()]);
    expect(performance.now() - startedAt).toBeLessThan(5_000);
    expect(moved).toMatchObject({ rescheduledFromUid: booking.uid, start: utcAt(3, 11).toISOString(), status: "accepted" });
    expect(others).toBeGreaterThan(0);
  });

  it("applies the statement deadline, which pglite-socket would drop from the start-up parameters", async () => {
    const { sql } = await import("./client");
    const { databaseDeadlines } = await import("./deadlines");
    expect(await sql("SHOW statement_timeout")).toEqual([{ statement_timeout: `${databaseDeadlines().statementMs / 1000}s` }]);
  });

  it("a connected ICS calendar's busy time removes the slot from the listing and refuses a booking there", async () => {
    const { makeUser } = await import("@/prisma/factories");
    const { attendee, makeHostWithEventType, utcAt } = await import("@/prisma/scheduling-factories");
    const { saveIcsFeed } = await import("../calendars/calendars.service");
    const { getAvailableSlots } = await import("../slots/slot-listings");
    const { createBooking } = await import("../bookings/create");
    const { rescheduleBooking } = await import("../bookings/booking-lifecycle");
    const { AppError } = await import("../errors");
    const { host, eventType } = await makeHostWithEventType();
    await saveIcsFeed(sessionActor(host.id), { urls: [feedUrl], readOnly: true });

    const { slots } = await getAvailableSlots({ eventTypeId: eventType.id, startTime: utcAt(2, 0), endTime: utcAt(3, 0), timeZone: "UTC" });
    const starts = Object.values(slots)
      .flat()
      .map(({ time }) => time);
    expect(starts).toContain(utcAt(2, 9).toISOString());
    expect(starts).not.toContain(utcAt(2, 10).toISOString());
    expect(starts).not.toContain(utcAt(2, 10, 30).toISOString());

    const refused = await createBooking(null, { eventTypeId: eventType.id, start: busyStart, attendee: attendee() }, { idempotencyKey: null }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as InstanceType<typeof AppError>).code).toBe("CONFLICT");

    const caller = asUser((await makeUser()).id);
    const { booking } = await createBooking(caller, { eventTypeId: eventType.id, start: utcAt(2, 14), attendee: attendee() }, { idempotencyKey: null });
    const movedOnto = await rescheduleBooking(caller, booking.uid, { start: utcAt(2, 10, 30) }).catch((error: unknown) => error);
    expect((movedOnto as InstanceType<typeof AppError>).code).toBe("CONFLICT");
  });

  it("an invitation queues its mail in its transaction on the one connection, and the mail.send job delivers it", async () => {
    const { makeUser } = await import("@/prisma/factories");
    const { addMember, makeTeam } = await import("@/prisma/team-factories");
    const { inviteToTeam } = await import("../teams/invitation.service");
    const { runPendingJobs } = await import("../jobs/workers");
    const { db } = await import("./client");
    const [team, owner] = await Promise.all([makeTeam(), makeUser()]);
    await addMember(team.id, owner.id, "OWNER");
    const email = `embedded-invitee-${team.id}@example.test`;
    const startedAt = performance.now();
    await inviteToTeam(sessionActor(owner.id), team.id, { email });
    expect(performance.now() - startedAt).toBeLessThan(5_000);
    await runPendingJobs();
    expect((await db.outboxMail.findMany({ where: { to: email } })).map(({ text }) => text)).toEqual([expect.stringContaining("/teams/invitations/cnv_ti_")]);
    expect(await db.queuedMail.count({ where: { to: email } })).toBe(0);
  });

  it("runs the busy-time triggers: a warm listing sees a booking and its cancellation", async () => {
    const { attendee, makeHostWithEventType, utcAt } = await import("@/prisma/scheduling-factories");
    const { getAvailableSlots } = await import("../slots/slot-listings");
    const { createBooking } = await import("../bookings/create");
    const { db } = await import("./client");
    const { host, eventType } = await makeHostWithEventType();
    const listed = async () => {
      const { slots } = await getAvailableSlots({ eventTypeId: eventType.id, startTime: utcAt(4, 0), endTime: utcAt(11, 0), timeZone: "UTC" });
      return Object.values(slots)
        .flat()
        .map(({ time }) => time);
    };
    expect(await listed()).toContain(utcAt(4, 11).toISOString());
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(4, 11), attendee: attendee() }, { idempotencyKey: null });
    expect(await db.bookingHost.findFirst({ where: { bookingId: booking.id } })).toMatchObject({ userId: host.id, isLive: true });
    expect(await listed()).not.toContain(utcAt(4, 11).toISOString());
    await db.bookingHost.updateMany({ where: { bookingId: booking.id }, data: { isLive: false } });
    expect(await listed()).toContain(utcAt(4, 11).toISOString());
  });
});
