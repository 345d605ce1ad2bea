import { sessionActor } from "../auth/actor";
import { describe, expect, it } from "vitest";
import { makeUser } from "@/prisma/factories";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import type { Principal } from "../auth/principal";
import { db } from "../db/client";
import { runPendingJobs } from "../jobs/workers";
import { AppError } from "../errors";
import { addAttendee, addGuests, getAttendee, listAttendees, markAbsent, reassignBooking, updateLocation } from "./booking-edits";
import { cancelBooking, confirmBooking, declineBooking, rescheduleBooking } from "./booking-lifecycle";
import { calendarLinks, emptyMediaList, getBooking, listBookings, listReferences } from "./booking-reads";
import { ZListBookingsQuery } from "./booking-list-query";
import { expectAppError } from "../../e2e/support/rejections";
import { createBooking } from "./create";
import { createPrivateLink } from "../event-types/private-link.service";

const asUser = (userId: number): Principal => ({ userId, via: "api-key", credentialId: 0, scopes: null, oauthClientId: null });
const noKey = { idempotencyKey: null };

async function book(eventTypeId: number, start: Date, context = noKey) {
  return (await createBooking(null, { eventTypeId, start, attendee: attendee() }, context)).booking;
}

describe("creating a booking", () => {
  it("books a free slot: accepted, end from the event type, host and attendee, mails with the invitation", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const start = utcAt(2, 10);
    const guest = attendee("Ada Lovelace");
    const { booking, created } = await createBooking(null, { eventTypeId: eventType.id, start, attendee: guest, guests: ["g1@example.test"] }, noKey);
    expect(created).toBe(true);
    expect(booking).toMatchObject({
      status: "accepted",
      start: start.toISOString(),
      end: new Date(start.getTime() + 30 * 60_000).toISOString(),
      duration: 30,
      eventType: { id: eventType.id, slug: eventType.slug },
      hosts: [{ id: host.id, email: host.email }],
      guests: ["g1@example.test"],
    });
    expect(booking.attendees.map(({ email }) => email)).toEqual([guest.email, "g1@example.test"]);
    await runPendingJobs();
    expect(await db.outboxMail.count({ where: { to: { in: [host.email, guest.email] }, subject: { startsWith: "Booked:" } } })).toBe(2);
  });

  it("refuses a time outside availability, off the slot grid, or taken, and writes nothing", async () => {
    const { eventType } = await makeHostWithEventType();
    await book(eventType.id, utcAt(2, 10));
    for (const start of [utcAt(2, 3), utcAt(2, 10, 10), utcAt(2, 10), utcAt(2, 16, 45)]) {
      await expectAppError(book(eventType.id, start), "CONFLICT");
    }
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(1);
  });

  it("50 simultaneous requests for one slot give exactly one booking", async () => {
    const { eventType } = await makeHostWithEventType();
    const start = utcAt(3, 11);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => book(eventType.id, start)));
    expect(results.filter(({ status }) => status === "fulfilled")).toHaveLength(1);
    for (const result of results) if (result.status === "rejected") expect((result.reason as AppError).code).toBe("CONFLICT");
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(1);
  });

  it("an Idempotency-Key retry returns the first booking", async () => {
    const { eventType } = await makeHostWithEventType();
    const context = { idempotencyKey: "retry-me" };
    const input = { eventTypeId: eventType.id, start: utcAt(2, 12), attendee: attendee() };
    const first = await createBooking(null, input, context);
    const second = await createBooking(null, input, context);
    expect([first.created, second.created]).toEqual([true, false]);
    expect(second.booking.uid).toBe(first.booking.uid);
  });

  it("an Idempotency-Key retry on a single-use private link returns the first booking, not a 404", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { hidden: true } });
    const { linkId } = await createPrivateLink(sessionActor(host.id), eventType.id, { maxUsageCount: 1 });
    const input = { eventTypeId: eventType.id, start: utcAt(2, 13), attendee: attendee(), privateLink: linkId };
    const first = await createBooking(null, input, { idempotencyKey: "link-retry" });
    const second = await createBooking(null, input, { idempotencyKey: "link-retry" });
    expect([first.created, second.created]).toEqual([true, false]);
    expect(second.booking.uid).toBe(first.booking.uid);
    await expectAppError(createBooking(null, { ...input, start: utcAt(2, 14) }, { idempotencyKey: "another-key" }), "NOT_FOUND");
  });

  it("event types requiring confirmation create pending bookings that hosts confirm or decline", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { requiresConfirmation: true } });
    const pending = await book(eventType.id, utcAt(2, 9));
    expect(pending.status).toBe("pending");
    await expectAppError(book(eventType.id, utcAt(2, 9)), "CONFLICT"); // pending bookings block their slot
    expect((await confirmBooking(asUser(host.id), pending.uid)).status).toBe("accepted");
    await expectAppError(confirmBooking(asUser(host.id), pending.uid), "BAD_REQUEST");
    const another = await book(eventType.id, utcAt(2, 10));
    const declined = await declineBooking(asUser(host.id), another.uid, { reason: "Busy" });
    expect(declined).toMatchObject({ status: "rejected", cancellationReason: "Busy" });
    await book(eventType.id, utcAt(2, 10)); // a rejected booking frees its slot
  });

  it("buffers keep neighbouring slots free", async () => {
    const { eventType } = await makeHostWithEventType({ eventType: { afterEventBuffer: 15 } });
    await book(eventType.id, utcAt(2, 10));
    await expectAppError(book(eventType.id, utcAt(2, 10, 30)), "CONFLICT");
    await book(eventType.id, utcAt(2, 11));
  });

  it("hidden event types are not bookable without a private link", async () => {
    const { eventType } = await makeHostWithEventType({ eventType: { hidden: true } });
    await expectAppError(book(eventType.id, utcAt(2, 10)), "NOT_FOUND");
  });
});

