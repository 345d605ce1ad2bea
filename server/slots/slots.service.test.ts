/** Slot use cases against a real PostgreSQL: what is loaded (schedules, OOO, bookings, calendars) and how it counts. */
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { registerBusyTimesProvider } from "../calendars/busy-times";
import { db, disconnectDb } from "../db/client";
import { AppError } from "../errors";
import { ZAvailableSlotsQuery } from "./slots.schemas";
import { getAvailableSlots } from "./slot-listings";
import { isSlotAvailable } from "./slots.service";

afterAll(() => disconnectDb());
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((undo) => undo()));

// Wednesday 2030-06-12 and Thursday 2030-06-13; "now" is well before.
const WED = "2030-06-12";
const THU = "2030-06-13";
const NOW = { now: new Date("2030-06-01T00:00:00Z") };
const utc = (day: string, time: string) => new Date(`${day}T${time}:00.000Z`);
const hex = () => randomBytes(4).toString("hex");

type Entry = { days?: number[]; date?: Date; startMinute: number; endMinute: number };
const NINE_TO_FIVE: Entry[] = [{ days: [1, 2, 3, 4, 5], startMinute: 540, endMinute: 1020 }];

async function makeSchedule(userId: number, timeZone = "UTC", entries: Entry[] = NINE_TO_FIVE) {
  return db.schedule.create({
    data: { userId, name: "Working hours", timeZone, entries: { create: entries.map((entry) => ({ days: entry.days ?? [], ...entry })) } },
  });
}

/** A user whose default schedule is `entries` in `timeZone`. */
async function makeHost(timeZone = "UTC", entries: Entry[] = NINE_TO_FIVE) {
  const user = await makeUser();
  const schedule = await makeSchedule(user.id, timeZone, entries);
  await db.user.update({ where: { id: user.id }, data: { defaultScheduleId: schedule.id } });
  return user;
}

async function makeEventType(data: { userId?: number | null; teamId?: number; hostIds?: number[] } & Record<string, unknown> = {}) {
  const { hostIds = [], ...fields } = data;
  return db.eventType.create({
    data: {
      title: "Intro call",
      slug: `intro-${hex()}`,
      lengthInMinutes: 30,
      minimumBookingNotice: 0,
      ...fields,
      hosts: { create: hostIds.map((userId) => ({ userId })) },
    },
  });
}

async function makeBooking(
  eventTypeId: number,
  hostIds: number[],
  start: Date,
  end: Date,
  status: "ACCEPTED" | "PENDING" | "CANCELLED" | "REJECTED" = "ACCEPTED",
) {
  const isLive = status === "ACCEPTED" || status === "PENDING";
  return db.booking.create({
    data: { eventTypeId, title: "Booked", start, end, status, hosts: { create: hostIds.map((userId) => ({ userId, start, end, isLive })) } },
  });
}

const query = (eventTypeId: number, from: string, to: string, extra: Record<string, string> = {}) =>
  ZAvailableSlotsQuery.parse({ eventTypeId: String(eventTypeId), startTime: from, endTime: to, ...extra });
/** Slot start times (HH:MM UTC) of one day in a UTC listing. */
async function timesOn(eventTypeId: number, day: string, extra: Record<string, string> = {}) {
  const { slots } = await getAvailableSlots(query(eventTypeId, `${day}T00:00:00Z`, `${day}T23:59:59Z`, extra), NOW);
  return (slots[day] ?? []).map((slot) => slot.time.slice(11, 16));
}
const every30 = (from: string, to: string) => {
  const list: string[] = [];
  for (let minute = Number(from.slice(0, 2)) * 60 + Number(from.slice(3)); minute <= Number(to.slice(0, 2)) * 60 + Number(to.slice(3)); minute += 30) {
    list.push(`${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`);
  }
  return list;
};

async function rejectionOf(promise: Promise<unknown>): Promise<AppError> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (reason: AppError) => reason,
  );
}

