/**
 * Where the booking window (server/event-types/booking-window.ts) puts slot starts, in integer minutes and
 * calendar days of the schedule's time zone. A fixed window is a bound on starts; a rolling one keeps the
 * first `value` days that still have a free slot, so it needs the slots from today on.
 */
import type { BookingWindowColumns } from "../event-types/booking-window";
import { dayNumberFromIsoDate, localDayOf, localDayToUtc, weekdayOf } from "./local-time";
import { bookingWindowEnd, type Interval, type Slot } from "./slots";

const UNBOUNDED: Interval = { start: Number.NEGATIVE_INFINITY, end: Number.POSITIVE_INFINITY };
const isWeekend = (day: number) => weekdayOf(day) === 0 || weekdayOf(day) === 6;
const midnight = (timeZone: string, day: number) => localDayToUtc(timeZone, day)(0);

/** The day `count` business days (Monday to Friday) after `day`, as the peer counts them. */
export function addBusinessDays(day: number, count: number): number {
  let result = day;
  for (let left = count; left > 0;) {
    result++;
    if (!isWeekend(result)) left--;
  }
  return result;
}

export const isRolling = (window: BookingWindowColumns) =>
  window.bookingWindowType !== "RANGE" && window.bookingWindowType !== null && window.bookingWindowRolling;

/**
 * The bound a fixed window puts on slot starts: [start, end) in minutes. Whole days, not 24-hour spans:
 * the last bookable day is bookable all day long. Rolling windows and no window: unbounded.
 */
export function fixedWindowBounds(window: BookingWindowColumns, timeZone: string, now: number): Interval {
  const { bookingWindowType: type, bookingWindowDays: days, bookingWindowStart: first, bookingWindowEnd: last } = window;
  if (type === "RANGE" && first && last) {
    const firstDay = dayNumberFromIsoDate(first.toISOString().slice(0, 10))!;
    const lastDay = dayNumberFromIsoDate(last.toISOString().slice(0, 10))!;
    return { start: midnight(timeZone, firstDay), end: midnight(timeZone, lastDay + 1) };
  }
  if (days === null || isRolling(window) || type === null || type === "RANGE") return UNBOUNDED;
  if (type === "CALENDAR_DAYS") return { start: Number.NEGATIVE_INFINITY, end: bookingWindowEnd({ now, periodDays: days, periodTimeZone: timeZone }) };
  return { start: Number.NEGATIVE_INFINITY, end: midnight(timeZone, addBusinessDays(localDayOf(timeZone, now), days) + 1) };
}

/** Where the slots a rolling window counts begin: today's local midnight. */
export const rollingWindowStart = (timeZone: string, now: number) => midnight(timeZone, localDayOf(timeZone, now));

/**
 * A rolling window: the slots of the first `days` local days that have any, counted from today (the
 * slots passed in must start no later than today's first). Business-day and calendar-day rolling windows
 * count the same way: a day counts when it has a free slot.
 */
export function keepRollingDays(slots: readonly Slot[], days: number, timeZone: string): Slot[] {
  const kept: Slot[] = [];
  let seen = 0;
  let lastDay: number | undefined;
  for (const slot of slots) {
    const day = localDayOf(timeZone, slot.start);
    if (day !== lastDay) {
      if (seen === days) break;
      seen++;
      lastDay = day;
    }
    kept.push(slot);
  }
  return kept;
}
