import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { attendee, utcAt } from "@/prisma/scheduling-factories";
import { makeTeamEventType } from "@/prisma/team-factories";
import type { Principal } from "../../auth/principal";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { expectAppError } from "../../../e2e/support/rejections";
import { prepareSlot } from "../../slots/slots.service";
import { queryBookableRow } from "./bookable-row";
import { bookRoundRobin } from "./round-robin-claim";
import { reassignBooking } from "../booking-edits";
import { checkBooker } from "./check-booker";
import { createBooking } from "./index";
import { rankPreparedHosts } from "./round-robin-claim";

const noKey = { idempotencyKey: null };
const asUser = (userId: number): Principal => ({ userId, via: "api-key", credentialId: 0, scopes: null, oauthClientId: null });

const book = async (eventTypeId: number, start: Date) => (await createBooking(null, { eventTypeId, start, attendee: attendee() }, noKey)).booking;
const hostsOf = (booking: { hosts: { id: number }[] }) => booking.hosts.map(({ id }) => id).sort((a, b) => a - b);

/** A booking of another event type keeping `userIds` busy at [start, start + 30 min). */
async function occupy(userIds: number[], start: Date) {
  const end = new Date(start.getTime() + 30 * 60_000);
  for (const userId of userIds) {
    await db.booking.create({
      data: { uid: randomBytes(8).toString("hex"), title: "Elsewhere", status: "ACCEPTED", start, end, hosts: { create: [{ userId, start, end }] } },
    });
  }
}

/** Every pair of live bookings sharing a host is disjoint in time. */
async function overlapsOf(hostIds: number[]) {
  const rows = await db.bookingHost.findMany({ where: { userId: { in: hostIds }, isLive: true }, select: { userId: true, start: true, end: true } });
  return rows.filter((a, i) => rows.some((b, j) => j !== i && a.userId === b.userId && a.start < b.end && b.start < a.end)).length;
}

describe("round-robin host choice", () => {
  it("takes the fixed hosts, then the highest priority, then the least recently booked, then the lowest id", async () => {
    // Hosts: 0 fixed, 1 priority 2, 2 and 3 priority 4 (highest).
    const priorities = [2, 2, 4, 4];
    const { eventType, hostIds } = await makeTeamEventType({
      hosts: 4,
      schedulingType: "ROUND_ROBIN",
      hostSettings: (index) => ({ isFixed: index === 0, priority: priorities[index] }),
    });
    const [fixed, low, high, higherId] = hostIds as [number, number, number, number];
    expect(hostsOf(await book(eventType.id, utcAt(2, 9)))).toEqual([fixed, high]); // both never booked: lowest id
    expect(hostsOf(await book(eventType.id, utcAt(2, 10)))).toEqual([fixed, higherId]); // never booked
    expect(hostsOf(await book(eventType.id, utcAt(2, 11)))).toEqual([fixed, high]); // booked longer ago
    await occupy([high], utcAt(2, 12));
    expect(hostsOf(await book(eventType.id, utcAt(2, 12)))).toEqual([fixed, higherId]); // the other is busy
    await occupy([high, higherId], utcAt(2, 13));
    expect(hostsOf(await book(eventType.id, utcAt(2, 13)))).toEqual([fixed, low]); // only the low priority is free
  });

  it("a cancelled booking does not count as the host's latest", async () => {
    const { eventType, hostIds } = await makeTeamEventType({ hosts: 2, schedulingType: "ROUND_ROBIN" });
    const first = await book(eventType.id, utcAt(2, 9));
    expect(hostsOf(first)).toEqual([hostIds[0]]);
    expect(hostsOf(await book(eventType.id, utcAt(2, 10)))).toEqual([hostIds[1]]);
    await db.booking.update({ where: { uid: first.uid }, data: { status: "CANCELLED" } });
    expect(hostsOf(await book(eventType.id, utcAt(2, 11)))).toEqual([hostIds[0]]);
  });

  it("refuses the slot when a fixed host is busy, though rotating hosts are free", async () => {
    const { eventType, hostIds } = await makeTeamEventType({ hosts: 3, schedulingType: "ROUND_ROBIN", hostSettings: (index) => ({ isFixed: index === 2 }) });
    await occupy([hostIds[2]!], utcAt(2, 9));
    await expectAppError(book(eventType.id, utcAt(2, 9)), "CONFLICT");
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(0);
  });
});

