/**
 * Wall-clock time in an IANA zone as integer minutes, without date-library objects: Intl is asked for
 * a zone's UTC offset a couple of times per day (cached per zone and day), everything else is integer
 * arithmetic. "Minutes" are minutes since 1970-01-01T00:00Z; a "day number" counts days since 1970-01-01.
 *
 * Assumption: a zone changes its offset at most once in any ~38-hour span (true of every zone in the
 * current IANA database; DST transitions are months apart).
 */
import { wallClockFields } from "../time/zone-clock";

export const MINUTES_PER_DAY = 1440;

/** Offsets (local − UTC, minutes) around one transition: `before` applies to instants < `transition`. */
type OffsetSpan = { before: number; after: number; transition: number };

const MAX_CACHED_SPANS = 100_000;
/**
 * Spans per zone and day number, for local days and for UTC days: looked up by number, no key string built (a 50-host
 * listing over a month looks up 1 600 local days).
 */
const localDaySpans = new Map<string, Map<number, OffsetSpan>>();
const utcDaySpans = new Map<string, Map<number, OffsetSpan>>();
let cachedSpans = 0;

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
export function dayNumberFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** `YYYY-MM-DD` of a day number (Hinnant's civil_from_days). */
export function isoDateFromDayNumber(dayNumber: number): string {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Day number of `YYYY-MM-DD`, or null when it is not a real calendar date. */
export function dayNumberFromIsoDate(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const dayNumber = dayNumberFromCivil(Number(match[1]), Number(match[2]), Number(match[3]));
  return isoDateFromDayNumber(dayNumber) === date ? dayNumber : null;
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export const weekdayOf = (dayNumber: number) => (((dayNumber + 4) % 7) + 7) % 7;

/** The zone's offset at one instant: the only place this module reads a zone's rules. */
export function offsetAt(timeZone: string, minute: number): number {
  const fields = wallClockFields(timeZone, minute * 60_000);
  const local = dayNumberFromCivil(fields.year!, fields.month!, fields.day!) * MINUTES_PER_DAY + fields.hour! * 60 + fields.minute!;
  return local - minute;
}

/** Offsets over the UTC instants [from, to]; a binary search finds the transition minute when they differ. */
function offsetSpan(cache: Map<string, Map<number, OffsetSpan>>, timeZone: string, day: number, from: number, to: number): OffsetSpan {
  const zone = cache.get(timeZone);
  const cached = zone?.get(day);
  if (cached) return cached;
  const before = offsetAt(timeZone, from);
  const after = offsetAt(timeZone, to);
  let transition = Number.POSITIVE_INFINITY;
  if (before !== after) {
    let low = from; // offset(low) === before
    let high = to; // offset(high) !== before
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (offsetAt(timeZone, middle) === before) low = middle;
      else high = middle;
    }
    transition = high;
  }
  const span = { before, after, transition };
  if (cachedSpans >= MAX_CACHED_SPANS) {
    localDaySpans.clear();
    utcDaySpans.clear();
    cachedSpans = 0;
  }
  if (zone && cache.has(timeZone)) zone.set(day, span);
  else cache.set(timeZone, new Map([[day, span]]));
  cachedSpans++;
  return span;
}

/**
 * Maps wall-clock minutes of one local day to UTC minutes. The local day `dayNumber` lies within UTC
 * [day − 14 h, day + 1 day + 12 h] (offsets range from −12:00 to +14:00), so one span covers it.
 *
 * - Spring-forward gap (e.g. 02:30 on a day the clock jumps 02:00 → 03:00): maps forward to the first
 *   instant after the gap (03:00). The map stays non-decreasing, so a window never inverts and a window
 *   that starts in the gap keeps the part after it.
 * - Fall-back overlap (e.g. 02:30 on a day the clock goes 03:00 → 02:00): the first occurrence.
 */
export function localDayToUtc(timeZone: string, dayNumber: number): (minuteOfDay: number) => number {
  const span = localDaySpan(timeZone, dayNumber);
  return (minuteOfDay) => wallClockToUtc(span, dayNumber, minuteOfDay);
}

/** The offsets around local day `dayNumber` in `timeZone`, for wallClockToUtc: localDayToUtc without a function made per day. */
export const localDaySpan = (timeZone: string, dayNumber: number): OffsetSpan =>
  offsetSpan(localDaySpans, timeZone, dayNumber, dayNumber * MINUTES_PER_DAY - 841, (dayNumber + 1) * MINUTES_PER_DAY + 721);

/** UTC minute of `minuteOfDay` on local day `dayNumber`, whose offsets are `span` (localDaySpan); gaps and overlaps as localDayToUtc. */
export function wallClockToUtc({ before, after, transition }: OffsetSpan, dayNumber: number, minuteOfDay: number): number {
  const local = dayNumber * MINUTES_PER_DAY + minuteOfDay;
  return local < transition + before ? local - before : Math.max(transition, local - after);
}

const utcDaySpan = (timeZone: string, utcDay: number) => offsetSpan(utcDaySpans, timeZone, utcDay, utcDay * MINUTES_PER_DAY, (utcDay + 1) * MINUTES_PER_DAY);

/** Wall-clock minutes (since 1970-01-01 local) of a UTC instant in `timeZone`. */
export function utcToLocal(timeZone: string, minute: number): number {
  const { before, after, transition } = utcDaySpan(timeZone, Math.floor(minute / MINUTES_PER_DAY));
  return minute + (minute < transition ? before : after);
}

/** The local day number of a UTC instant in `timeZone`. */
export const localDayOf = (timeZone: string, minute: number) => Math.floor(utcToLocal(timeZone, minute) / MINUTES_PER_DAY);

/**
 * The zone's offset (local − UTC, minutes) at many instants in a row (a slot list), from the same cached spans as
 * utcToLocal: looked up again only when the instant's UTC day changes, never through Intl per instant.
 */
export function offsetReader(timeZone: string): (minute: number) => number {
  let utcDay = Number.NaN;
  let span: OffsetSpan = { before: 0, after: 0, transition: Number.POSITIVE_INFINITY };
  return (minute) => {
    const day = Math.floor(minute / MINUTES_PER_DAY);
    if (day !== utcDay) span = utcDaySpan(timeZone, (utcDay = day));
    return minute < span.transition ? span.before : span.after;
  };
}

/** localDayOf for many instants in a row (see offsetReader). */
export function localDayReader(timeZone: string): (minute: number) => number {
  const offsetOf = offsetReader(timeZone);
  return (minute) => Math.floor((minute + offsetOf(minute)) / MINUTES_PER_DAY);
}
