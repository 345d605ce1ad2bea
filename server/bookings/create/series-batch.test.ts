/**
 * The common series (series-batch.ts): its occurrences checked before the lock with one read of the hosts' busy time
 * over the whole series (slots/busy-batch.ts), not one per occurrence, and written in one batch; that one read still
 * finds a booking or an absence on any occurrence, and the batch answers exactly what it stored.
 */
// Queries are counted through the Server-Timing recorder, which the pool installs when SERVER_TIMING=1 at its first connection.
process.env.SERVER_TIMING = "1";

import { afterAll, describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { db, disconnectDb } from "../../db/client";
import { BOOKING_SELECT, toBookingOutput } from "../booking.dto";
import { parseServerTiming, recordServerTiming } from "../../http/server-timing";
import { createBooking } from "./index";

afterAll(() => disconnectDb());

const WEEK_MS = 7 * 86_400_000;

/** A weekly event type of twelve occurrences; `bookedFirst`: single bookings made before it became recurring. */
async function weeklyEventType(bookedFirst: Date[] = []) {
  const seeded = await makeHostWithEventType();
  for (const start of bookedFirst) await createBooking(null, { eventTypeId: seeded.eventType.id, start, attendee: attendee() }, { idempotencyKey: null });
  await db.eventType.update({ where: { id: seeded.eventType.id }, data: { recurrence: { frequency: "weekly", interval: 1, occurrences: 12 } } });
  return seeded;
}

const bookSeries = (eventTypeId: number, start: Date, recurrenceCount: number) =>
  createBooking(null, { eventTypeId, start, attendee: attendee(), recurrenceCount }, { idempotencyKey: null });

async function queriesOfSeries(eventTypeId: number, start: Date, recurrenceCount: number) {
  const { result, header } = await recordServerTiming(() => bookSeries(eventTypeId, start, recurrenceCount));
  expect(result.series).toHaveLength(recurrenceCount);
  return parseServerTiming(header()).db!.queries!;
}

describe("a series' check before its lock", () => {
  it("costs as many queries for twelve occurrences as for two: one read of the busy time, one batch", async () => {
    const { eventType } = await weeklyEventType();
    await bookSeries(eventType.id, utcAt(1, 9), 2); // this process's first series warms its caches
    // The fewest of two: a test running beside this one may invalidate a shared cache now and then.
    const two = Math.min(await queriesOfSeries(eventType.id, utcAt(1, 10), 2), await queriesOfSeries(eventType.id, utcAt(1, 11), 2));
    const twelve = Math.min(await queriesOfSeries(eventType.id, utcAt(1, 12), 12), await queriesOfSeries(eventType.id, utcAt(1, 13), 12));
    expect(twelve).toBe(two);
    // The event type's row, the booker's checks, the hosts' busy time, and the batch that writes the series whole.
    expect(twelve).toBeLessThanOrEqual(4);
  });

  it("still refuses a series whose ninth occurrence is booked, or whose eleventh falls in an absence, writing nothing", async () => {
    const first = utcAt(2, 10);
    const { host, eventType } = await weeklyEventType([new Date(first.getTime() + 8 * WEEK_MS)]);
    await expect(bookSeries(eventType.id, first, 12)).rejects.toMatchObject({ status: 409 });

    const other = utcAt(2, 14);
    const away = new Date(other.getTime() + 10 * WEEK_MS);
    await db.outOfOffice.create({
      data: { userId: host.id, start: new Date(away.getTime() - 3_600_000), end: new Date(away.getTime() + 3_600_000), reason: "unspecified" },
    });
    await expect(bookSeries(eventType.id, other, 12)).rejects.toMatchObject({ status: 409 });
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(1);
  });

  it("answers exactly the occurrences it stored, one series, each with its BOOKING_CREATED event", async () => {
    const { eventType } = await weeklyEventType();
    const result = await bookSeries(eventType.id, utcAt(3, 15), 6);
    const stored = await db.booking.findMany({ where: { eventTypeId: eventType.id }, orderBy: { start: "asc" }, select: BOOKING_SELECT });
    expect(result.series).toEqual(stored.map(toBookingOutput));
    expect(new Set(stored.map(({ recurringBookingUid }) => recurringBookingUid)).size).toBe(1);
    const events = await db.domainEvent.findMany({ where: { bookingId: { in: stored.map(({ id }) => id) } }, select: { type: true } });
    expect(events.map(({ type }) => type)).toEqual(Array(6).fill("BOOKING_CREATED"));
  });
});
