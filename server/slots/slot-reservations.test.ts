/** Slot reservations against a real PostgreSQL: what a hold blocks, for whom, for how long, and who wins a race. */
import { describe, expect, it } from "vitest";
import { makeUser } from "@/prisma/factories";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { expectAppError } from "../../e2e/support/rejections";
import type { Principal } from "../auth/principal";
import { createBooking } from "../bookings/create";
import { db } from "../db/client";
import { deleteReservation, getReservation, reserveSlot, updateReservation } from "./slot-reservations";
import { getSlots } from "./slots-2024-09-04";
import { ZSlotsQuery } from "./slots-2024-09-04.schemas";

const asUser = (userId: number): Principal => ({ userId, via: "api-key", credentialId: 0, scopes: null, oauthClientId: null });
const book = (eventTypeId: number, start: Date, reservationUid?: string) =>
  createBooking(null, { eventTypeId, start, attendee: attendee() }, { idempotencyKey: null, reservationUid });

/** Slot starts (ISO UTC) listed by GET /v2/slots for the day of `day`. */
async function listedStarts(eventTypeId: number, day: Date, now?: Date): Promise<string[]> {
  const date = day.toISOString().slice(0, 10);
  const output = await getSlots(ZSlotsQuery.parse({ eventTypeId: String(eventTypeId), start: date, end: date }), { now });
  return (output[date] ?? []).map(({ start }) => new Date(start).toISOString());
}

