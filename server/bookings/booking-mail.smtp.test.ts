/**
 * Booking mails as a real SMTP receiver gets them: an HTML and a plain-text part, times in each recipient's own zone
 * (named), the attendee's manage links (whose token opens that booking), the host's links, and "add to calendar" only
 * while the booking stands. The subscriber runs here under a fresh event id, so no other test file's job runner
 * (without SMTP) can deliver these letters first.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { mailsTo, startMailCatcher, type CaughtMail, type MailCatcher } from "../../e2e/support/mail-catcher";
import { db, disconnectDb } from "../db/client";
import type { DomainEventType } from "../events/domain-events";
import { zonedRange } from "../mail/letter";
import { BOOKING_SELECT, toBookingOutput } from "./booking.dto";
import { mailBookingEvent } from "./booking-mail";
import { createBooking } from "./create";
import { isManageTokenOf } from "./manage-link";

let catcher: MailCatcher;

beforeAll(async () => {
  catcher = await startMailCatcher();
  process.env.SMTP_URL = catcher.smtpUrl;
  process.env.E2E_MAIL_DIR = catcher.directory;
});
afterAll(async () => {
  await catcher.stop();
  await disconnectDb();
});

async function bookInZones(options: { requiresConfirmation?: boolean } = {}) {
  const { host, eventType } = await makeHostWithEventType({ eventType: options });
  await db.user.update({ where: { id: host.id }, data: { timeZone: "Asia/Tokyo" } });
  const visitor = { ...attendee("Ada Lovelace"), timeZone: "America/New_York" };
  const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 15), attendee: visitor }, { idempotencyKey: null });
  return { host, visitor, uid: booking.uid };
}

async function mailEvent(type: DomainEventType, uid: string) {
  const row = await db.booking.findUniqueOrThrow({ where: { uid }, select: BOOKING_SELECT });
  const booking = toBookingOutput(row);
  const payload = JSON.parse(JSON.stringify({ booking }));
  // The event row the mail receipts hang on, written without the jobs a real emit enqueues.
  const event = await db.domainEvent.create({
    data: { id: randomUUID(), type, bookingId: row.id, bookingUid: uid, eventTypeId: row.eventTypeId, userIds: [], payload },
  });
  await mailBookingEvent({ ...event, type, teamId: null });
  return booking;
}

async function caught(to: string, subjectStart: string): Promise<CaughtMail> {
  let mail: CaughtMail | undefined;
  await vi.waitFor(() => {
    mail = mailsTo(to).find((candidate) => candidate.subject.startsWith(subjectStart));
    expect(mail).toBeDefined();
  });
  return mail!;
}

const tokenIn = (text: string, uid: string) => new RegExp(`/booking/${uid}\\?token=(cnv_bm_[A-Za-z0-9_-]{43})`).exec(text)?.[1];

describe("booking mails over SMTP", () => {
  it("booked: each reads the time in their own zone, named; the attendee's links open the booking; HTML and text parts", async () => {
    const { host, visitor, uid } = await bookInZones();
    const booking = await mailEvent("BOOKING_CREATED", uid);

    const forAttendee = await caught(visitor.email, "Booked:");
    expect(forAttendee.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(forAttendee.raw).toMatch(/Content-Type: text\/plain/i);
    expect(forAttendee.raw).toMatch(/Content-Type: text\/html/i);
    expect(forAttendee.text).toContain(zonedRange(booking.start, booking.end, "America/New_York"));
    expect(forAttendee.text).toContain("(America/New York)");
    expect(forAttendee.text).not.toContain(booking.start);
    const token = tokenIn(forAttendee.text, uid);
    expect(isManageTokenOf((await db.booking.findUniqueOrThrow({ where: { uid }, select: { uid: true, manageNonce: true } }))!, token)).toBe(true);
    expect(forAttendee.text).toContain(`/booking/${uid}/reschedule?token=${token}`);
    expect(forAttendee.text).toContain(`/booking/${uid}?token=${token}&action=cancel`);
    expect(forAttendee.text).toContain("Add to calendar");
    expect(forAttendee.text).toContain("https://calendar.google.com/calendar/render");
    expect(forAttendee.text).toContain(`Questions? Write to ${host.name} at ${host.email}`);
    expect(forAttendee.text).toMatch(new RegExp(`<a href="[^"]*/booking/${uid}\\?token=${token}"`));

    const forHost = await caught(host.email, "Booked:");
    expect(forHost.text).toContain(zonedRange(booking.start, booking.end, "Asia/Tokyo"));
    expect(forHost.text).toContain("(Asia/Tokyo)");
    expect(forHost.text).not.toContain("cnv_bm_");
    expect(forHost.text).toContain(`/booking/${uid}`);
    expect(forHost.text).toContain(`To reach Ada Lovelace, reply to ${visitor.email}`);
  });

  it("requested: the host's mail links to the confirm page; cancelled: a link to the page and no 'add to calendar'", async () => {
    const { host, visitor, uid } = await bookInZones({ requiresConfirmation: true });
    await mailEvent("BOOKING_REQUESTED", uid);
    const request = await caught(host.email, "Requested:");
    expect(request.text).toContain("/bookings/unconfirmed");
    expect((await caught(visitor.email, "Requested:")).text).toContain("Awaiting the host's confirmation");

    await db.booking.update({ where: { uid }, data: { status: "CANCELLED", cancellationReason: "Double-booked" } });
    await mailEvent("BOOKING_CANCELLED", uid);
    const cancelled = await caught(visitor.email, "Cancelled:");
    expect(cancelled.text).toContain("Reason: Double-booked");
    expect(tokenIn(cancelled.text, uid)).toBeDefined();
    expect(cancelled.text).not.toContain("Add to calendar");
    expect(cancelled.text).not.toContain("/reschedule?token=");
  });
});
