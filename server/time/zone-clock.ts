/**
 * The one place Intl is asked what a zone's clocks show: a cached formatter per IANA zone that reads
 * the wall clock down to the second (h23, numeric parts). Slot computation and iCalendar parsing both
 * build their zone arithmetic on it.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Throws a RangeError for a zone the platform's time zone database does not know. */
export function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock's fields (year, month 1–12, day, hour, minute, second) at an instant. */
export function wallClockFields(timeZone: string, utcMs: number): Record<string, number> {
  const fields: Record<string, number> = {};
  for (const part of wallClockFormatter(timeZone).formatToParts(utcMs)) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  return fields;
}

/** The zone's offset from UTC at an instant, in minutes (the peer's `utcOffset`: +60 for Paris in winter); 0 for a zone Intl does not know. */
export function utcOffsetMinutes(timeZone: string, instant: Date | string): number {
  const utcMs = Math.floor(new Date(instant).getTime() / 1000) * 1000;
  if (!Number.isFinite(utcMs)) return 0;
  try {
    const { year, month, day, hour, minute, second } = wallClockFields(timeZone, utcMs);
    return Math.round((Date.UTC(year!, month! - 1, day!, hour!, minute!, second!) - utcMs) / 60_000);
  } catch {
    return 0;
  }
}
