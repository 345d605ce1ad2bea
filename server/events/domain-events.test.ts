/**
 * The outbox: a change writes its domain event and one job per subscriber in its own transaction (so a rollback
 * leaves neither), and the subscribers tolerate running twice.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { sessionActor } from "../auth/actor";
import { mailBookingEvent } from "../bookings/booking-mail";
import { confirmBooking } from "../bookings/booking-lifecycle";
import { createBooking } from "../bookings/create";
import { db } from "../db/client";
import { enqueueJobs } from "../jobs/queue";
import { runPendingJobs } from "../jobs/workers";
import { createOutOfOffice } from "../out-of-office/out-of-office.service";
import { emitDomainEvent, readDomainEvent, type DomainEvent } from "./domain-events";

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
    // no webhook could take it, so no webhooks job, and no workflow applies to it, so no workflows job.
    expect(await jobsOf(event!.id)).toEqual(["event.mail"]);
  });

  it("a booking of an event type a workflow applies to queues the workflows job too", async () => {
    const { host, eventType } = await makeHostWithEventType();
    await db.workflow.create({ data: { userId: host.id, name: "Reminder", trigger: "beforeEvent", offsetValue: 1, offsetUnit: "hour", activeOnAll: true } });
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 12), attendee: attendee() }, noKey);
    const [event] = await eventsOf(booking.id);
    expect(await jobsOf(event!.id)).toEqual(["event.mail", "event.workflows"]);
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
    const entry = {
      id: 1,
      uuid: "ooo-1",
      userId: host.id,
      toUserId: null,
      start: utcAt(10, 0).toISOString(),
      end: utcAt(11, 0).toISOString(),
      notes: null,
      reason: "vacation",
    };
    let eventId = "";
    const failure = db.$transaction(async (tx) => {
      eventId = await emitDomainEvent(tx, { type: "OOO_CREATED", userIds: [host.id], payload: { outOfOffice: entry } });
      throw new Error("the change failed after emitting");
    });
    await expect(failure).rejects.toThrow("the change failed after emitting");
    expect(eventId).not.toBe("");
    expect(await db.domainEvent.count({ where: { id: eventId } })).toBe(0);
    expect(await jobsOf(eventId)).toEqual([]);
  });

  it("an event whose payload its schema refuses fails the change's transaction, and nothing is written", async () => {
    const { host } = await makeHostWithEventType();
    const before = await db.domainEvent.count();
    const change = db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: host.id }, data: { name: "Renamed in the change" } });
      await emitDomainEvent(tx, { type: "OOO_CREATED", userIds: [host.id], payload: { outOfOffice: { id: "not a number" } } });
    });
    await expect(change).rejects.toThrow(/OOO_CREATED v1 refused: outOfOffice\.id/);
    expect(await db.domainEvent.count()).toBe(before);
    expect((await db.user.findUniqueOrThrow({ where: { id: host.id } })).name).not.toBe("Renamed in the change");
  });

  it("a booking event is written at its current version; a v1 row kept from before versions is read upgraded by subscribers", async () => {
    const { eventType } = await makeHostWithEventType();
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(4, 10), attendee: attendee() }, noKey);
    const [written] = await eventsOf(booking.id);
    expect(written!.version).toBe(2);
    // The same event as a row written before versions: the snapshot of the day, without the fields added since.
    const { bookingFieldsResponses: _answers, icsUid: _ics, ...older } = (written!.payload as { booking: Record<string, unknown> }).booking;
    const legacy = await db.domainEvent.create({
      data: { ...written!, id: randomUUID(), version: 1, payload: { booking: older } as object, sequence: undefined },
    });
    const read = readDomainEvent(legacy as DomainEvent);
    expect(read.version).toBe(2);
    expect(read.payload).toMatchObject({
      booking: { uid: booking.uid, icsUid: expect.stringMatching(new RegExp(`^${booking.uid}@`)), bookingFieldsResponses: {} },
    });
    await expect(mailBookingEvent(read)).resolves.toBeUndefined();
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