describe("getAvailableSlots", () => {
  it("lists the owner's default schedule as UTC timestamps grouped by day", async () => {
    const host = await makeHost();
    const eventType = await makeEventType({ userId: host.id });
    const { slots } = await getAvailableSlots(query(eventType.id, `${WED}T00:00:00Z`, `${THU}T23:59:59Z`), NOW);
    expect(Object.keys(slots)).toEqual([WED, THU]);
    expect(slots[WED]).toHaveLength(16);
    expect(slots[WED]![0]).toEqual({ time: `${WED}T09:00:00.000Z` });
    expect(slots[THU]!.at(-1)).toEqual({ time: `${THU}T16:30:00.000Z` });
  });

  it("uses the event type's own schedule over the owner's default", async () => {
    const host = await makeHost();
    const mornings = await makeSchedule(host.id, "UTC", [{ days: [3], startMinute: 420, endMinute: 480 }]);
    const eventType = await makeEventType({ userId: host.id, scheduleId: mornings.id });
    expect(await timesOn(eventType.id, WED)).toEqual(["07:00", "07:30"]);
  });

  it("a booking removes its slot and, through its event type's buffers, the neighbours", async () => {
    const host = await makeHost();
    const eventType = await makeEventType({ userId: host.id });
    const buffered = await makeEventType({ userId: host.id, beforeEventBuffer: 15, afterEventBuffer: 15 });
    await makeBooking(buffered.id, [host.id], utc(WED, "10:00"), utc(WED, "10:30"));
    // Busy 09:45–10:45: 09:30 (ends 10:00) and 10:30 overlap it.
    expect(await timesOn(eventType.id, WED)).toEqual(["09:00", ...every30("11:00", "16:30")]);
  });

  it("the event type's own buffers keep distance from existing bookings", async () => {
    const host = await makeHost();
    const eventType = await makeEventType({ userId: host.id, beforeEventBuffer: 30 });
    await makeBooking(eventType.id, [host.id], utc(WED, "12:00"), utc(WED, "12:30"));
    expect(await timesOn(eventType.id, WED)).toEqual([...every30("09:00", "11:00"), ...every30("13:00", "16:30")]);
  });

  it("pending bookings block; cancelled and rejected ones do not", async () => {
    const host = await makeHost();
    const eventType = await makeEventType({ userId: host.id });
    await makeBooking(eventType.id, [host.id], utc(WED, "09:00"), utc(WED, "09:30"), "PENDING");
    await makeBooking(eventType.id, [host.id], utc(WED, "10:00"), utc(WED, "10:30"), "CANCELLED");
    await makeBooking(eventType.id, [host.id], utc(WED, "11:00"), utc(WED, "11:30"), "REJECTED");
    expect(await timesOn(eventType.id, WED)).toEqual(every30("09:30", "16:30"));
  });

  it("a cancelled booking whose host row was left live still does not block (status is checked too)", async () => {
    const host = await makeHost();
    const eventType = await makeEventType({ userId: host.id });
    const booking = await makeBooking(eventType.id, [host.id], utc(WED, "09:00"), utc(WED, "09:30"), "CANCELLED");
    await db.bookingHost.updateMany({ where: { bookingId: booking.id }, data: { isLive: true } });
    expect(await timesOn(eventType.id, WED)).toEqual(every30("09:00", "16:30"));
  });

  it("out-of-office removes a day", async () => {
    const host = await makeHost();
    const eventType = await makeEventType({ userId: host.id });
    await db.outOfOffice.create({ data: { userId: host.id, start: utc(WED, "00:00"), end: utc(THU, "00:00") } });
    const { slots } = await getAvailableSlots(query(eventType.id, `${WED}T00:00:00Z`, `${THU}T23:59:59Z`), NOW);
    expect(Object.keys(slots)).toEqual([THU]);
  });

  it("a registered calendar provider's busy times remove slots", async () => {
    const host = await makeHost();
    const eventType = await makeEventType({ userId: host.id });
    cleanups.push(
      registerBusyTimesProvider({
        name: `fake-${hex()}`,
        busyTimes: async (userId) => (userId === host.id ? [{ start: utc(WED, "13:00"), end: utc(WED, "14:00") }] : []),
      }),
    );
    expect(await timesOn(eventType.id, WED)).toEqual([...every30("09:00", "12:30"), ...every30("14:00", "16:30")]);
  });

  it("applies minimum notice and the booking window against now", async () => {
    const host = await makeHost();
    const eventType = await makeEventType({ userId: host.id, minimumBookingNotice: 120, bookingWindowType: "CALENDAR_DAYS", bookingWindowDays: 1 });
    const { slots } = await getAvailableSlots(query(eventType.id, `${WED}T00:00:00Z`, `${THU}T23:59:59Z`), { now: utc(WED, "09:10") });
    expect(slots[WED]!.map((slot) => slot.time.slice(11, 16))).toEqual(every30("11:30", "16:30"));
    // The window counts calendar days: Thursday, the first day after today, is bookable all day.
    expect(slots[THU]!.map((slot) => slot.time.slice(11, 16))).toEqual(every30("09:00", "16:30"));
    const friday = await getAvailableSlots(query(eventType.id, `${THU}T00:00:00Z`, "2030-06-15T00:00:00Z"), { now: utc(WED, "09:10") });
    expect(Object.keys(friday.slots)).toEqual([THU]);
  });

  it("groups by day in the requested time zone", async () => {
    const host = await makeHost();
    const eventType = await makeEventType({ userId: host.id });
    const { slots } = await getAvailableSlots(query(eventType.id, `${WED}T00:00:00Z`, `${WED}T23:59:59Z`, { timeZone: "Asia/Tokyo" }), NOW);
    // 09:00–14:30 UTC is 18:00–23:30 in Tokyo (Wednesday); 15:00–16:30 UTC is Thursday there.
    expect(slots[WED]!.map((slot) => slot.time.slice(11, 16))).toEqual(every30("09:00", "14:30"));
    expect(slots[THU]!.map((slot) => slot.time.slice(11, 16))).toEqual(every30("15:00", "16:30"));
  });

  it("collective team events need every host; round-robin ones any host", async () => {
    const early = await makeHost("UTC", [{ days: [3], startMinute: 540, endMinute: 720 }]); // 09–12
    const late = await makeHost("UTC", [{ days: [3], startMinute: 600, endMinute: 780 }]); // 10–13
    const team = await db.team.create({ data: { name: "Sales", slug: `sales-${hex()}` } });
    const collective = await makeEventType({ teamId: team.id, schedulingType: "COLLECTIVE", hostIds: [early.id, late.id] });
    const roundRobin = await makeEventType({ teamId: team.id, schedulingType: "ROUND_ROBIN", hostIds: [early.id, late.id] });
    await makeBooking(roundRobin.id, [late.id], utc(WED, "11:00"), utc(WED, "11:30"));
    expect(await timesOn(collective.id, WED)).toEqual(["10:00", "10:30", "11:30"]);
    expect(await timesOn(roundRobin.id, WED)).toEqual(every30("09:00", "12:30"));
  });

  it("answers 404 for an unknown, hidden, or other user's event type", async () => {
    const host = await makeHost();
    const other = await makeUser();
    const hidden = await makeEventType({ userId: host.id, hidden: true });
    const visible = await makeEventType({ userId: host.id });
    for (const [id, extra] of [
      [2_000_000_000, {}],
      [hidden.id, {}],
      [visible.id, { username: other.username }],
    ] as const) {
      const error = await rejectionOf(getAvailableSlots(query(id, `${WED}T00:00:00Z`, `${THU}T00:00:00Z`, extra), NOW));
      expect(error).toBeInstanceOf(AppError);
      expect([error.code, error.message]).toEqual(["NOT_FOUND", "Event type not found"]);
    }
    expect(await timesOn(visible.id, WED, { username: host.username })).toHaveLength(16);
  });
});

