/** Seated bookings on PostgreSQL: seats taken up to the limit under concurrency, a seat's own reads and actions, slots. */
import { describe, expect, it } from "vitest";
import { sessionActor } from "../auth/actor";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { expectAppError } from "../../e2e/support/rejections";
import { db } from "../db/client";
import { runPendingJobs } from "../jobs/workers";
import { getSlots } from "../slots/slots-2024-09-04";
import { mergeSeatedSlots } from "../slots/seated-slots";
import { cancelBooking, rescheduleBooking } from "./booking-lifecycle";
import { cancelSeat, getBookingBySeat, rescheduleSeat } from "./booking-seats";
import { createBooking } from "./create";
import { seatManageTokenFor, seatOfManageToken } from "./manage-link";
import { findManagedBookingView } from "./manage-link.service";

const seated = (seatsPerTimeSlot: number, showAttendees = false) => ({ eventType: { seatsPerTimeSlot, seatsShowAttendees: showAttendees } });
const person = (name: string) => ({ ...attendee(name), email: `${name.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.test` });

async function seat(eventTypeId: number, start: Date, name: string, idempotencyKey: string | null = null) {
  return createBooking(null, { eventTypeId, start, attendee: person(name) }, { idempotencyKey });
}

describe("seated bookings", () => {
  it("shares one booking among attendees until the seats run out, then refuses with 409", async () => {
    const { eventType } = await makeHostWithEventType(seated(2));
    const start = utcAt(3, 10);
    const first = await seat(eventType.id, start, "Ada");
    const second = await seat(eventType.id, start, "Grace");
    expect(first.seatUid).toBeTruthy();
    expect(second.seatUid).not.toBe(first.seatUid);
    expect(second.booking.uid).toBe(first.booking.uid);
    // Each seat's view names its own attendee only.
    expect(second.booking.attendees.map(({ name }) => name)).toEqual(["Grace"]);
    await expectAppError(seat(eventType.id, start, "Linus"), "CONFLICT");
    await expectAppError(
      createBooking(null, { eventTypeId: eventType.id, start, attendee: person("Alan"), recurrenceCount: 2 }, { idempotencyKey: null }),
      "BAD_REQUEST",
    );
    const row = await db.booking.findUniqueOrThrow({
      where: { uid: first.booking.uid },
      select: { seatsTaken: true, _count: { select: { attendees: true } } },
    });
    expect(row).toEqual({ seatsTaken: 2, _count: { attendees: 2 } });
  });

  it("never over-fills: 25 simultaneous bookers for 5 seats give exactly 5 seats, the rest 409", async () => {
    const { eventType } = await makeHostWithEventType(seated(5));
    const start = utcAt(3, 11);
    const results = await Promise.allSettled(Array.from({ length: 25 }, (_, index) => seat(eventType.id, start, `Booker${index}`)));
    const booked = results.filter((result) => result.status === "fulfilled");
    expect(booked).toHaveLength(5);
    for (const result of results) if (result.status === "rejected") expect(result.reason).toMatchObject({ code: "CONFLICT" });
    const bookings = await db.booking.findMany({ where: { eventTypeId: eventType.id }, select: { seatsTaken: true, _count: { select: { seats: true } } } });
    expect(bookings).toEqual([{ seatsTaken: 5, _count: { seats: 5 } }]);
  });

  it("the database refuses more seats than the capacity, whatever statement writes them", async () => {
    const { eventType } = await makeHostWithEventType(seated(1));
    const { booking } = await seat(eventType.id, utcAt(3, 12), "Ada");
    await expect(db.booking.update({ where: { uid: booking.uid }, data: { seatsTaken: 2 } })).rejects.toThrow(/Booking_seats_within_capacity/);
  });

  it("an Idempotency-Key names one seat: a retry gets it back, another booker's key takes another", async () => {
    const { eventType } = await makeHostWithEventType(seated(3));
    const start = utcAt(3, 13);
    const body = { eventTypeId: eventType.id, start, attendee: person("Ada") };
    const first = await createBooking(null, body, { idempotencyKey: "seat-key-a" + eventType.id });
    const again = await createBooking(null, body, { idempotencyKey: "seat-key-a" + eventType.id });
    expect(again).toMatchObject({ created: false, seatUid: first.seatUid });
    const other = await seat(eventType.id, start, "Grace", "seat-key-b" + eventType.id);
    expect(other.created).toBe(true);
    expect(await db.bookingSeat.count({ where: { bookingId: first.booking.id } })).toBe(2);
  });

  it("the same Idempotency-Key sent five times at once takes one seat, and every request gets that seat", async () => {
    const { eventType } = await makeHostWithEventType(seated(4));
    const start = utcAt(3, 15);
    await seat(eventType.id, start, "Ada"); // the booking exists: the keyed requests join it, each through the join statement
    const body = { eventTypeId: eventType.id, start, attendee: person("Grace") };
    const key = `seat-key-race-${eventType.id}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => createBooking(null, body, { idempotencyKey: key })));
    expect(new Set(answers.map(({ seatUid }) => seatUid)).size).toBe(1);
    expect(answers.filter(({ created }) => created)).toHaveLength(1);
    const booking = await db.booking.findFirstOrThrow({ where: { eventTypeId: eventType.id }, select: { id: true, seatsTaken: true } });
    expect(booking.seatsTaken).toBe(2);
    expect(await db.bookingSeat.count({ where: { bookingId: booking.id } })).toBe(2);
  });

  it("a seat is read by its uid with its own attendee only, unless the event type shows attendees", async () => {
    const { eventType } = await makeHostWithEventType(seated(3));
    const start = utcAt(3, 14);
    const ada = await seat(eventType.id, start, "Ada");
    await seat(eventType.id, start, "Grace");
    const read = await getBookingBySeat(null, ada.seatUid!);
    expect(read.attendees.map(({ name, seatUid }) => [name, seatUid])).toEqual([["Ada", ada.seatUid]]);
    const open = await makeHostWithEventType(seated(3, true));
    const one = await seat(open.eventType.id, start, "Ada");
    await seat(open.eventType.id, start, "Grace");
    expect((await getBookingBySeat(null, one.seatUid!)).attendees.map(({ name }) => name)).toEqual(["Ada", "Grace"]);
    await expectAppError(getBookingBySeat(null, "no-such-seat"), "NOT_FOUND");
  });

  it("cancelling a seat leaves the others; the last seat cancels the booking; the uid alone cannot cancel them all", async () => {
    const { eventType } = await makeHostWithEventType(seated(3));
    const start = utcAt(4, 10);
    const ada = await seat(eventType.id, start, "Ada");
    const grace = await seat(eventType.id, start, "Grace");
    await expectAppError(cancelBooking(null, ada.booking.uid, {}), "FORBIDDEN");
    const left = await cancelSeat(null, ada.booking.uid, { seatUid: ada.seatUid! });
    expect(left.status).toBe("accepted");
    expect(await db.booking.findUniqueOrThrow({ where: { uid: ada.booking.uid }, select: { seatsTaken: true, status: true } })).toEqual({
      seatsTaken: 1,
      status: "ACCEPTED",
    });
    await expectAppError(getBookingBySeat(null, ada.seatUid!), "NOT_FOUND");
    await cancelSeat(null, grace.booking.uid, { seatUid: grace.seatUid! });
    expect(await db.booking.findUniqueOrThrow({ where: { uid: ada.booking.uid }, select: { status: true } })).toEqual({ status: "CANCELLED" });
    await runPendingJobs();
  });

  it("moves one seat to another time; the others stay; the whole booking's reschedule is its managers'", async () => {
    const { eventType } = await makeHostWithEventType(seated(3));
    const start = utcAt(4, 11);
    const ada = await seat(eventType.id, start, "Ada");
    const grace = await seat(eventType.id, start, "Grace");
    await expectAppError(rescheduleBooking(null, ada.booking.uid, { start: utcAt(4, 12) }), "FORBIDDEN");
    const moved = await rescheduleSeat(null, ada.booking.uid, { seatUid: ada.seatUid!, start: utcAt(4, 12) });
    expect(moved.uid).not.toBe(ada.booking.uid);
    expect(moved.start).toBe(utcAt(4, 12).toISOString());
    expect(moved.attendees.map(({ name }) => name)).toEqual(["Ada"]);
    expect((await getBookingBySeat(null, grace.seatUid!)).start).toBe(start.toISOString());
    expect(await db.booking.findUniqueOrThrow({ where: { uid: ada.booking.uid }, select: { seatsTaken: true } })).toEqual({ seatsTaken: 1 });
    await runPendingJobs();
  });

  it("the host moves the whole booking: its seats, capacity and count go with their attendees", async () => {
    const { host, eventType } = await makeHostWithEventType(seated(3));
    const ada = await seat(eventType.id, utcAt(4, 14), "Ada");
    const grace = await seat(eventType.id, utcAt(4, 14), "Grace");
    const moved = await rescheduleBooking(sessionActor(host.id), ada.booking.uid, { start: utcAt(4, 15) });
    expect(await db.booking.findUniqueOrThrow({ where: { uid: moved.uid }, select: { seatCapacity: true, seatsTaken: true } })).toEqual({
      seatCapacity: 3,
      seatsTaken: 2,
    });
    const read = await getBookingBySeat(null, grace.seatUid!);
    expect(read).toMatchObject({ uid: moved.uid, start: utcAt(4, 15).toISOString(), attendees: [{ name: "Grace", seatUid: grace.seatUid }] });
    // A third seat joins the moved booking; the old time is free of seats.
    const linus = await seat(eventType.id, utcAt(4, 15), "Linus");
    expect(linus.booking.uid).toBe(moved.uid);
    await runPendingJobs();
  });

  it("the slot stays offered while seats are left, with the booking and its count; a full one is not", async () => {
    const { eventType } = await makeHostWithEventType(seated(2));
    const start = utcAt(5, 10);
    const ada = await seat(eventType.id, start, "Ada");
    const query = { eventTypeId: eventType.id, start: utcAt(5, 0), end: utcAt(5, 23), timeZone: "UTC", format: "time" as const };
    const slotAt = async () =>
      Object.values(await getSlots(query))
        .flat()
        .find((slot) => slot.start === start.toISOString());
    expect(await slotAt()).toEqual({ start: start.toISOString(), attendeesCount: 1, bookingUid: ada.booking.uid });
    await seat(eventType.id, start, "Grace");
    expect(await slotAt()).toBeUndefined();
  });

  it("a seat's manage token opens its own seat alone and is no other seat's", async () => {
    const { eventType } = await makeHostWithEventType(seated(3));
    const start = utcAt(5, 12);
    const ada = await seat(eventType.id, start, "Ada");
    const grace = await seat(eventType.id, start, "Grace");
    const row = await db.booking.findUniqueOrThrow({ where: { uid: ada.booking.uid }, select: { uid: true, manageNonce: true } });
    const token = seatManageTokenFor(row, grace.seatUid!)!;
    expect(seatOfManageToken(row, token)).toBe(grace.seatUid);
    expect(seatOfManageToken(row, token.replace(grace.seatUid!, ada.seatUid!))).toBeNull();
    const view = await findManagedBookingView(ada.booking.uid, { token, actor: null });
    expect(view?.attendees.map(({ name }) => name)).toEqual(["Grace"]);
  });
});

describe("mergeSeatedSlots", () => {
  it("adds seated bookings with seats left, drops full ones, and counts seats only when shown", () => {
    const slots = [
      { start: 60, hostIds: [1] },
      { start: 120, hostIds: [1] },
    ];
    const bookings = [
      { uid: "a", start: 90, seatsTaken: 1, seatCapacity: 3, hostIds: [1] },
      { uid: "b", start: 120, seatsTaken: 3, seatCapacity: 3, hostIds: [1] },
    ];
    expect(mergeSeatedSlots(slots, bookings, { perTimeSlot: 3, showCount: true })).toEqual([
      { start: 60, hostIds: [1], seats: { seatsLeft: 3 } },
      { start: 90, hostIds: [1], seats: { bookingUid: "a", attendeesCount: 1, seatsLeft: 2 } },
    ]);
    expect(mergeSeatedSlots(slots, bookings, { perTimeSlot: 3, showCount: false })[1]!.seats).toEqual({ bookingUid: "a", attendeesCount: 1, seatsLeft: null });
  });
});
