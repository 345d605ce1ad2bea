/**
 * The outbox: a change writes its domain event and one job per subscriber in its own transaction (so a rollback
 * leaves neither), and the subscribers tolerate running twice.
 */
import { describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { sessionActor } from "../auth/actor";
import { mailBookingEvent } from "../bookings/booking-mail";
import { confirmBooking } from "../bookings/booking-lifecycle";
import { createBooking } from "../bookings/create-booking";
import { db } from "../db/client";
import { enqueueJobs } from "../jobs/queue";
import { runPendingJobs } from "../jobs/workers";
import { createOutOfOffice } from "../out-of-office/out-of-office.service";
import { emitDomainEvent, type DomainEvent } from "./domain-events";

const noKey = { idempotencyKey: null };

const eventsOf = (bookingId: number) => db.domainEvent.findMany({ where: { bookingId }, orderBy: { occurredAt: "asc" } });

async function jobsOf(eventId: string) {
  const rows = await db.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM pgboss.job WHERE data->>'eventId' = $1 ORDER BY name`, eventId);
  return rows.map(({ name }) => name);
}

describe("domain events", () => {
  it("a booking commits its event and a job for each subscriber with it", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 10), attendee: attendee() }, noKey);
    const [event, ...others] = await eventsOf(booking.id);
    expect(others).toEqual([]);
    expect(event).toMatchObject({ type: "BOOKING_CREATED", bookingUid: booking.uid, eventTypeId: eventType.id, teamId: null, userIds: [host.id] });
    expect(event!.payload).toMatchObject({ booking: { uid: booking.uid, status: "accepted", hosts: [{ id: host.id }] } });
    // No host has a destination calendar, so no calendar-sync job (booking-edits-calendars.test.ts has the other case),
    // and no webhook could take it, so no webhooks job.
    expect(await jobsOf(event!.id)).toEqual(["event.mail"]);
  });

  it("a booking whose host has an active webhook queues the webhooks job too", async () => {
    const { host, eventType } = await makeHostWithEventType();
    await db.webhook.create({
      data: { userId: host.id, subscriberUrl: "https://hooks.example.test/in", triggers: ["BOOKING_CREATED"], secretEncrypted: "sealed" },
    });
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 10), attendee: attendee() }, noKey);
    const [event] = await eventsOf(booking.id);
    expect(await jobsOf(event!.id)).toEqual(["event.mail", "event.webhooks"]);
  });

  it("a pending booking is BOOKING_REQUESTED; its confirmation BOOKING_CONFIRMED", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { requiresConfirmation: true } });
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 11), attendee: attendee() }, noKey);
    await confirmBooking(sessionActor(host.id), booking.uid);
    expect((await eventsOf(booking.id)).map(({ type }) => type)).toEqual(["BOOKING_REQUESTED", "BOOKING_CONFIRMED"]);
  });

  it("a rolled-back transaction leaves no event and no job", async () => {
    const { host } = await makeHostWithEventType();
    let eventId = "";
    const failure = db.$transaction(async (tx) => {
      eventId = await emitDomainEvent(tx, { type: "BOOKING_CANCELLED", userIds: [host.id], payload: {} });
      throw new Error("the change failed after emitting");
    });
    await expect(failure).rejects.toThrow("the change failed after emitting");
    expect(eventId).not.toBe("");
    expect(await db.domainEvent.count({ where: { id: eventId } })).toBe(0);
    expect(await jobsOf(eventId)).toEqual([]);
  });

  it("a refused booking (the slot is taken) emits nothing", async () => {
    const { eventType } = await makeHostWithEventType();
    const start = utcAt(3, 10);
    await createBooking(null, { eventTypeId: eventType.id, start, attendee: attendee() }, noKey);
    const before = await db.domainEvent.count({ where: { eventTypeId: eventType.id } });
    await expect(createBooking(null, { eventTypeId: eventType.id, start, attendee: attendee() }, noKey)).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await db.domainEvent.count({ where: { eventTypeId: eventType.id } })).toBe(before);
  });

  it("the mail subscriber run twice for one event (a retried job) mails each recipient once", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 12), attendee: attendee() }, noKey);
    await runPendingJobs();
    const [event] = await eventsOf(booking.id);
    await mailBookingEvent(event as DomainEvent);
    await enqueueJobs(null, [{ name: "event.mail", data: { eventId: event!.id } }]);
    await runPendingJobs();
    for (const to of [host.email, booking.attendees[0]!.email])
      expect(await db.outboxMail.count({ where: { to, subject: { startsWith: "Booked:" } } }), to).toBe(1);
  });

  it("an out-of-office entry emits OOO_CREATED, which only webhooks take", async () => {
    const { host } = await makeHostWithEventType();
    const entry = await createOutOfOffice(sessionActor(host.id), { start: utcAt(10, 0).toISOString(), end: utcAt(12, 0).toISOString() });
    const [event] = await db.domainEvent.findMany({ where: { type: "OOO_CREATED", userIds: { has: host.id } } });
    expect(event?.payload).toMatchObject({ outOfOffice: { id: entry.id, userId: host.id } });
    expect(await jobsOf(event!.id)).toEqual(["event.webhooks"]);
  });
});
