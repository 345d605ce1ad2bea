/** The listings' SQL loader against Prisma's select, on a real PostgreSQL: both must give the same row. */
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { db, disconnectDb } from "../db/client";
import { SLOT_ROW_SELECT } from "./slot-event-type";
import { querySlotRow } from "./slot-row-query";

afterAll(() => disconnectDb());

const hex = () => randomBytes(4).toString("hex");

async function makeSchedule(userId: number, timeZone: string, withOverrides: boolean) {
  const entries = [
    { days: [1, 2, 3], startMinute: 540, endMinute: 720 },
    { days: [1, 2, 3], startMinute: 780, endMinute: 1020 },
    ...(withOverrides
      ? [
          { days: [], date: new Date("2030-06-14T00:00:00Z"), startMinute: 0, endMinute: 0 },
          { days: [], date: new Date("2030-06-15T00:00:00Z"), startMinute: 600, endMinute: 1440 },
        ]
      : []),
  ];
  return db.schedule.create({ data: { userId, name: "Hours", timeZone, entries: { create: entries } } });
}

async function makeHost(timeZone: string, withOverrides = false) {
  const user = await makeUser();
  const schedule = await makeSchedule(user.id, timeZone, withOverrides);
  await db.user.update({ where: { id: user.id }, data: { defaultScheduleId: schedule.id } });
  return user;
}

const prismaRow = (id: number) => db.eventType.findUnique({ where: { id }, select: SLOT_ROW_SELECT });

describe("querySlotRow", () => {
  it("equals Prisma's row for a team event type with hosts (one without a schedule), its own schedule, overrides and rules", async () => {
    const team = await db.team.create({ data: { name: "Team", slug: `team-${hex()}` } });
    const [first, second] = [await makeHost("Europe/Berlin", true), await makeHost("America/New_York")];
    const bare = await makeUser();
    const own = await makeSchedule(first.id, "Asia/Kolkata", true);
    const eventType = await db.eventType.create({
      data: {
        teamId: team.id,
        title: "Team call",
        slug: `team-${hex()}`,
        lengthInMinutes: 30,
        lengthInMinutesOptions: [15, 30, 60],
        minimumBookingNotice: 45,
        beforeEventBuffer: 5,
        afterEventBuffer: 10,
        slotInterval: 20,
        scheduleId: own.id,
        schedulingType: "ROUND_ROBIN",
        bookingWindowType: "RANGE",
        bookingWindowStart: new Date("2030-06-01T00:00:00Z"),
        bookingWindowEnd: new Date("2030-07-31T00:00:00Z"),
        bookingLimitsCount: { day: 2, week: 5 },
        onlyShowFirstAvailableSlot: true,
        hosts: { create: [second, bare, first].map((user) => ({ userId: user.id })) },
      },
    });
    const row = await querySlotRow({ id: eventType.id });
    expect(row).toEqual(await prismaRow(eventType.id));
    expect(row!.hosts.map((host) => host.userId)).toEqual([first.id, second.id, bare.id].sort((a, b) => a - b));
    expect(row!.schedule!.entries.map((entry) => entry.date)).toEqual([null, null, new Date("2030-06-14T00:00:00Z"), new Date("2030-06-15T00:00:00Z")]);
  });

  it("equals Prisma's row for a personal event type without hosts or schedules of its own, and finds it by slug and owner", async () => {
    const owner = await makeHost("UTC", true);
    const eventType = await db.eventType.create({ data: { userId: owner.id, title: "Intro", slug: `intro-${hex()}`, lengthInMinutes: 30 } });
    const expected = await prismaRow(eventType.id);
    expect(await querySlotRow({ id: eventType.id })).toEqual(expected);
    expect(await querySlotRow({ slug: eventType.slug, ownerUsername: owner.username })).toEqual(expected);
    expect(await querySlotRow({ slug: eventType.slug, ownerUsername: `${owner.username}-other` })).toBeNull();
    expect(await querySlotRow({ id: eventType.id, teamIds: [eventType.id + 1_000_000] })).toBeNull();
  });

  it("reads an owner without a default schedule as null, like Prisma", async () => {
    const owner = await makeUser();
    const eventType = await db.eventType.create({ data: { userId: owner.id, title: "Intro", slug: `intro-${hex()}`, lengthInMinutes: 30 } });
    const row = await querySlotRow({ id: eventType.id });
    expect(row).toEqual(await prismaRow(eventType.id));
    expect(row!.owner).toEqual({ username: owner.username, defaultSchedule: null });
  });
});
