/**
 * Wall-clock time in IANA zones, for iCalendar data: a "wall" instant is the local date and time
 * written as if it were UTC milliseconds, so calendar arithmetic (add a day, a month) happens on plain
 * numbers and only the final step asks the zone database where that wall time falls.
 */
import { wallClockFields, wallClockFormatter } from "../time/zone-clock";

export function isKnownTimeZone(timeZone: string): boolean {
  try {
    wallClockFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's wall time at `utcMs`, as wall milliseconds. */
export function utcToWall(utcMs: number, timeZone: string): number {
  if (timeZone === "UTC") return utcMs;
  const parts = wallClockFields(timeZone, utcMs);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) + (utcMs % 1000);
}

/**
 * The instant at which the zone's clocks show `wallMs`. In a spring-forward gap the later offset is
 * used (02:30 that does not exist becomes 03:30); in a fall-back overlap, the first occurrence.
 */
export function wallToUtc(wallMs: number, timeZone: string): number {
  if (timeZone === "UTC") return wallMs;
  const offsetAt = (utcMs: number) => utcToWall(utcMs, timeZone) - utcMs;
  const firstGuess = wallMs - offsetAt(wallMs);
  const offset = offsetAt(firstGuess);
  const candidate = wallMs - offset;
  const earlier = wallMs - offsetAt(candidate - 3_600_000 * 3);
  return utcToWall(earlier, timeZone) === wallMs && earlier < candidate ? earlier : candidate;
}

export const DAY_MS = 86_400_000;

/** Fields of a wall instant. */
export function wallFields(wallMs: number) {
  const date = new Date(wallMs);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
    msOfDay: wallMs - Math.floor(wallMs / DAY_MS) * DAY_MS,
  };
}
