// Queries are counted through the Server-Timing recorder, which the pool installs when SERVER_TIMING=1 at its first connection.
process.env.SERVER_TIMING = "1";

import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { db } from "../db/client";
import { parseServerTiming, recordServerTiming } from "../http/server-timing";
import { createBooking } from "../bookings/create";
import { getAvailableSlots } from "./slot-listings";

/** A round-robin event type over `count` hosts, each with a working-hours default schedule and one booking. */
async function roundRobinOver(count: number) {
  const hosts = [];
  for (let i = 0; i < count; i++) hosts.push((await makeHostWithEventType()).host);
  const eventType = await db.eventType.create({
    data: {
      userId: hosts[0]!.id,
      title: "Round robin",
      slug: `rr-${randomBytes(4).toString("hex")}`,
      lengthInMinutes: 30,
      minimumBookingNotice: 0,
      schedulingType: "ROUND_ROBIN",
      hosts: { create: hosts.map((host) => ({ userId: host.id })) },
    },
  });
  for (let i = 0; i < count; i++) {
    await createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 10), attendee: attendee() }, { idempotencyKey: null });
  }
  await db.outOfOffice.create({ data: { userId: hosts[0]!.id, start: utcAt(3, 0), end: utcAt(4, 0) } });
  return eventType;
}

/**
 * The fewest queries of three listings: other test files running at the same time invalidate the shared caches
 * (calendar-cache.ts) now and then, which costs a listing one extra read that has nothing to do with its hosts.
 */
async function slotQueries(eventTypeId: number) {
  const query = { eventTypeId, startTime: utcAt(1, 0), endTime: utcAt(31, 0), timeZone: "UTC" };
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const { result, header } = await recordServerTiming(() => getAvailableSlots(query as never));
    runs.push({ slots: result, queries: parseServerTiming(header()).db!.queries! });
  }
  return runs.reduce((fewest, run) => (run.queries < fewest.queries ? run : fewest));
}

describe("slot listing round trips", () => {
  it("do not grow with the number of hosts: the event type with every schedule, then every host's busy time", async () => {
    const one = await slotQueries((await roundRobinOver(1)).id);
    const many = await slotQueries((await roundRobinOver(12)).id);
    expect(many.queries).toBe(one.queries);
    expect(many.queries).toBeLessThanOrEqual(3);
    // The loaded data is used: every host is booked at 10:00 on day 2, so that slot is gone; day 3 still has slots
    // (one host is away, the others are not).
    const day2 = utcAt(2, 0).toISOString().slice(0, 10);
    const day3 = utcAt(3, 0).toISOString().slice(0, 10);
    const starts = (day: string) => (many.slots.slots[day] ?? []).map((slot: { start?: string; time?: string }) => slot.start ?? slot.time);
    expect(starts(day2).length).toBeGreaterThan(0);
    expect(starts(day2)).not.toContain(utcAt(2, 10).toISOString());
    expect(starts(day3).length).toBeGreaterThan(0);
  });
});
