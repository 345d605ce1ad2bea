/**
 * Meetings follow bookings, against a real PostgreSQL and the Zoom stand-in (e2e/support/fake-zoom.ts): the built-in
 * Jitsi room made with the booking, Zoom meetings made, moved and deleted by the conferencing subscriber's jobs
 * (runPendingJobs), a repeated or crashed job making no second meeting, and the link in the booking and its mail.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { startFakeZoom, type FakeZoom } from "@/e2e/support/fake-zoom";
import type { Principal } from "../auth/principal";
import { cancelBooking, rescheduleBooking } from "../bookings/booking-lifecycle";
import { createBooking } from "../bookings/create";
import { db } from "../db/client";
import { runPendingJobs } from "../jobs/workers";
import { bookingRecordings, bookingTranscripts } from "./booking-media";
import { syncMeeting } from "./meeting-sync";
import { completeZoomConnection, getZoomAuthUrl } from "./zoom-oauth.service";

let zoom: FakeZoom;
beforeAll(async () => {
  zoom = await startFakeZoom();
  // Read by env() on first use, which comes after this.
  Object.assign(process.env, zoom.serverEnv, { JITSI_URL: "https://jitsi.example.test" });
});
afterAll(() => zoom.stop());

const asUser = (userId: number): Principal => ({ userId, via: "api-key", credentialId: 0, scopes: null, oauthClientId: null });

async function book(eventTypeId: number, start: Date) {
  return (await createBooking(null, { eventTypeId, start, attendee: attendee() }, { idempotencyKey: null })).booking;
}

/** Zoom's consent, as the browser would go through it: auth-url → Zoom → our callback. */
async function connectZoom(userId: number) {
  const { url } = await getZoomAuthUrl(asUser(userId), { returnTo: "/settings/conferencing", onErrorReturnTo: "/settings/conferencing?failed=1" });
  const consent = await fetch(url, { redirect: "manual" });
  const callback = new URL(consent.headers.get("location")!);
  const { redirectTo } = await completeZoomConnection({ state: callback.searchParams.get("state")!, code: callback.searchParams.get("code")! });
  expect(new URL(redirectTo).searchParams.get("status")).toBe("success");
}

const meetingsOf = (uid: string) => zoom.meetings().filter((meeting) => meeting.agenda.includes(uid));

describe("the built-in Jitsi Meet", () => {
  it("a booking gets an unguessable room with the booking: in its location, its reference and its confirmation mail; cancel drops the reference", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { locations: [{ type: "integration", integration: "jitsi" }] } });
    const booking = await book(eventType.id, utcAt(2, 9));
    expect(booking.location).toMatch(/^https:\/\/jitsi\.example\.test\/convene-[0-9a-f]{32}$/);
    expect(booking.meetingUrl).toBe(booking.location);
    const other = await book(eventType.id, utcAt(2, 10));
    expect(other.location).not.toBe(booking.location);

    await runPendingJobs();
    const references = await db.bookingReference.findMany({ where: { bookingId: booking.id } });
    expect(references).toMatchObject([{ type: "jitsi_video", meetingApp: "jitsi", meetingUrl: booking.location }]);
    const mail = await db.outboxMail.findFirst({ where: { to: host.email, subject: `Booked: ${booking.title}`, text: { contains: booking.uid } } });
    expect(mail?.text).toContain(`Location: ${booking.location}`);

    await cancelBooking(asUser(host.id), booking.uid, {});
    await runPendingJobs();
    expect(await db.bookingReference.count({ where: { bookingId: booking.id } })).toBe(0);
  });

  it("the peer's cal-video books the built-in room", async () => {
    const { eventType } = await makeHostWithEventType({ eventType: { locations: [{ type: "integration", integration: "cal-video" }] } });
    const booking = await book(eventType.id, utcAt(2, 11));
    expect(booking.meetingUrl).toMatch(/^https:\/\/jitsi\.example\.test\/convene-[0-9a-f]{32}$/);
  });
});

