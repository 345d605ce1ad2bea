/**
 * Event type settings that act on slot lists, against a real PostgreSQL: booking limits per day, week,
 * month and year (count and duration), every booking window variant (rolling included) and the first
 * slot of each day. Listing and the booking check go through the same rules, so both are asserted.
 */
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { db, disconnectDb } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { ZAvailableSlotsQuery } from "./slots.schemas";
import { getAvailableSlots } from "./slot-listings";
import { isSlotAvailable } from "./slots.service";

afterAll(() => disconnectDb());

// 2030-06-10 is a Monday.
const MON = "2030-06-10";
const TUE = "2030-06-11";
const WED = "2030-06-12";
const THU = "2030-06-13";
const FRI = "2030-06-14";
const EARLY = { now: new Date("2030-06-01T00:00:00Z") };
const utc = (day: string, time: string) => new Date(`${day}T${time}:00.000Z`);
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

/** A host working 09:00–17:00 on `days` in `timeZone`, with a 30-minute event type carrying `settings`. */
async function makeEventType(
  settings: Prisma.EventTypeUncheckedCreateInput extends infer T ? Partial<T> : never,
  options: { timeZone?: string; days?: number[] } = {},
) {
  const user = await makeUser();
  const schedule = await db.schedule.create({
    data: {
      userId: user.id,
      name: "Working hours",
      timeZone: options.timeZone ?? "UTC",
      entries: { create: [{ days: options.days ?? EVERY_DAY, startMinute: 540, endMinute: 1020 }] },
    },
  });
  await db.user.update({ where: { id: user.id }, data: { defaultScheduleId: schedule.id } });
  const eventType = await db.eventType.create({
    data: { userId: user.id, title: "Intro", slug: `intro-${randomBytes(4).toString("hex")}`, lengthInMinutes: 30, minimumBookingNotice: 0, ...settings },
  });
  return { user, eventType };
}

async function makeBooking(eventTypeId: number, hostId: number, start: Date, status: "ACCEPTED" | "PENDING" | "CANCELLED" = "ACCEPTED", minutes = 30) {
  const end = new Date(start.getTime() + minutes * 60_000);
  const isLive = status !== "CANCELLED";
  return db.booking.create({ data: { eventTypeId, title: "Booked", start, end, status, hosts: { create: [{ userId: hostId, start, end, isLive }] } } });
}

/** The days (YYYY-MM-DD, UTC) with slots in [from, to), and their start times. */
async function listing(eventTypeId: number, from: string, to: string, options = EARLY) {
  const query = ZAvailableSlotsQuery.parse({ eventTypeId: String(eventTypeId), startTime: `${from}T00:00:00Z`, endTime: `${to}T00:00:00Z` });
  const { slots } = await getAvailableSlots(query, options);
  return Object.fromEntries(Object.entries(slots).map(([day, list]) => [day, list.map((slot) => slot.time.slice(11, 16))]));
}
const daysOf = async (eventTypeId: number, from: string, to: string, options = EARLY) => Object.keys(await listing(eventTypeId, from, to, options));

const check = (eventTypeId: number, start: Date, options = EARLY, ignoreBookingUid?: string) =>
  isSlotAvailable(db, { eventTypeId, start, externalBusy: [], ignoreBookingUid }, options);