describe("lifecycle", () => {
  it("cancel: once, with the reason; the slot is free again; twice is a 400", async () => {
    const { eventType } = await makeHostWithEventType();
    const booking = await book(eventType.id, utcAt(2, 13));
    const cancelled = await cancelBooking(null, booking.uid, { cancellationReason: "Sick" });
    expect(cancelled).toMatchObject({ status: "cancelled", cancellationReason: "Sick" });
    await expectAppError(cancelBooking(null, booking.uid, {}), "BAD_REQUEST");
    await book(eventType.id, utcAt(2, 13));
  });

  it("reschedule: a new booking linked both ways; the old slot no longer blocks", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const old = await book(eventType.id, utcAt(2, 14));
    const moved = await rescheduleBooking(null, old.uid, { start: utcAt(3, 14), reschedulingReason: "Clash" });
    expect(moved).toMatchObject({ rescheduledFromUid: old.uid, reschedulingReason: "Clash", status: "accepted", start: utcAt(3, 14).toISOString() });
    expect(await getBooking(asUser(host.id), old.uid)).toMatchObject({ status: "cancelled", rescheduledToUid: moved.uid });
    expect(moved.attendees.map(({ email }) => email)).toEqual(old.attendees.map(({ email }) => email));
    await book(eventType.id, utcAt(2, 14));
    await expectAppError(rescheduleBooking(null, old.uid, { start: utcAt(4, 14) }), "BAD_REQUEST");
  });

  it("a booking may be rescheduled into a time overlapping its own old slot", async () => {
    const { eventType } = await makeHostWithEventType({ eventType: { lengthInMinutes: 60, slotInterval: 30 } });
    const old = await book(eventType.id, utcAt(2, 10));
    const moved = await rescheduleBooking(null, old.uid, { start: utcAt(2, 10, 30) });
    expect(moved.start).toBe(utcAt(2, 10, 30).toISOString());
  });
});

describe("reading", () => {
  it("lists the caller's bookings with filters, sorting and pagination; others' bookings are 404", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const starts = [utcAt(2, 9), utcAt(2, 10), utcAt(3, 9), utcAt(4, 9)];
    const made = [];
    for (const start of starts) made.push(await book(eventType.id, start));
    await cancelBooking(null, made[1]!.uid, {});
    const list = (query: Record<string, unknown>) => listBookings(asUser(host.id), ZListBookingsQuery.parse(query));
    const page = await list({ take: "2", skip: "0" }); // as a query string carries them
    expect(page.items.map(({ uid }) => uid)).toEqual([made[0]!.uid, made[1]!.uid]);
    expect(page.pagination).toMatchObject({
      totalItems: 4,
      totalPages: 2,
      currentPage: 1,
      hasNextPage: true,
      hasPreviousPage: false,
      returnedItems: 2,
      remainingItems: 2,
    });
    expect((await list({ status: "cancelled" })).items.map(({ uid }) => uid)).toEqual([made[1]!.uid]);
    expect((await list({ status: "accepted,pending", sortStart: "desc" })).items.map(({ uid }) => uid)).toEqual([made[3]!.uid, made[2]!.uid, made[0]!.uid]);
    expect((await list({ attendeeEmail: made[2]!.attendees[0]!.email })).items).toHaveLength(1);
    expect((await list({ afterStart: utcAt(3, 0).toISOString(), beforeEnd: utcAt(3, 23).toISOString() })).items.map(({ uid }) => uid)).toEqual([made[2]!.uid]);
    const stranger = await makeUser();
    expect((await listBookings(asUser(stranger.id), ZListBookingsQuery.parse({}))).items).toEqual([]);
    await expectAppError(getBooking(asUser(stranger.id), made[0]!.uid), "NOT_FOUND");
  });

  it("calendar links, references, recordings, transcripts and sessions", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const booking = await book(eventType.id, utcAt(2, 15));
    const links = await calendarLinks(asUser(host.id), booking.uid);
    expect(links.map(({ label }) => label)).toEqual(["Google Calendar", "Microsoft Outlook", "Microsoft Office 365", "ICS"]);
    expect(links[0]!.link).toContain("calendar.google.com");
    expect(await listReferences(asUser(host.id), booking.uid)).toEqual([]);
    expect(await emptyMediaList(asUser(host.id), booking.uid)).toEqual([]);
  });
});

