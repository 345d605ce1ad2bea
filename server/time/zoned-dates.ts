/**
 * Calendar dates in a named zone ↔ instants, for out-of-office entries: an entry from 3 to 5 July in Europe/Berlin
 * runs from 3 July 00:00 to 6 July 00:00 Berlin time. Built on the zone clock (zone-clock.ts); pure, so the site's pages use it too.
 */
import { wallClockFields } from "./zone-clock";

/** The instant a zone's clocks show `date` 00:00 (twice corrected, for a DST change near midnight). */
export function startOfDayIn(date: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const wanted = Date.UTC(year, month - 1, day);
  let guess = wanted;
  for (let pass = 0; pass < 2; pass += 1) {
    const shown = wallClockFields(timeZone, guess);
    const shownMs = Date.UTC(shown.year!, shown.month! - 1, shown.day!, shown.hour!, shown.minute!, shown.second!);
    guess += wanted - shownMs;
  }
  return new Date(guess);
}

export function nextDay(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` of an instant in the zone. */
export function dateIn(instant: string | Date, timeZone: string): string {
  const { year, month, day } = wallClockFields(timeZone, new Date(instant).getTime());
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** "Fri, Jul 3, 2026, 00:00 (Europe/Berlin)": an instant as the viewer reads it, the zone named. */
export function formatInZone(instant: string | Date, timeZone: string, options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" }) {
  return `${new Intl.DateTimeFormat(undefined, { ...options, timeZone }).format(new Date(instant))} (${timeZone.replaceAll("_", " ")})`;
}
