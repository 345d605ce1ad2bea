import { sessionActor } from "../auth/actor";
import { afterAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { makeUser } from "../../prisma/factories";
import { db, disconnectDb } from "../db/client";
import type { TAvailabilityInput } from "./schedule.schemas";
import { createSchedule, deleteSchedule, getDefaultSchedule, getSchedule, listSchedules, updateSchedule } from "./schedule.service";
import { expectAppError, rejectionOf } from "../../e2e/support/rejections";

afterAll(() => disconnectDb());

const defaultOf = async (userId: number) => (await db.user.findUniqueOrThrow({ where: { id: userId } })).defaultScheduleId;
const base = { name: "Work", timeZone: "Europe/Paris" };
const weekdays: TAvailabilityInput[] = [{ days: ["Monday", "Tuesday"], startTime: "09:00", endTime: "17:00" }];

describe("createSchedule", () => {
  it("makes the first schedule the default even when isDefault is false, and answers ScheduleOutput", async () => {
    const user = await makeUser();
    const created = await createSchedule(sessionActor(user.id), {
      ...base,
      isDefault: false,
      schedule: [{ days: ["Monday", "Sunday"], startTime: "08:30", endTime: "24:00" }],
      overrides: [
        { date: "2026-12-25", startTime: "00:00", endTime: "00:00" },
        { date: "2026-12-24", startTime: "10:00", endTime: "12:00" },
      ],
    });
    const availability = [{ days: ["Monday", "Sunday"], startTime: "08:30", endTime: "24:00" }];
    expect(created).toEqual({
      id: expect.any(Number),
      ownerId: user.id,
      name: "Work",
      timeZone: "Europe/Paris",
      isDefault: true,
      availability,
      schedule: availability,
      overrides: [
        { date: "2026-12-24", startTime: "10:00", endTime: "12:00" },
        { date: "2026-12-25", startTime: "00:00", endTime: "00:00" },
      ],
    });
    expect(await defaultOf(user.id)).toBe(created.id);
    const rows = await db.availability.findMany({ where: { scheduleId: created.id, date: null } });
    expect(rows).toMatchObject([{ days: [1, 0], startMinute: 510, endMinute: 1440 }]);
  });

  it("defaults weekly availability to Monday–Friday 09:00–17:00 and accepts availability as the list's name", async () => {
    const user = await makeUser();
    const implicit = await createSchedule(sessionActor(user.id), base);
    expect(implicit.availability).toEqual([{ days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], startTime: "09:00", endTime: "17:00" }]);
    const named = await createSchedule(sessionActor(user.id), { ...base, availability: [] });
    expect(named.schedule).toEqual([]);
    const both = await createSchedule(sessionActor(user.id), { ...base, availability: [...weekdays], schedule: [...weekdays] });
    expect(both.availability).toEqual(weekdays);
  });

  it("moves the default only when a later schedule asks for it", async () => {
    const user = await makeUser();
    const first = await createSchedule(sessionActor(user.id), base);
    const second = await createSchedule(sessionActor(user.id), { ...base, isDefault: false });
    expect(second.isDefault).toBe(false);
    const third = await createSchedule(sessionActor(user.id), { ...base, isDefault: true });
    expect(third.isDefault).toBe(true);
    expect(await defaultOf(user.id)).toBe(third.id);
    expect((await getSchedule(sessionActor(user.id), first.id)).isDefault).toBe(false);
  });

  it.each([
    { case: "unknown time zone", input: { timeZone: "Mars/Base" }, path: "timeZone" },
    { case: "a time without leading zero", input: { schedule: [{ days: ["Monday"], startTime: "9:00", endTime: "17:00" }] }, path: "schedule.0.startTime" },
    { case: "24:00 as a start", input: { schedule: [{ days: ["Monday"], startTime: "24:00", endTime: "24:00" }] }, path: "schedule.0.startTime" },
    { case: "end before start", input: { schedule: [{ days: ["Monday"], startTime: "17:00", endTime: "09:00" }] }, path: "schedule.0.endTime" },
    { case: "end equal to start", input: { availability: [{ days: ["Monday"], startTime: "09:00", endTime: "09:00" }] }, path: "availability.0.endTime" },
    { case: "an unknown day", input: { schedule: [{ days: ["Funday"], startTime: "09:00", endTime: "17:00" }] }, path: "schedule.0.days.0" },
    { case: "a lower-case day", input: { schedule: [{ days: ["monday"], startTime: "09:00", endTime: "17:00" }] }, path: "schedule.0.days.0" },
    { case: "a repeated day", input: { schedule: [{ days: ["Monday", "Monday"], startTime: "09:00", endTime: "17:00" }] }, path: "schedule.0.days" },
    { case: "no days", input: { schedule: [{ days: [], startTime: "09:00", endTime: "17:00" }] }, path: "schedule.0.days" },
    { case: "a date that does not exist", input: { overrides: [{ date: "2027-02-29", startTime: "09:00", endTime: "10:00" }] }, path: "overrides.0.date" },
    {
      case: "two overrides of one date",
      input: {
        overrides: [
          { date: "2027-01-04", startTime: "09:00", endTime: "10:00" },
          { date: "2027-01-04", startTime: "11:00", endTime: "12:00" },
        ],
      },
      path: "overrides.1.date",
    },
    { case: "schedule and availability that differ", input: { schedule: weekdays, availability: [] }, path: "schedule" },
    { case: "an unknown field", input: { timezone: "UTC" }, path: "" },
  ])("refuses $case with a ZodError naming $path and writes nothing", async ({ input, path }) => {
    const user = await makeUser();
    const error = await rejectionOf(createSchedule(sessionActor(user.id), { ...base, ...input } as never));
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues.map((issue) => issue.path.join("."))).toContain(path);
    expect(await db.schedule.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("reading schedules", () => {
  it("lists only the caller's schedules, paginated, and answers another user's id with NOT_FOUND", async () => {
    const [user, other] = await Promise.all([makeUser(), makeUser()]);
    const mine = [await createSchedule(sessionActor(user.id), base), await createSchedule(sessionActor(user.id), { ...base, name: "Evenings" })];
    const theirs = await createSchedule(sessionActor(other.id), base);
    expect(await listSchedules(sessionActor(user.id), { take: 1, skip: 1 })).toEqual({ items: [mine[1]], totalItems: 2 });
    await expectAppError(getSchedule(sessionActor(user.id), theirs.id), "NOT_FOUND");
  });

  it("filters by isDefault, timeZone and name (contained, any case), all together, within the caller's schedules", async () => {
    const [user, other] = await Promise.all([makeUser(), makeUser()]);
    const work = await createSchedule(sessionActor(user.id), base);
    const evenings = await createSchedule(sessionActor(user.id), { name: "Late evenings", timeZone: "Asia/Tokyo" });
    const weekend = await createSchedule(sessionActor(user.id), { name: "Weekend", timeZone: "Asia/Tokyo" });
    await createSchedule(sessionActor(other.id), { name: "Late evenings", timeZone: "Asia/Tokyo" });
    const ids = async (filters: Record<string, unknown>) =>
      (await listSchedules(sessionActor(user.id), { take: 10, skip: 0, ...filters })).items.map(({ id }) => id);
    expect(await ids({ isDefault: true })).toEqual([work.id]);
    expect(await ids({ isDefault: false })).toEqual([evenings.id, weekend.id]);
    expect(await ids({ timeZone: "Asia/Tokyo" })).toEqual([evenings.id, weekend.id]);
    expect(await ids({ name: "EVEN" })).toEqual([evenings.id]);
    expect(await ids({ timeZone: "Asia/Tokyo", name: "week", isDefault: false })).toEqual([weekend.id]);
    expect(await ids({ timeZone: "Europe/Paris", isDefault: false })).toEqual([]);
    expect(await listSchedules(sessionActor(user.id), { take: 1, skip: 1, timeZone: "Asia/Tokyo" })).toMatchObject({
      items: [{ id: weekend.id }],
      totalItems: 2,
    });
  });

  it("answers the default schedule, or NOT_FOUND when the user has none", async () => {
    const user = await makeUser();
    await expectAppError(getDefaultSchedule(sessionActor(user.id)), "NOT_FOUND");
    const created = await createSchedule(sessionActor(user.id), base);
    expect(await getDefaultSchedule(sessionActor(user.id))).toEqual(created);
  });
});

describe("updateSchedule", () => {
  it("replaces the lists that are sent and keeps the others", async () => {
    const user = await makeUser();
    const created = await createSchedule(sessionActor(user.id), { ...base, overrides: [{ date: "2027-01-04", startTime: "09:00", endTime: "10:00" }] });
    const updated = await updateSchedule(sessionActor(user.id), created.id, { name: "Renamed", timeZone: "Asia/Tokyo", schedule: weekdays });
    expect(updated).toMatchObject({ name: "Renamed", timeZone: "Asia/Tokyo", availability: weekdays, overrides: created.overrides });
    const cleared = await updateSchedule(sessionActor(user.id), created.id, { overrides: [] });
    expect(cleared).toMatchObject({ availability: weekdays, overrides: [] });
  });

  it("moves the default with isDefault true and refuses to unset the default", async () => {
    const user = await makeUser();
    const first = await createSchedule(sessionActor(user.id), base);
    const second = await createSchedule(sessionActor(user.id), base);
    expect((await updateSchedule(sessionActor(user.id), second.id, { isDefault: true })).isDefault).toBe(true);
    expect(await defaultOf(user.id)).toBe(second.id);
    const error = await expectAppError(updateSchedule(sessionActor(user.id), second.id, { isDefault: false, name: "Changed" }), "BAD_REQUEST");
    expect(error.details).toEqual([{ path: "body.isDefault", message: expect.any(String) }]);
    expect(await getSchedule(sessionActor(user.id), second.id)).toMatchObject({ name: "Work", isDefault: true });
    expect((await updateSchedule(sessionActor(user.id), first.id, { isDefault: false })).isDefault).toBe(false);
  });

  it("answers another user's schedule with NOT_FOUND and changes nothing", async () => {
    const [user, other] = await Promise.all([makeUser(), makeUser()]);
    const theirs = await createSchedule(sessionActor(other.id), base);
    await expectAppError(updateSchedule(sessionActor(user.id), theirs.id, { name: "Mine now", isDefault: true }), "NOT_FOUND");
    expect(await getSchedule(sessionActor(other.id), theirs.id)).toEqual(theirs);
    expect(await defaultOf(user.id)).toBeNull();
  });
});

describe("deleteSchedule", () => {
  it("deletes a schedule that is not the default; event types using it fall back to the default", async () => {
    const user = await makeUser();
    await createSchedule(sessionActor(user.id), base);
    const extra = await createSchedule(sessionActor(user.id), base);
    const eventType = await db.eventType.create({ data: { userId: user.id, title: "Call", slug: "call", lengthInMinutes: 30, scheduleId: extra.id } });
    await deleteSchedule(sessionActor(user.id), extra.id);
    await expectAppError(getSchedule(sessionActor(user.id), extra.id), "NOT_FOUND");
    expect((await db.eventType.findUniqueOrThrow({ where: { id: eventType.id } })).scheduleId).toBeNull();
  });

  it("refuses to delete the default without a successor, including the only schedule", async () => {
    const user = await makeUser();
    const only = await createSchedule(sessionActor(user.id), base);
    await expectAppError(deleteSchedule(sessionActor(user.id), only.id), "CONFLICT");
    const other = await createSchedule(sessionActor(user.id), base);
    await expectAppError(deleteSchedule(sessionActor(user.id), only.id), "CONFLICT");
    await expectAppError(deleteSchedule(sessionActor(user.id), only.id, { newDefaultScheduleId: only.id }), "BAD_REQUEST");
    expect(await defaultOf(user.id)).toBe(only.id);

    await deleteSchedule(sessionActor(user.id), only.id, { newDefaultScheduleId: other.id });
    expect(await defaultOf(user.id)).toBe(other.id);
    expect(await getDefaultSchedule(sessionActor(user.id))).toMatchObject({ id: other.id, isDefault: true });
  });

  it("answers another user's schedule, as target or successor, with NOT_FOUND and deletes nothing", async () => {
    const [user, other] = await Promise.all([makeUser(), makeUser()]);
    const mine = await createSchedule(sessionActor(user.id), base);
    const theirs = await createSchedule(sessionActor(other.id), base);
    await expectAppError(deleteSchedule(sessionActor(user.id), theirs.id), "NOT_FOUND");
    const error = await expectAppError(deleteSchedule(sessionActor(user.id), mine.id, { newDefaultScheduleId: theirs.id }), "NOT_FOUND");
    expect(error.details).toEqual([{ path: "query.newDefaultScheduleId", message: expect.any(String) }]);
    expect(await db.schedule.count({ where: { id: { in: [mine.id, theirs.id] } } })).toBe(2);
    expect([await defaultOf(user.id), await defaultOf(other.id)]).toEqual([mine.id, theirs.id]);
  });
});

describe("one default per user under concurrency", () => {
  it("parallel first creates: exactly one becomes the default, the first one written", async () => {
    const user = await makeUser();
    const created = await Promise.all(Array.from({ length: 6 }, () => createSchedule(sessionActor(user.id), { ...base, isDefault: false })));
    expect(created.filter((schedule) => schedule.isDefault)).toHaveLength(1);
    expect(await defaultOf(user.id)).toBe(Math.min(...created.map((schedule) => schedule.id)));
  });

  it("parallel default moves leave exactly one default, one of the requested", async () => {
    const user = await makeUser();
    const schedules = [];
    for (let index = 0; index < 5; index++) schedules.push(await createSchedule(sessionActor(user.id), base));
    await Promise.all(schedules.map((schedule) => updateSchedule(sessionActor(user.id), schedule.id, { isDefault: true })));
    const { items } = await listSchedules(sessionActor(user.id), { take: 10, skip: 0 });
    expect(items.filter((schedule) => schedule.isDefault)).toHaveLength(1);
    expect(schedules.map((schedule) => schedule.id)).toContain(await defaultOf(user.id));
  });

  it("making a schedule the default while it is deleted never leaves the user without a default", async () => {
    for (let round = 0; round < 5; round++) {
      const user = await makeUser();
      await createSchedule(sessionActor(user.id), base);
      const target = await createSchedule(sessionActor(user.id), base);
      await Promise.allSettled([updateSchedule(sessionActor(user.id), target.id, { isDefault: true }), deleteSchedule(sessionActor(user.id), target.id)]);
      const defaultId = await defaultOf(user.id);
      expect(defaultId).not.toBeNull();
      expect(await db.schedule.count({ where: { id: defaultId!, userId: user.id } })).toBe(1);
    }
  });
});