describe("a slot reservation", () => {
  it("answers the peer's fields: 5 minutes by default, the event type's length", async () => {
    const { eventType } = await makeHostWithEventType();
    const start = utcAt(2, 10);
    const now = new Date();
    const reservation = await reserveSlot(null, { eventTypeId: eventType.id, slotStart: start }, { now });
    expect(reservation).toEqual({
      eventTypeId: eventType.id,
      slotStart: start.toISOString(),
      slotEnd: new Date(start.getTime() + 30 * 60_000).toISOString(),
      slotDuration: 30,
      reservationUid: expect.any(String),
      reservationDuration: 5,
      reservationUntil: new Date(now.getTime() + 5 * 60_000).toISOString(),
    });
    expect(await getReservation(reservation.reservationUid)).toEqual(reservation);
  });

  it("is not offered by the listing and cannot be booked or held by others; its holder books it and the hold is gone", async () => {
    const { eventType } = await makeHostWithEventType();
    const start = utcAt(2, 10);
    const { reservationUid } = await reserveSlot(null, { eventTypeId: eventType.id, slotStart: start });
    expect(await listedStarts(eventType.id, start)).not.toContain(start.toISOString());
    await expectAppError(book(eventType.id, start), "CONFLICT");
    await expectAppError(book(eventType.id, start, "someone-elses-guess"), "CONFLICT");
    await expectAppError(reserveSlot(null, { eventTypeId: eventType.id, slotStart: start }), "CONFLICT");
    const { booking } = await book(eventType.id, start, reservationUid);
    expect(booking.start).toBe(start.toISOString());
    expect(await db.slotReservation.count({ where: { uid: reservationUid } })).toBe(0);
  });

  it("blocks the host's other event types at that time too (it holds the host's time)", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const other = await db.eventType.create({
      data: { userId: host.id, title: "Other", slug: `other-${host.id}`, lengthInMinutes: 30, minimumBookingNotice: 0 },
    });
    const start = utcAt(2, 11);
    await reserveSlot(null, { eventTypeId: eventType.id, slotStart: start });
    await expectAppError(book(other.id, start), "CONFLICT");
  });

  it("expired, it blocks nothing and reads as not found", async () => {
    const { eventType } = await makeHostWithEventType();
    const start = utcAt(2, 12);
    const past = new Date(Date.now() - 10 * 60_000);
    const { reservationUid } = await reserveSlot(null, { eventTypeId: eventType.id, slotStart: start }, { now: past });
    await expectAppError(getReservation(reservationUid), "NOT_FOUND");
    expect(await listedStarts(eventType.id, start)).toContain(start.toISOString());
    await expect(reserveSlot(null, { eventTypeId: eventType.id, slotStart: start })).resolves.toMatchObject({ slotStart: start.toISOString() });
    await expectAppError(updateReservation(null, reservationUid, { eventTypeId: eventType.id, slotStart: utcAt(2, 13) }), "NOT_FOUND");
  });

  it("of two simultaneous reservations of one slot, exactly one wins", async () => {
    const { eventType } = await makeHostWithEventType();
    const start = utcAt(3, 10);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => reserveSlot(null, { eventTypeId: eventType.id, slotStart: start })));
    expect(results.filter(({ status }) => status === "fulfilled")).toHaveLength(1);
    for (const result of results) if (result.status === "rejected") expect(result.reason).toMatchObject({ code: "CONFLICT" });
    expect(await db.slotReservation.count({ where: { eventTypeId: eventType.id } })).toBe(1);
  });

  it("racing a booking for one slot: exactly one of them wins", async () => {
    const { eventType } = await makeHostWithEventType();
    const start = utcAt(3, 11);
    const [reserved, booked] = await Promise.allSettled([reserveSlot(null, { eventTypeId: eventType.id, slotStart: start }), book(eventType.id, start)]);
    expect([reserved.status, booked.status].filter((status) => status === "fulfilled")).toHaveLength(1);
    const live =
      (await db.booking.count({ where: { eventTypeId: eventType.id } })) + (await db.slotReservation.count({ where: { eventTypeId: eventType.id } }));
    expect(live).toBe(1);
  });

  it("moves with PATCH (the old time is free again) and releases with DELETE", async () => {
    const { eventType } = await makeHostWithEventType();
    const [first, second] = [utcAt(4, 10), utcAt(4, 11)];
    const { reservationUid } = await reserveSlot(null, { eventTypeId: eventType.id, slotStart: first });
    const moved = await updateReservation(null, reservationUid, { eventTypeId: eventType.id, slotStart: second });
    expect(moved).toMatchObject({ reservationUid, slotStart: second.toISOString() });
    const listed = await listedStarts(eventType.id, first);
    expect(listed).toContain(first.toISOString());
    expect(listed).not.toContain(second.toISOString());
    await deleteReservation(reservationUid);
    expect(await listedStarts(eventType.id, second)).toContain(second.toISOString());
    await expectAppError(deleteReservation(reservationUid), "NOT_FOUND");
  });

  it("lets only an authenticated host choose reservationDuration, within 60 minutes", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const stranger = await makeUser();
    const input = { eventTypeId: eventType.id, slotStart: utcAt(5, 10), reservationDuration: 30 };
    await expectAppError(reserveSlot(null, input), "UNAUTHORIZED");
    await expectAppError(reserveSlot(asUser(stranger.id), input), "FORBIDDEN");
    expect(await reserveSlot(asUser(host.id), input)).toMatchObject({ reservationDuration: 30 });
  });

  it("takes a slot length among the event type's options, and refuses others naming slotDuration", async () => {
    const { eventType } = await makeHostWithEventType();
    await db.eventType.update({ where: { id: eventType.id }, data: { lengthInMinutesOptions: [30, 60] } });
    const start = utcAt(5, 13);
    expect(await reserveSlot(null, { eventTypeId: eventType.id, slotStart: start, slotDuration: 60 })).toMatchObject({ slotDuration: 60 });
    // The hour is held: 13:30 is inside it.
    await expectAppError(book(eventType.id, new Date(start.getTime() + 30 * 60_000)), "CONFLICT");
    const error = await expectAppError(reserveSlot(null, { eventTypeId: eventType.id, slotStart: utcAt(5, 15), slotDuration: 45 }), "BAD_REQUEST");
    expect(error.details).toEqual([expect.objectContaining({ path: "body.slotDuration" })]);
  });

  it("of a hidden or unknown event type is a 404", async () => {
    const { eventType } = await makeHostWithEventType({ eventType: { hidden: true } });
    await expectAppError(reserveSlot(null, { eventTypeId: eventType.id, slotStart: utcAt(2, 10) }), "NOT_FOUND");
    await expectAppError(reserveSlot(null, { eventTypeId: 2_000_000_000, slotStart: utcAt(2, 10) }), "NOT_FOUND");
  });
});

describe("housekeeping", () => {
  it("a new reservation deletes holds expired over an hour ago, and keeps recent ones", async () => {
    const { eventType } = await makeHostWithEventType();
    const old = await reserveSlot(null, { eventTypeId: eventType.id, slotStart: utcAt(6, 10) }, { now: new Date(Date.now() - 2 * 60 * 60_000) });
    const recent = await reserveSlot(null, { eventTypeId: eventType.id, slotStart: utcAt(6, 11) }, { now: new Date(Date.now() - 10 * 60_000) });
    await reserveSlot(null, { eventTypeId: eventType.id, slotStart: utcAt(6, 12) });
    expect(await db.slotReservation.count({ where: { uid: old.reservationUid } })).toBe(0);
    expect(await db.slotReservation.count({ where: { uid: recent.reservationUid } })).toBe(1);
  });
});