describe("booking limits", () => {
  it("count per day: a day with that many accepted or pending bookings offers nothing; cancelled ones do not count", async () => {
    const { user, eventType } = await makeEventType({ bookingLimitsCount: { day: 2 } });
    await makeBooking(eventType.id, user.id, utc(WED, "10:00"));
    await makeBooking(eventType.id, user.id, utc(THU, "10:00"), "CANCELLED");
    expect(await daysOf(eventType.id, TUE, FRI)).toEqual([TUE, WED, THU]);
    await makeBooking(eventType.id, user.id, utc(WED, "12:00"), "PENDING");
    expect(await daysOf(eventType.id, TUE, FRI)).toEqual([TUE, THU]);
    expect(await check(eventType.id, utc(WED, "14:00"))).toMatchObject({ available: false, refusal: expect.stringMatching(/booking limit/) });
    expect(await check(eventType.id, utc(THU, "14:00"))).toMatchObject({ available: true });
  });

  it("a booking being rescheduled does not count against its own new time", async () => {
    const { user, eventType } = await makeEventType({ bookingLimitsCount: { day: 1 } });
    const booking = await makeBooking(eventType.id, user.id, utc(WED, "10:00"));
    expect(await check(eventType.id, utc(WED, "14:00"))).toMatchObject({ available: false });
    expect(await check(eventType.id, utc(WED, "14:00"), EARLY, booking.uid)).toMatchObject({ available: true });
  });

  it("only bookings of this event type count", async () => {
    const { user, eventType } = await makeEventType({ bookingLimitsCount: { day: 1 } });
    const other = await db.eventType.create({
      data: { userId: user.id, title: "Other", slug: `other-${randomBytes(4).toString("hex")}`, lengthInMinutes: 30 },
    });
    await makeBooking(other.id, user.id, utc(WED, "10:00"));
    expect((await listing(eventType.id, WED, THU))[WED]).toHaveLength(15); // 16 starts less the booked 10:00
  });

  it("count per week: weeks start on the owner's weekStart", async () => {
    const { user, eventType } = await makeEventType({ bookingLimitsCount: { week: 2 } });
    await makeBooking(eventType.id, user.id, utc(MON, "10:00"));
    await makeBooking(eventType.id, user.id, utc(TUE, "10:00"));
    // Monday-based week 2030-06-10 … 06-16 is full; the next one opens on Monday 06-17.
    expect(await daysOf(eventType.id, "2030-06-09", "2030-06-19")).toEqual(["2030-06-09", "2030-06-17", "2030-06-18"]);
    await db.user.update({ where: { id: user.id }, data: { weekStart: "Wednesday" } });
    // Wednesday-based weeks: 06-05 … 06-11 holds both bookings; 06-12 starts a fresh week.
    expect(await daysOf(eventType.id, "2030-06-09", "2030-06-14")).toEqual([WED, THU]);
  });

  it("count per month and per year", async () => {
    const monthly = await makeEventType({ bookingLimitsCount: { month: 1 } });
    await makeBooking(monthly.eventType.id, monthly.user.id, utc("2030-06-03", "10:00"));
    expect(await daysOf(monthly.eventType.id, "2030-06-29", "2030-07-02")).toEqual(["2030-07-01"]);

    const yearly = await makeEventType({ bookingLimitsCount: { year: 1 } });
    await makeBooking(yearly.eventType.id, yearly.user.id, utc("2030-06-03", "10:00"));
    expect(await daysOf(yearly.eventType.id, "2030-12-30", "2031-01-02")).toEqual(["2031-01-01"]);
  });

  it("duration per day: the booked minutes plus the slot's length must fit", async () => {
    const { user, eventType } = await makeEventType({ bookingLimitsDuration: { day: 60 } });
    await makeBooking(eventType.id, user.id, utc(WED, "10:00"));
    expect(await daysOf(eventType.id, WED, THU)).toEqual([WED]); // 30 + 30 ≤ 60
    await makeBooking(eventType.id, user.id, utc(WED, "12:00"));
    expect(await daysOf(eventType.id, WED, FRI)).toEqual([THU]);
    expect(await check(eventType.id, utc(WED, "14:00"))).toMatchObject({ available: false, refusal: expect.stringMatching(/booking limit/) });
  });

  it("counts calendar days of the schedule's time zone", async () => {
    const { user, eventType } = await makeEventType({ bookingLimitsCount: { day: 1 } }, { timeZone: "America/New_York" });
    // 01:00 UTC on Thursday is 21:00 on Wednesday in New York.
    await makeBooking(eventType.id, user.id, utc(THU, "01:00"));
    const days = await listing(eventType.id, WED, "2030-06-15");
    expect(days[WED]).toBeUndefined(); // Wednesday New York hours are 13:00–21:00 UTC
    expect(days[THU]).toHaveLength(16);
  });
});

