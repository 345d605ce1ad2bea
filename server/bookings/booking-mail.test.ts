/** Booking mails as kept in the outbox (no SMTP_URL in unit runs): subjects, recipients and the .ics. They are sent by the `mail` subscriber's jobs, run here by runPendingJobs. */
import { describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import type { Principal } from "../auth/principal";
import { db } from "../db/client";
import { runPendingJobs } from "../jobs/workers";
import { cancelBooking, confirmBooking, declineBooking, rescheduleBooking } from "./booking-lifecycle";
import { zonedRange } from "../mail/letter";
import { createBooking } from "./create";

const asUser = (userId: number): Principal => ({ userId, via: "api-key", credentialId: 0, scopes: null, oauthClientId: null });
type Attachment = { filename: string; contentType: string; content: string };

async function book(eventTypeId: number, start: Date) {
  return (await createBooking(null, { eventTypeId, start, attendee: attendee() }, { idempotencyKey: null })).booking;
}

/** The mails to `to` whose subject starts with `prefix`, each with its single .ics attachment. */
async function mails(to: string, prefix: string) {
  await runPendingJobs();
  const rows = await db.outboxMail.findMany({ where: { to, subject: { startsWith: prefix } }, orderBy: { id: "asc" } });
  return rows.map((row) => ({ ...row, ics: (row.attachments as Attachment[]).find(({ filename }) => filename.endsWith(".ics")) }));
}

const icsStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

describe("booking mails", () => {
  it("an accepted booking: host and attendee get 'Booked' with the .ics stored in the outbox (REQUEST, CONFIRMED)", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const booking = await book(eventType.id, utcAt(2, 10));
    for (const to of [host.email, booking.attendees[0]!.email]) {
      const [mail] = await mails(to, "Booked:");
      expect(mail?.ics).toMatchObject({ filename: "invite.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST" });
      expect(mail!.ics!.content).toContain(`UID:${booking.icsUid}`);
      expect(mail!.ics!.content).toContain("METHOD:REQUEST");
      expect(mail!.ics!.content).toContain("STATUS:CONFIRMED");
    }
  });

  it("a pending booking is a tentative request; confirming mails the attendee a confirmed invitation", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { requiresConfirmation: true } });
    const booking = await book(eventType.id, utcAt(2, 11));
    const guest = booking.attendees[0]!.email;
    expect(await mails(guest, "Booked:")).toEqual([]);
    const [request] = await mails(guest, "Requested:");
    expect(request!.text).toContain("Awaiting the host's confirmation");
    expect(request!.ics!.content).toContain("STATUS:TENTATIVE");
    expect((await mails(host.email, "Requested:")).length).toBe(1);

    await confirmBooking(asUser(host.id), booking.uid);
    const [confirmed] = await mails(guest, "Confirmed:");
    expect(confirmed!.ics!.content).toContain(`UID:${booking.icsUid}`);
    expect(confirmed!.ics!.content).toContain("METHOD:REQUEST");
    expect(confirmed!.ics!.content).toContain("STATUS:CONFIRMED");
    expect(await mails(host.email, "Confirmed:")).toEqual([]); // the host made the decision
  });

  it("declining mails the attendee a METHOD:CANCEL for the same UID, with the reason", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { requiresConfirmation: true } });
    const booking = await book(eventType.id, utcAt(2, 12));
    await declineBooking(asUser(host.id), booking.uid, { reason: "Fully booked" });
    const [declined] = await mails(booking.attendees[0]!.email, "Declined:");
    expect(declined!.text).toContain("Reason: Fully booked");
    expect(declined!.ics!.content).toContain("METHOD:CANCEL");
    expect(declined!.ics!.content).toContain(`UID:${booking.icsUid}`);
    expect(declined!.ics!.content).toContain("STATUS:CANCELLED");
  });

  it("cancelling mails host and attendee a METHOD:CANCEL for the booking's UID", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const booking = await book(eventType.id, utcAt(2, 13));
    await cancelBooking(null, booking.uid, { cancellationReason: "Sick" });
    for (const to of [host.email, booking.attendees[0]!.email]) {
      const [mail] = await mails(to, "Cancelled:");
      expect(mail!.text).toContain("Reason: Sick");
      expect(mail!.ics).toMatchObject({ contentType: "text/calendar; charset=utf-8; method=CANCEL" });
      expect(mail!.ics!.content).toContain("METHOD:CANCEL");
      expect(mail!.ics!.content).toContain(`UID:${booking.icsUid}`);
    }
  });

  it("rescheduling invites to the new time and withdraws the old UID with METHOD:CANCEL", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const old = await book(eventType.id, utcAt(2, 14));
    const next = await rescheduleBooking(null, old.uid, { start: utcAt(3, 15), reschedulingReason: "Clash" });
    const readers = [
      { to: host.email, zone: next.hosts[0]!.timeZone },
      { to: old.attendees[0]!.email, zone: "Europe/Paris" },
    ];
    for (const { to, zone } of readers) {
      const [invite] = await mails(to, "Rescheduled:");
      // In the reader's own zone, named; never the raw UTC stamp.
      expect(invite!.text).toContain(zonedRange(next.start, next.end, zone));
      expect(invite!.text).toContain(`(${zone})`);
      expect(invite!.text).not.toContain(next.start);
      expect(invite!.ics!.content).toContain(`UID:${next.icsUid}`);
      expect(invite!.ics!.content).toContain(`DTSTART:${icsStamp(utcAt(3, 15))}`);
      expect(invite!.ics!.content).toContain("METHOD:REQUEST");
      const [withdrawal] = await mails(to, "Moved:");
      expect(withdrawal!.ics!.content).toContain(`UID:${old.icsUid}`);
      expect(withdrawal!.ics!.content).toContain("METHOD:CANCEL");
      expect(withdrawal!.ics!.content).toContain("STATUS:CANCELLED");
    }
  });
});