describe("isSlotAvailable", () => {
  it("accepts a listed slot inside a transaction and reports the free hosts and the end", async () => {
    const host = await makeHost();
    const eventType = await makeEventType({ userId: host.id, lengthInMinutes: 45, slotInterval: 30 });
    const check = await db.$transaction((tx) => isSlotAvailable(tx, { eventTypeId: eventType.id, start: utc(WED, "09:30"), externalBusy: [] }, NOW));
    expect(check).toEqual({ available: true, freeHostIds: [host.id], end: utc(WED, "10:15") });
  });

  it("refuses starts off the grid, outside availability, or booked; a reschedule ignores its own booking", async () => {
    const host = await makeHost();
    const eventType = await makeEventType({ userId: host.id });
    const booking = await makeBooking(eventType.id, [host.id], utc(WED, "10:00"), utc(WED, "10:30"));
    const check = (start: Date, ignoreBookingUid?: string) =>
      isSlotAvailable(db, { eventTypeId: eventType.id, start, ignoreBookingUid, externalBusy: [] }, NOW);
    expect((await check(utc(WED, "09:15"))).available).toBe(false);
    expect((await check(new Date(utc(WED, "09:00").getTime() + 1_000))).available).toBe(false);
    expect((await check(utc(WED, "17:00"))).available).toBe(false);
    expect(await check(utc(WED, "10:00"))).toEqual({ available: false, freeHostIds: [], end: utc(WED, "10:30") });
    expect((await check(utc(WED, "10:00"), booking.uid)).available).toBe(true);
  });

  it("agrees with the listing on every start of a day with bookings, OOO and odd intervals", async () => {
    const host = await makeHost("Europe/Berlin", [
      { days: [3], startMinute: 480, endMinute: 720 },
      { days: [3], startMinute: 720, endMinute: 1080 },
    ]);
    const eventType = await makeEventType({ userId: host.id, lengthInMinutes: 50, slotInterval: 35, afterEventBuffer: 10 });
    await makeBooking(eventType.id, [host.id], utc(WED, "09:05"), utc(WED, "09:55"));
    await db.outOfOffice.create({ data: { userId: host.id, start: utc(WED, "12:20"), end: utc(WED, "13:00") } });
    const listed = new Set((await timesOn(eventType.id, WED)).map((time) => utc(WED, time).getTime()));
    expect(listed.size).toBeGreaterThan(5);
    for (let minute = 5 * 60; minute < 17 * 60; minute += 5) {
      const start = new Date(utc(WED, "00:00").getTime() + minute * 60_000);
      const { available } = await isSlotAvailable(db, { eventTypeId: eventType.id, start, externalBusy: [] }, NOW);
      expect(available, start.toISOString()).toBe(listed.has(start.getTime()));
    }
  });

  it("throws NOT_FOUND for an unknown event type", async () => {
    const error = await rejectionOf(isSlotAvailable(db, { eventTypeId: 2_000_000_001, start: utc(WED, "09:00"), externalBusy: [] }, NOW));
    expect(error.code).toBe("NOT_FOUND");
  });
});
