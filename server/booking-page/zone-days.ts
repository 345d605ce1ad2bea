/**
 * Calendar days in an IANA zone as UTC instants: the booking page shows whole local days, so its range
 * starts and ends at local midnights, which move with the zone's offset (DST included). The arithmetic is
 * the slot computation's own (server/slots/local-time.ts), so the page and the slots agree on every day.
 */
import { dayNumberFromIsoDate, isoDateFromDayNumber, localDayOf, localDayToUtc } from "../slots/local-time";

const MINUTE_MS = 60_000;

function dayNumberOf(date: string): number {
  const dayNumber = dayNumberFromIsoDate(date);
  if (dayNumber === null) throw new RangeError(`Not a calendar date: ${date}`);
  return dayNumber;
}

/** `YYYY-MM-DD` of the wall-clock date in `timeZone` at `instant`. */
export const localDateOf = (timeZone: string, instant: Date): string => isoDateFromDayNumber(localDayOf(timeZone, Math.floor(instant.getTime() / MINUTE_MS)));

/** The date `days` calendar days after `date` (both `YYYY-MM-DD`). */
export const addDays = (date: string, days: number): string => isoDateFromDayNumber(dayNumberOf(date) + days);

/** The instant `date` begins in `timeZone`; where midnight itself is skipped, the first instant after the gap. */
export const startOfLocalDay = (timeZone: string, date: string): Date => new Date(localDayToUtc(timeZone, dayNumberOf(date))(0) * MINUTE_MS);
