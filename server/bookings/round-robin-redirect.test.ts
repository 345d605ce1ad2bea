/**
 * Round robin's out-of-office redirect (slots/ooo-redirects.ts) on the real database: an away host whose entry names
 * another accepted member of the team hands that member the bookings it would have taken, when the member is free.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { attendee, utcAt } from "@/prisma/scheduling-factories";
import { makeTeamEventType, makeWorkingMember } from "@/prisma/team-factories";
import { db } from "../db/client";
import { expectAppError } from "../../e2e/support/rejections";
import { listSlots } from "../slots/slot-listings";
import { isSlotAvailable, findSlotEventType } from "../slots/slots.service";
import { rescheduleBooking } from "./booking-lifecycle";
import { createBooking } from "./create";

const book = async (eventTypeId: number, start: Date, idempotencyKey: string | null = null) =>
  (await createBooking(null, { eventTypeId, start, attendee: attendee() }, { idempotencyKey })).booking;
const hostsOf = (booking: { hosts: { id: number }[] }) => booking.hosts.map(({ id }) => id);

/** A booking of another event type keeping `userId` busy at [start, start + 30 min). */
async function occupy(userId: number, start: Date) {
  const end = new Date(start.getTime() + 30 * 60_000);
  await db.booking.create({
    data: { uid: randomBytes(8).toString("hex"), title: "Elsewhere", status: "ACCEPTED", start, end, hosts: { create: [{ userId, start, end }] } },
  });
}

/** Host 0 (priority 4) is away all of day 2, redirecting to `to`; host 1 has priority 2. */
async function world(options: { redirect?: "member" | "invited" | "none"; targetHours?: { startMinute: number; endMinute: number } } = {}) {
  const { team, eventType, hostIds } = await makeTeamEventType({
    hosts: 2,
    schedulingType: "ROUND_ROBIN",
    hostSettings: (index) => ({ priority: index === 0 ? 4 : 2 }),
  });
  const [away, other] = hostIds as [number, number];
  const target = await makeWorkingMember(team.id, { accepted: options.redirect !== "invited", hours: options.targetHours });
  const redirectToUserId = (options.redirect ?? "member") === "none" ? null : target.id;
  await db.outOfOffice.create({ data: { userId: away, start: utcAt(2, 0), end: utcAt(3, 0), redirectToUserId } });
  return { eventType, away, other, target };
}

const check = (eventTypeId: number, start: Date) => isSlotAvailable(db, { eventTypeId, start, externalBusy: [] });

describe("round robin with an out-of-office redirect", () => {
  it("gives the away host's booking to the redirect target, who ranks as the away host would", async () => {
    const { eventType, away, other, target } = await world();
    const slot = await check(eventType.id, utcAt(2, 10));
    expect(slot).toMatchObject({ available: true, redirectedFrom: new Map([[target.id, away]]) });
    expect([...slot.freeHostIds].sort()).toEqual([other, target.id].sort());
    expect(hostsOf(await book(eventType.id, utcAt(2, 10)))).toEqual([target.id]);
    // The target is booked at 10:00 now: that slot goes to the other host, and the next free one to the target again.
    expect(hostsOf(await book(eventType.id, utcAt(2, 10)))).toEqual([other]);
    expect(hostsOf(await book(eventType.id, utcAt(2, 11)))).toEqual([target.id]);
  });

  it("offers a slot whose only free host is away when the target is free, and books the target (also with an idempotency key)", async () => {
    const { eventType, other, target } = await world();
    for (const hour of [10, 11]) await occupy(other, utcAt(2, hour));
    const row = (await findSlotEventType(db, eventType.id))!;
    const day = { start: Math.floor(utcAt(2, 9).getTime() / 60_000), end: Math.floor(utcAt(2, 12).getTime() / 60_000) };
    const starts = (await listSlots(row, { range: day, length: 30, now: new Date() })).map((slot) => slot.start);
    expect(starts).toContain(day.start + 60);
    expect(hostsOf(await book(eventType.id, utcAt(2, 10)))).toEqual([target.id]);
    expect(hostsOf(await book(eventType.id, utcAt(2, 11), `redirect-${randomBytes(6).toString("hex")}`))).toEqual([target.id]);
  });

  it("does not offer the slot when the target is busy, away or off work then", async () => {
    const { eventType, other, target } = await world({ targetHours: { startMinute: 9 * 60, endMinute: 15 * 60 } });
    for (const hour of [10, 12, 13, 15]) await occupy(other, utcAt(2, hour));
    await occupy(target.id, utcAt(2, 10));
    await db.outOfOffice.create({ data: { userId: target.id, start: utcAt(2, 12), end: utcAt(2, 13) } });
    expect((await check(eventType.id, utcAt(2, 10))).available).toBe(false); // booked
    await expectAppError(book(eventType.id, utcAt(2, 10)), "CONFLICT");
    expect((await check(eventType.id, utcAt(2, 12))).available).toBe(false); // away
    expect((await check(eventType.id, utcAt(2, 15))).available).toBe(false); // off work
    expect(await check(eventType.id, utcAt(2, 13))).toMatchObject({ available: true, freeHostIds: [target.id] });
  });

  it("hands nothing on without a redirect, or to someone who is not an accepted member of the team", async () => {
    for (const redirect of ["none", "invited"] as const) {
      const { eventType, other } = await world({ redirect });
      expect((await check(eventType.id, utcAt(2, 10))).freeHostIds).toEqual([other]);
      await occupy(other, utcAt(2, 11));
      await expectAppError(book(eventType.id, utcAt(2, 11)), "CONFLICT");
    }
  });

  it("moves a booking to the target when a reschedule lands where only the redirect is free", async () => {
    const { eventType, other, target } = await world();
    const first = await book(eventType.id, utcAt(2, 9));
    expect(hostsOf(first)).toEqual([target.id]);
    await occupy(other, utcAt(2, 14));
    const moved = await rescheduleBooking(null, first.uid, { start: utcAt(2, 14) });
    expect(hostsOf(moved)).toEqual([target.id]);
    await occupy(target.id, utcAt(2, 15));
    await occupy(other, utcAt(2, 15));
    await expectAppError(rescheduleBooking(null, moved.uid, { start: utcAt(2, 15) }), "CONFLICT");
  });

  it("never double-books the target when requests race for its one free slot", async () => {
    const { eventType, other, target } = await world();
    await occupy(other, utcAt(2, 10));
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => book(eventType.id, utcAt(2, 10))));
    const booked = results.filter((result) => result.status === "fulfilled");
    expect(booked).toHaveLength(1);
    expect(hostsOf((booked[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof book>>>).value)).toEqual([target.id]);
    for (const result of results.filter((result) => result.status === "rejected"))
      expect((result as PromiseRejectedResult).reason).toMatchObject({ code: "CONFLICT" });
  });
});
