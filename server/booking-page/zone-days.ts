/**
 * Calendar days in an IANA zone as UTC instants: the booking page shows whole local days, so its range
 * starts and ends at local midnights, which move with the zone's offset (DST included).
 */
import { wallClockFields } from "../time/zone-clock";

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the wall-clock date in `timeZone` at `instant`. */
export function localDateOf(timeZone: string, instant: Date): string {
  const { year, month, day } = wallClockFields(timeZone, instant.getTime());
  return new Date(Date.UTC(year!, month! - 1, day!)).toISOString().slice(0, 10);
}

/** The date `days` calendar days after `date` (both `YYYY-MM-DD`). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Offset of the zone's wall clock from UTC at an instant, in milliseconds. */
function offsetAt(timeZone: string, utcMs: number): number {
  const f = wallClockFields(timeZone, utcMs);
  return Date.UTC(f.year!, f.month! - 1, f.day!, f.hour!, f.minute!, f.second!) - Math.floor(utcMs / 1000) * 1000;
}

/**
 * The instant `date` begins in `timeZone`. Guessed with the offset at UTC midnight, then corrected once
 * with the offset at the guess, which settles it unless a transition falls within hours of midnight;
 * where midnight itself is skipped (a few zones), the day begins at the first instant after the gap.
 */
export function startOfLocalDay(timeZone: string, date: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  const guess = utcMidnight - offsetAt(timeZone, utcMidnight);
  const corrected = utcMidnight - offsetAt(timeZone, guess);
  return new Date(localDateOf(timeZone, new Date(corrected)) === date ? corrected : guess);
}