describe("access", () => {
  it("the list and the single read agree: hosts see a booking; the event type's owner who does not host it does not", async () => {
    const owner = await makeHostWithEventType();
    const member = await makeHostWithEventType();
    await db.eventType.update({ where: { id: owner.eventType.id }, data: { hosts: { create: [{ userId: member.host.id }] } } });
    const booking = await book(owner.eventType.id, utcAt(2, 10));
    expect(booking.hosts.map(({ id }) => id)).toEqual([member.host.id]);
    expect((await listBookings(asUser(member.host.id), ZListBookingsQuery.parse({}))).items.map(({ uid }) => uid)).toEqual([booking.uid]);
    expect((await getBooking(asUser(member.host.id), booking.uid)).uid).toBe(booking.uid);
    expect((await listBookings(asUser(owner.host.id), ZListBookingsQuery.parse({}))).items).toEqual([]);
    await expectAppError(getBooking(asUser(owner.host.id), booking.uid), "NOT_FOUND");
  });
});

describe("host edits", () => {
  it("guests, attendees and location", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const booking = await book(eventType.id, utcAt(2, 16));
    const me = asUser(host.id);
    const withGuests = await addGuests(me, booking.uid, { guests: [{ email: "new.guest@example.test" }, { email: "new.guest@example.test" }] });
    expect(withGuests.guests).toEqual(["new.guest@example.test"]);
    const added = await addAttendee(me, booking.uid, { name: "Alan", email: "alan@example.test", timeZone: "Europe/London", language: "en" });
    expect(await getAttendee(me, booking.uid, added.id)).toMatchObject({ name: "Alan", absent: false });
    await expectAppError(addAttendee(me, booking.uid, { name: "Alan", email: "alan@example.test", timeZone: "Europe/London", language: "en" }), "CONFLICT");
    expect(await listAttendees(me, booking.uid)).toHaveLength(3);
    const moved = await updateLocation(me, booking.uid, { location: { type: "link", link: "https://meet.example.test/x" } });
    expect(moved).toMatchObject({ location: "https://meet.example.test/x", meetingUrl: "https://meet.example.test/x" });
    const stranger = asUser((await makeUser()).id);
    await expectAppError(addGuests(stranger, booking.uid, { guests: [{ email: "x@example.test" }] }), "NOT_FOUND");
  });

  it("absence only once the booking has started", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const booking = await book(eventType.id, utcAt(2, 11));
    await expectAppError(markAbsent(asUser(host.id), booking.uid, { host: true }), "BAD_REQUEST");
    await db.booking.update({ where: { uid: booking.uid }, data: { start: utcAt(-1, 11), end: utcAt(-1, 11, 30) } });
    const marked = await markAbsent(asUser(host.id), booking.uid, { host: true, attendees: [{ email: booking.attendees[0]!.email, absent: true }] });
    expect(marked.absentHost).toBe(true);
    expect(marked.attendees[0]!.absent).toBe(true);
  });

  it("reassign: only round-robin bookings, to a free host of the event type", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const booking = await book(eventType.id, utcAt(2, 12));
    await expectAppError(reassignBooking(asUser(host.id), booking.uid, null), "BAD_REQUEST");

    const second = await makeHostWithEventType();
    await db.eventType.update({
      where: { id: eventType.id },
      data: { schedulingType: "ROUND_ROBIN", hosts: { create: [{ userId: host.id }, { userId: second.host.id }] } },
    });
    const roundRobin = await book(eventType.id, utcAt(2, 13));
    // The first host already has a booking of this event type (12:00): the least recently booked, the second, gets it.
    expect(roundRobin.hosts.map(({ id }) => id)).toEqual([second.host.id]);
    const reassigned = await reassignBooking(asUser(second.host.id), roundRobin.uid, null);
    expect(reassigned.hosts.map(({ id }) => id)).toEqual([host.id]);
    // Having given the booking away, the second host no longer manages it; the new host can hand it back.
    await expectAppError(reassignBooking(asUser(second.host.id), roundRobin.uid, second.host.id), "NOT_FOUND");
    const back = await reassignBooking(asUser(host.id), roundRobin.uid, second.host.id);
    expect(back.hosts.map(({ id }) => id)).toEqual([second.host.id]);
  });
});