describe("Zoom", () => {
  it("a meeting per booking with its title and times, moved on reschedule, deleted on cancel; a repeated job makes none twice", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { locations: [{ type: "integration", integration: "zoom" }] } });
    await connectZoom(host.id);
    const booking = await book(eventType.id, utcAt(3, 9));
    await runPendingJobs();

    const [meeting, ...others] = meetingsOf(booking.uid);
    expect(others).toEqual([]);
    expect(meeting).toMatchObject({ topic: booking.title, start_time: booking.start.replace(/\.\d{3}Z$/, "Z"), duration: 30, deleted: false });
    const row = await db.booking.findUniqueOrThrow({ where: { id: booking.id }, select: { location: true } });
    expect(row.location).toEqual({ type: "integration", integration: "zoom", link: meeting!.join_url });
    expect(await db.bookingReference.findMany({ where: { bookingId: booking.id, meetingApp: "zoom" } })).toMatchObject([
      { type: "zoom_video", externalId: String(meeting!.id), meetingUrl: meeting!.join_url },
    ]);
    const mail = await db.outboxMail.findFirst({ where: { to: host.email, subject: `Booked: ${booking.title}`, text: { contains: booking.uid } } });
    expect(mail?.text).toContain(`Location: ${meeting!.join_url}`);

    // A job run again, and one that died after Zoom's answer but before the reference was stored: still one meeting.
    const change = { eventId: "00000000-0000-0000-0000-000000000000", occurredAt: new Date(), bookingId: booking.id, movesMeeting: false, mailsLink: false };
    await syncMeeting(change);
    await db.bookingReference.deleteMany({ where: { bookingId: booking.id, meetingApp: "zoom" } });
    await syncMeeting(change);
    expect(meetingsOf(booking.uid).filter((entry) => !entry.deleted)).toHaveLength(1);
    expect(await db.bookingReference.count({ where: { bookingId: booking.id, meetingApp: "zoom" } })).toBe(1);

    const moved = await rescheduleBooking(asUser(host.id), booking.uid, { start: utcAt(4, 14) });
    await runPendingJobs();
    const after = zoom.meetings().find((entry) => entry.id === meeting!.id)!;
    expect(after).toMatchObject({ start_time: moved.start.replace(/\.\d{3}Z$/, "Z"), deleted: false });
    expect(await db.bookingReference.findFirst({ where: { meetingApp: "zoom", externalId: String(meeting!.id) } })).toMatchObject({ bookingId: moved.id });
    expect(zoom.meetings().filter((entry) => !entry.deleted && entry.agenda.includes(moved.uid))).toHaveLength(1);

    await cancelBooking(asUser(host.id), moved.uid, {});
    await runPendingJobs();
    expect(zoom.meetings().find((entry) => entry.id === meeting!.id)!.deleted).toBe(true);
    expect(await db.bookingReference.count({ where: { bookingId: moved.id, meetingApp: "zoom" } })).toBe(0);
  });

  it("recordings and transcripts come from Zoom's cloud recording API; none before the meeting was recorded", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { locations: [{ type: "integration", integration: "zoom" }] } });
    await connectZoom(host.id);
    const booking = await book(eventType.id, utcAt(3, 11));
    await runPendingJobs();
    expect(await bookingRecordings(asUser(host.id), booking.uid)).toEqual([]);
    const meeting = zoom.finishRecording(meetingsOf(booking.uid)[0]!.id);
    const mp4 = meeting.recording_files.find((file) => file.file_type === "MP4")!;
    expect(await bookingRecordings(asUser(host.id), booking.uid)).toEqual([
      expect.objectContaining({ id: mp4.id, roomName: String(meeting.id), status: "finished", duration: 30 * 60, downloadLink: mp4.download_url }),
    ]);
    expect(await bookingTranscripts(asUser(host.id), booking.uid)).toEqual([
      meeting.recording_files.find((file) => file.file_type === "TRANSCRIPT")!.download_url,
    ]);
    // Another user's view of the booking is a 404, not its media.
    const { host: stranger } = await makeHostWithEventType();
    await expect(bookingRecordings(asUser(stranger.id), booking.uid)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("an organizer without a Zoom connection gets the built-in room instead of no link", async () => {
    const { eventType } = await makeHostWithEventType({ eventType: { locations: [{ type: "integration", integration: "zoom" }] } });
    const booking = await book(eventType.id, utcAt(3, 13));
    await runPendingJobs();
    const row = await db.booking.findUniqueOrThrow({ where: { id: booking.id }, select: { location: true } });
    expect(row.location).toMatchObject({ type: "integration", integration: "jitsi", link: expect.stringMatching(/^https:\/\/jitsi\.example\.test\/convene-/) });
  });

  it("a link made after the confirmation mail's wait follows in an 'Updated' mail, once", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { locations: [{ type: "integration", integration: "zoom" }] } });
    await connectZoom(host.id);
    // The booking as the mail saw it: its meeting not made yet (as when Zoom answered after the mail's wait).
    const booking = await book(eventType.id, utcAt(3, 15));
    await db.bookingReference.deleteMany({ where: { bookingId: booking.id } });
    await db.booking.update({ where: { id: booking.id }, data: { location: { type: "integration", integration: "zoom" } } });
    const event = await db.domainEvent.findFirstOrThrow({ where: { bookingId: booking.id, type: "BOOKING_CREATED" } });
    const late = { eventId: event.id, occurredAt: new Date(Date.now() - 60_000), bookingId: booking.id, movesMeeting: false, mailsLink: true };
    await syncMeeting(late);
    await syncMeeting(late);
    const updates = await db.outboxMail.findMany({ where: { to: host.email, subject: `Updated: ${booking.title}`, text: { contains: booking.uid } } });
    expect(updates).toHaveLength(1);
    expect(updates[0]!.text).toContain(`Location: ${meetingsOf(booking.uid)[0]!.join_url}`);
  });
});