describe("booking window", () => {
  const AT_WED = { now: utc(WED, "08:00") };

  it("calendarDays: today and the next `value` days, whole days", async () => {
    const { eventType } = await makeEventType({ bookingWindowType: "CALENDAR_DAYS", bookingWindowDays: 2 });
    expect(await daysOf(eventType.id, WED, "2030-06-17", AT_WED)).toEqual([WED, THU, FRI]);
    expect(await check(eventType.id, utc("2030-06-15", "10:00"), AT_WED)).toMatchObject({ available: false, refusal: expect.stringMatching(/booking window/) });
  });

  it("businessDays: until the end of the `value`-th business day after today", async () => {
    const { eventType } = await makeEventType({ bookingWindowType: "BUSINESS_DAYS", bookingWindowDays: 2 });
    const atFriday = { now: utc(FRI, "08:00") };
    // Friday + 2 business days = Tuesday: the weekend in between stays bookable.
    expect(await daysOf(eventType.id, FRI, "2030-06-21", atFriday)).toEqual([FRI, "2030-06-15", "2030-06-16", "2030-06-17", "2030-06-18"]);
  });

  it("range: the dates from first to last, both included", async () => {
    const { eventType } = await makeEventType({
      bookingWindowType: "RANGE",
      bookingWindowStart: new Date(`${THU}T00:00:00Z`),
      bookingWindowEnd: new Date(`${FRI}T00:00:00Z`),
    });
    expect(await daysOf(eventType.id, MON, "2030-06-17")).toEqual([THU, FRI]);
    expect(await check(eventType.id, utc(MON, "10:00"))).toMatchObject({ available: false, refusal: expect.stringMatching(/booking window/) });
  });

  it("rolling: the first `value` days that have a free slot, and a full day lets the next one in", async () => {
    // Mondays only; a limit of one booking a day makes a booked Monday full.
    const { user, eventType } = await makeEventType(
      { bookingWindowType: "CALENDAR_DAYS", bookingWindowDays: 3, bookingWindowRolling: true, bookingLimitsCount: { day: 1 } },
      { days: [1] },
    );
    expect(await daysOf(eventType.id, WED, "2030-07-12", AT_WED)).toEqual(["2030-06-17", "2030-06-24", "2030-07-01"]);
    // A listing that starts later still counts from today.
    expect(await daysOf(eventType.id, "2030-06-30", "2030-07-12", AT_WED)).toEqual(["2030-07-01"]);
    expect(await check(eventType.id, utc("2030-07-08", "10:00"), AT_WED)).toMatchObject({ available: false, refusal: expect.stringMatching(/booking window/) });
    await makeBooking(eventType.id, user.id, utc("2030-06-17", "10:00"));
    expect(await daysOf(eventType.id, WED, "2030-07-12", AT_WED)).toEqual(["2030-06-24", "2030-07-01", "2030-07-08"]);
    expect(await check(eventType.id, utc("2030-07-08", "10:00"), AT_WED)).toMatchObject({ available: true });
  });

  it("businessDays rolling counts days with free slots the same way", async () => {
    const { eventType } = await makeEventType({ bookingWindowType: "BUSINESS_DAYS", bookingWindowDays: 2, bookingWindowRolling: true }, { days: [1] });
    expect(await daysOf(eventType.id, WED, "2030-07-12", AT_WED)).toEqual(["2030-06-17", "2030-06-24"]);
  });
});

describe("only the first available slot of each day", () => {
  it("offers each day's first free start only, and the booking check refuses the others", async () => {
    const { user, eventType } = await makeEventType({ onlyShowFirstAvailableSlot: true });
    expect(await listing(eventType.id, WED, FRI)).toEqual({ [WED]: ["09:00"], [THU]: ["09:00"] });
    await makeBooking(eventType.id, user.id, utc(WED, "09:00"));
    expect(await listing(eventType.id, WED, THU)).toEqual({ [WED]: ["09:30"] });
    // A listing that starts mid-day still knows the day's first slot.
    const afternoon = ZAvailableSlotsQuery.parse({ eventTypeId: String(eventType.id), startTime: `${WED}T12:00:00Z`, endTime: `${THU}T00:00:00Z` });
    expect((await getAvailableSlots(afternoon, EARLY)).slots).toEqual({});
    expect(await check(eventType.id, utc(WED, "09:30"))).toMatchObject({ available: true });
    expect(await check(eventType.id, utc(WED, "10:00"))).toMatchObject({ available: false, refusal: expect.stringMatching(/first free slot/) });
  });
});
