/** unbookableReasons on the real database: who a round robin would skip, and why. */
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { makeHostWithEventType } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../db/client";
import { unbookableReasons } from "./host-bookability";

afterAll(() => disconnectDb());

const DAY = 86_400_000;

describe("unbookableReasons", () => {
  it("names a member without a schedule, one whose schedule has no hours, and one away for good; a bookable host is absent", async () => {
    const { host: bookable } = await makeHostWithEventType();
    const noSchedule = await makeUser();
    const { host: noHours, schedule } = await makeHostWithEventType();
    await db.availability.deleteMany({ where: { scheduleId: schedule.id } });
    const { host: away } = await makeHostWithEventType();
    const end = new Date(Date.now() + 90 * DAY);
    await db.outOfOffice.create({ data: { userId: away.id, start: new Date(Date.now() - DAY), end } });
    const { host: shortBreak } = await makeHostWithEventType();
    await db.outOfOffice.create({ data: { userId: shortBreak.id, start: new Date(Date.now() - DAY), end: new Date(Date.now() + 3 * DAY) } });

    const reasons = await unbookableReasons([bookable.id, noSchedule.id, noHours.id, away.id, shortBreak.id]);
    expect(reasons.get(noSchedule.id)).toEqual({ kind: "noSchedule" });
    expect(reasons.get(noHours.id)).toEqual({ kind: "noHours", scheduleName: "Working hours" });
    expect(reasons.get(away.id)).toEqual({ kind: "outOfOffice", until: end.toISOString() });
    expect(reasons.has(bookable.id)).toBe(false);
    expect(reasons.has(shortBreak.id)).toBe(false);
  });

  it("counts a dated window from today on as hours, and a past one not", async () => {
    const { host: dated, schedule } = await makeHostWithEventType();
    await db.availability.deleteMany({ where: { scheduleId: schedule.id } });
    await db.availability.create({ data: { scheduleId: schedule.id, days: [], date: new Date(Date.now() + 5 * DAY), startMinute: 540, endMinute: 600 } });
    const { host: past, schedule: pastSchedule } = await makeHostWithEventType();
    await db.availability.deleteMany({ where: { scheduleId: pastSchedule.id } });
    await db.availability.create({ data: { scheduleId: pastSchedule.id, days: [], date: new Date(Date.now() - 5 * DAY), startMinute: 540, endMinute: 600 } });
    const reasons = await unbookableReasons([dated.id, past.id]);
    expect(reasons.has(dated.id)).toBe(false);
    expect(reasons.get(past.id)?.kind).toBe("noHours");
  });
});