describe("simultaneous bookings of one slot", () => {
  it("round robin, 50 free hosts: 50 requests give 50 bookings with 50 distinct hosts, none refused", async () => {
    const { eventType, hostIds } = await makeTeamEventType({ hosts: 50, schedulingType: "ROUND_ROBIN" });
    const start = utcAt(3, 10);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => book(eventType.id, start)));
    const refused = results.filter((result) => result.status === "rejected");
    expect(refused.map((result) => String(result.reason))).toEqual([]);
    const hosts = results.flatMap((result) => (result.status === "fulfilled" ? hostsOf(result.value) : []));
    expect(new Set(hosts).size).toBe(50);
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(50);
    expect(await overlapsOf(hostIds)).toBe(0);
  });

  it("round robin, 10 of 50 hosts free: exactly 10 succeed, the others get 409", async () => {
    const { eventType, hostIds } = await makeTeamEventType({ hosts: 50, schedulingType: "ROUND_ROBIN" });
    const start = utcAt(3, 11);
    await occupy(hostIds.slice(10), start);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => book(eventType.id, start)));
    const booked = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    expect(booked).toHaveLength(10);
    expect(new Set(booked.flatMap(hostsOf))).toEqual(new Set(hostIds.slice(0, 10)));
    for (const result of results) if (result.status === "rejected") expect((result.reason as AppError).code).toBe("CONFLICT");
    expect(await overlapsOf(hostIds)).toBe(0);
  });

  it("collective: exactly one of 50 requests books, with every host", async () => {
    const { eventType, hostIds } = await makeTeamEventType({ hosts: 5, schedulingType: "COLLECTIVE" });
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => book(eventType.id, utcAt(3, 12))));
    const booked = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    expect(booked).toHaveLength(1);
    expect(hostsOf(booked[0]!)).toEqual(hostIds);
    for (const result of results) if (result.status === "rejected") expect((result.reason as AppError).code).toBe("CONFLICT");
    expect(await overlapsOf(hostIds)).toBe(0);
  });

  it("round robin with a fixed host: one booking per slot, as the fixed host can host only one", async () => {
    const { eventType, hostIds } = await makeTeamEventType({ hosts: 6, schedulingType: "ROUND_ROBIN", hostSettings: (index) => ({ isFixed: index === 5 }) });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => book(eventType.id, utcAt(3, 13))));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) if (result.status === "rejected") expect((result.reason as AppError).code).toBe("CONFLICT");
    expect(await overlapsOf(hostIds)).toBe(0);
  });
});

describe("round robin's claim, pipelined", () => {
  it("passes over a host the check under its lock finds held since the slot was checked, for the next best", async () => {
    const made = await makeTeamEventType({ hosts: 3, schedulingType: "ROUND_ROBIN" });
    const eventType = (await queryBookableRow(made.eventType.id))!;
    const start = utcAt(4, 10);
    const input = { eventTypeId: eventType.id, start, attendee: attendee() };
    const prepared = await prepareSlot(eventType, { eventTypeId: eventType.id, start });
    const [best, next] = await rankPreparedHosts(eventType, prepared);
    // After the check: a hold on the best host. The claim's pass-over looks at bookings only, so the check under the
    // lock finds it, the transaction rolls back, and the next try takes the next host.
    const expiresAt = new Date(Date.now() + 10 * 60_000);
    await db.slotReservation.create({ data: { eventTypeId: eventType.id, hostIds: [best!], start, end: prepared.end, minutes: 10, expiresAt } });
    const early = { prepared, answers: await checkBooker(db, eventType, input) };
    const { booking } = await bookRoundRobin({ eventType, input, early, reservationUid: undefined });
    expect(hostsOf(booking)).toEqual([next]);
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(1);
  });
});

describe("reassigning a round-robin booking", () => {
  it("moves it to the best free rotating host by the same rules, or to the one named; keeps fixed hosts", async () => {
    const priorities = [2, 1, 3, 3, 2];
    const { eventType, hostIds } = await makeTeamEventType({
      hosts: 5,
      schedulingType: "ROUND_ROBIN",
      hostSettings: (index) => ({ isFixed: index === 0, priority: priorities[index] }),
    });
    const [fixed, low, high, higherId, middle] = hostIds as [number, number, number, number, number];
    await book(eventType.id, utcAt(2, 9)); // high: lowest id of the highest priority
    const booking = await book(eventType.id, utcAt(2, 10)); // higherId: never booked
    expect(hostsOf(booking)).toEqual([fixed, higherId]);
    // high was booked, higherId holds it: high is the best other host.
    expect(hostsOf(await reassignBooking(asUser(fixed), booking.uid, null))).toEqual([fixed, high]);
    await occupy([higherId], utcAt(2, 10));
    // higherId is now busy and high holds it: the next priority.
    expect(hostsOf(await reassignBooking(asUser(fixed), booking.uid, null))).toEqual([fixed, middle]);
    expect(hostsOf(await reassignBooking(asUser(fixed), booking.uid, low))).toEqual([fixed, low]);
    await expectAppError(reassignBooking(asUser(fixed), booking.uid, higherId), "CONFLICT");
    await expectAppError(reassignBooking(asUser(fixed), booking.uid, fixed), "BAD_REQUEST");
  });
});
