/**
 * The per-instance copy of hosts' booked time (host-busy-cache.ts) against a real PostgreSQL: a listing made with a
 * warm copy sees every change another writer commits (Prisma, raw SQL, another instance), because the triggers bump
 * the host's HostBusyVersion in the changing transaction.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { db, disconnectDb, sql } from "../db/client";
import { cachedPeriods, forgetAllPeriods, rememberPeriods } from "./host-busy-cache";
import { ZAvailableSlotsQuery } from "./slots.schemas";
import { getAvailableSlots } from "./slot-listings";

afterAll(() => disconnectDb());
beforeEach(() => forgetAllPeriods());

const DAY = "2031-03-12"; // a Wednesday
const NOW = { now: new Date("2031-03-01T00:00:00Z") };
const at = (time: string) => new Date(`${DAY}T${time}:00.000Z`);

async function makeHostAndEventType(extra: Record<string, unknown> = {}) {
  const user = await makeUser();
  const schedule = await db.schedule.create({
    data: { userId: user.id, name: "Hours", timeZone: "UTC", entries: { create: [{ days: [3], startMinute: 540, endMinute: 720 }] } },
  });
  await db.user.update({ where: { id: user.id }, data: { defaultScheduleId: schedule.id } });
  const eventType = await db.eventType.create({
    data: { userId: user.id, title: "Call", slug: `call-${randomBytes(4).toString("hex")}`, lengthInMinutes: 30, minimumBookingNotice: 0, ...extra },
  });
  return { user, eventType };
}

async function times(eventTypeId: number) {
  // A week: a window as short as one slot's check skips the copy (slot-inputs.ts).
  const query = ZAvailableSlotsQuery.parse({ eventTypeId: String(eventTypeId), startTime: `${DAY}T00:00:00Z`, endTime: "2031-03-19T00:00:00Z" });
  const { slots } = await getAvailableSlots(query, NOW);
  return (slots[DAY] ?? []).map((slot) => slot.time.slice(11, 16));
}

const book = (eventTypeId: number, userId: number, start: string, end: string) =>
  db.booking.create({
    data: { eventTypeId, title: "Booked", start: at(start), end: at(end), status: "ACCEPTED", hosts: { create: [{ userId, start: at(start), end: at(end) }] } },
  });

describe("a warm copy of a host's booked time", () => {
  it("sees a booking another writer commits, its cancellation and its deletion", async () => {
    const { user, eventType } = await makeHostAndEventType();
    expect(await times(eventType.id)).toContain("10:00"); // warms the copy
    const booking = await book(eventType.id, user.id, "10:00", "10:30");
    expect(await times(eventType.id)).not.toContain("10:00");

    await db.bookingHost.updateMany({ where: { bookingId: booking.id }, data: { isLive: false } });
    expect(await times(eventType.id)).toContain("10:00");

    await db.bookingHost.updateMany({ where: { bookingId: booking.id }, data: { isLive: true } });
    expect(await times(eventType.id)).not.toContain("10:00");
    await db.booking.delete({ where: { id: booking.id } });
    expect(await times(eventType.id)).toContain("10:00");
  });

  it("sees a booking inserted with raw SQL, as another instance or a seed would", async () => {
    const { user, eventType } = await makeHostAndEventType();
    expect(await times(eventType.id)).toContain("11:00");
    await sql(
      `WITH made AS (INSERT INTO "Booking" (uid, "eventTypeId", title, start, "end", status, metadata, "updatedAt")
                     VALUES (gen_random_uuid()::text, $1, 'Raw', $2, $3, 'ACCEPTED', '{}', now()) RETURNING id, start, "end")
       INSERT INTO "BookingHost" ("bookingId", "userId", start, "end") SELECT id, $4, start, "end" FROM made`,
      [eventType.id, "2031-03-12 11:00:00", "2031-03-12 11:30:00", user.id],
    );
    expect(await times(eventType.id)).not.toContain("11:00");
  });

  it("applies a change of the booked event type's buffers to bookings already copied", async () => {
    const { user, eventType } = await makeHostAndEventType();
    const other = await db.eventType.create({
      data: { userId: user.id, title: "Other", slug: `other-${randomBytes(4).toString("hex")}`, lengthInMinutes: 30 },
    });
    await book(other.id, user.id, "10:00", "10:30");
    expect(await times(eventType.id)).toEqual(expect.arrayContaining(["09:30", "10:30"]));
    await db.eventType.update({ where: { id: other.id }, data: { beforeEventBuffer: 30, afterEventBuffer: 30 } });
    const after = await times(eventType.id);
    expect(after).not.toContain("09:30");
    expect(after).not.toContain("10:30");
    expect(after).toContain("11:00");
  });

  it("sees a booking's status change that leaves its host rows alone, and its event type's deletion", async () => {
    const { user, eventType } = await makeHostAndEventType();
    const other = await db.eventType.create({
      data: { userId: user.id, title: "Other", slug: `other-${randomBytes(4).toString("hex")}`, lengthInMinutes: 30, afterEventBuffer: 30 },
    });
    const booking = await book(other.id, user.id, "09:00", "09:30");
    expect(await times(eventType.id)).not.toContain("09:30"); // the after-buffer
    await db.booking.update({ where: { id: booking.id }, data: { status: "CANCELLED" } });
    expect(await times(eventType.id)).toContain("09:00");
    await db.booking.update({ where: { id: booking.id }, data: { status: "ACCEPTED" } });
    expect(await times(eventType.id)).not.toContain("09:30");
    // Deleting the event type keeps the booking (eventTypeId set to null): it still blocks, without the buffer.
    await db.eventType.delete({ where: { id: other.id } });
    const after = await times(eventType.id);
    expect(after).not.toContain("09:00");
    expect(after).toContain("09:30");
  });
});

describe("a copy's periods for a window", () => {
  it("are exactly those overlapping it, a long period before a short one that ends before the window included", () => {
    const periods = [
      { start: 0, end: 10 },
      { start: 5, end: 300 }, // starts before the window, reaches into it
      { start: 20, end: 40 }, // after it by start, ends before the window
      { start: 90, end: 110 },
      { start: 150, end: 160 },
      { start: 200, end: 220 }, // starts at the window's end
      { start: 400, end: 500 },
    ];
    rememberPeriods(7, { version: "3", window: { start: 0, end: 1000 }, periods });
    const window = { start: 100, end: 200 };
    const expected = periods.filter((period) => period.start < window.end && period.end > window.start);
    expect(cachedPeriods(7, "3", window)).toEqual(expected);
    expect(cachedPeriods(7, "3", { start: 45, end: 95 })).toEqual([
      { start: 5, end: 300 },
      { start: 90, end: 110 },
    ]);
    expect(cachedPeriods(7, "3", { start: 600, end: 700 })).toEqual([]);
    expect(cachedPeriods(7, "4", window)).toBeNull();
  });
});
