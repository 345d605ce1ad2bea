import { sessionActor } from "../auth/actor";
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { db, disconnectDb } from "../db/client";
import { loadScheduleForEventType } from "./schedule-loader";
import { createSchedule } from "./schedule.service";

afterAll(() => disconnectDb());

describe("loadScheduleForEventType", () => {
  it("loads the event type's own schedule in minutes, days numbered from Sunday = 0", async () => {
    const user = await makeUser();
    await createSchedule(sessionActor(user.id), { name: "Default", timeZone: "UTC" });
    const own = await createSchedule(sessionActor(user.id), {
      name: "Own",
      timeZone: "America/New_York",
      schedule: [{ days: ["Sunday", "Saturday"], startTime: "09:30", endTime: "24:00" }],
      overrides: [{ date: "2027-07-04", startTime: "00:00", endTime: "00:00" }],
    });
    expect(await loadScheduleForEventType(db, { scheduleId: own.id, userId: user.id })).toEqual({
      timeZone: "America/New_York",
      weekly: [{ days: [0, 6], startMinute: 570, endMinute: 1440 }],
      overrides: [{ date: "2027-07-04", startMinute: 0, endMinute: 0 }],
    });
  });

  it("falls back to the owner's default schedule, and answers null when there is none", async () => {
    const user = await makeUser();
    expect(await loadScheduleForEventType(db, { scheduleId: null, userId: user.id })).toBeNull();
    expect(await loadScheduleForEventType(db, { scheduleId: null, userId: null })).toBeNull();
    await createSchedule(sessionActor(user.id), { name: "Default", timeZone: "Europe/Berlin" });
    expect(await loadScheduleForEventType(db, { scheduleId: null, userId: user.id })).toEqual({
      timeZone: "Europe/Berlin",
      weekly: [{ days: [1, 2, 3, 4, 5], startMinute: 540, endMinute: 1020 }],
      overrides: [],
    });
  });
});
