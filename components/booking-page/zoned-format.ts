/**
 * Dates and times as the visitor reads them: in the zone they chose (not necessarily the browser's),
 * in the browser's language.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let cached = formatters.get(key);
  if (!cached) formatters.set(key, (cached = new Intl.DateTimeFormat(undefined, options)));
  return cached;
}

/** A `YYYY-MM-DD` day that is already local to the chosen zone: formatted as a plain calendar date. */
export const formatDay = (date: string) =>
  formatter("day", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));

export const formatTime = (iso: string, timeZone: string) => formatter(`time:${timeZone}`, { timeStyle: "short", timeZone }).format(new Date(iso));

/** "Tuesday, November 24, 2026, 10:00 – 10:30 AM" in the chosen zone. */
export const formatRange = (startIso: string, endIso: string, timeZone: string) =>
  formatter(`range:${timeZone}`, { dateStyle: "full", timeStyle: "short", timeZone }).formatRange(new Date(startIso), new Date(endIso));

export const zoneLabel = (timeZone: string) => timeZone.replaceAll("_", " ");
