/**
 * Busy intervals from iCalendar (RFC 5545) text: ICS feeds and CalDAV calendar data. Covers what
 * calendars publish in practice: UTC, zoned (IANA TZID) and floating times, all-day events, DURATION,
 * RRULE (DAILY/WEEKLY/MONTHLY/YEARLY with INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH), RDATE,
 * EXDATE and moved or cancelled instances (RECURRENCE-ID). Cancelled and transparent ("free") events do
 * not block time. Floating times, all-day dates and TZIDs unknown to the zone database are read in the
 * calendar owner's time zone.
 */
import { DAY_MS, isKnownTimeZone, wallFields, wallToUtc } from "./zoned-time";

export type Interval = { start: Date; end: Date };
type Prop = { params: Record<string, string>; value: string };
export type IcsEvent = Map<string, Prop[]>;

const MAX_CALENDAR_NAME = 255;

/** The calendar's own name (X-WR-CALNAME, the de-facto property feeds publish), or null when it gives none. */
export function icsCalendarName(text: string): string | null {
  let depth = 0;
  for (const line of text.replace(/\r?\n[ \t]/g, "").split(/\r?\n/)) {
    const prop = parseContentLine(line);
    if (prop?.name === "BEGIN") depth += 1;
    else if (prop?.name === "END") depth -= 1;
    else if (prop?.name === "X-WR-CALNAME" && depth === 1) {
      const name = prop.value.replace(/\\([\\;,nN])/g, (_escape, char: string) => (char.toLowerCase() === "n" ? " " : char)).trim();
      return name ? name.slice(0, MAX_CALENDAR_NAME) : null;
    }
  }
  return null;
}

/** The VEVENTs of a document (nested components such as VALARM are skipped). Throws if it is not iCalendar. */
export function parseIcsEvents(text: string): IcsEvent[] {
  const lines = text.replace(/\r?\n[ \t]/g, "").split(/\r?\n/);
  if (!lines.some((line) => /^BEGIN:VCALENDAR\s*$/i.test(line))) throw new Error("Not an iCalendar document (no BEGIN:VCALENDAR)");
  const events: IcsEvent[] = [];
  const stack: string[] = [];
  let current: IcsEvent | null = null;
  for (const line of lines) {
    const prop = parseContentLine(line);
    if (!prop) continue;
    if (prop.name === "BEGIN") {
      stack.push(prop.value.toUpperCase());
      if (prop.value.toUpperCase() === "VEVENT") current = new Map();
    } else if (prop.name === "END") {
      const ended = stack.pop();
      if (ended === "VEVENT" && current) {
        events.push(current);
        current = null;
      }
    } else if (current && stack.at(-1) === "VEVENT") {
      current.set(prop.name, [...(current.get(prop.name) ?? []), { params: prop.params, value: prop.value }]);
    }
  }
  return events;
}

function parseContentLine(line: string): { name: string; params: Record<string, string>; value: string } | null {
  let inQuotes = false;
  let colon = -1;
  for (let index = 0; index < line.length; index += 1) {
    if (line[index] === '"') inQuotes = !inQuotes;
    else if (line[index] === ":" && !inQuotes) {
      colon = index;
      break;
    }
  }
  if (colon <= 0) return null;
  const [name, ...rawParams] = line.slice(0, colon).match(/(?:[^;"]|"[^"]*")+/g) ?? [];
  if (!name) return null;
  const params = Object.fromEntries(
    rawParams.map((param) => {
      const [key, ...rest] = param.split("=");
      return [key!.toUpperCase(), rest.join("=").replace(/^"|"$/g, "")];
    }),
  );
  return { name: name.toUpperCase(), params, value: line.slice(colon + 1).trim() };
}

/** A DTSTART-like value: wall time in `zone`, and whether it is a date (all day). */
type When = { wall: number; zone: string; isDate: boolean };

function parseWhen(value: string, params: Record<string, string>, ownerZone: string): When | null {
  const match = value.match(/^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, utc] = match;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0));
  if (h === undefined || params.VALUE === "DATE") return { wall, zone: ownerZone, isDate: true };
  if (utc) return { wall, zone: "UTC", isDate: false };
  const tzid = params.TZID?.replace(/^\//, "");
  return { wall, zone: tzid && isKnownTimeZone(tzid) ? tzid : ownerZone, isDate: false };
}

const toUtc = (when: When) => wallToUtc(when.wall, when.zone);

/** RFC 5545 DURATION ("P1D", "PT1H30M", "P2W") in milliseconds; null when unparseable. */
export function parseDuration(value: string): number | null {
  const match = value.match(/^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/);
  if (!match) return null;
  const [, sign, w, d, h, m, s] = match.map((part) => part ?? "0");
  const ms = ((Number(w) * 7 + Number(d)) * 86_400 + Number(h) * 3_600 + Number(m) * 60 + Number(s)) * 1000;
  return sign === "-" ? -ms : ms;
}

const WEEKDAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];
type Rule = {
  freq: "DAILY" | "WEEKLY" | "MONTHLY" | "YEARLY";
  interval: number;
  count: number | null;
  until: number | null;
  byDay: { ordinal: number | null; weekday: number }[];
  byMonthDay: number[];
  byMonth: number[];
};

function parseRule(value: string, ownerZone: string): Rule | null {
  const parts = Object.fromEntries(value.split(";").map((part) => part.split("=") as [string, string]));
  const freq = parts.FREQ?.toUpperCase();
  if (freq !== "DAILY" && freq !== "WEEKLY" && freq !== "MONTHLY" && freq !== "YEARLY") return null;
  const until = parts.UNTIL ? parseWhen(parts.UNTIL, {}, ownerZone) : null;
  const list = (text: string | undefined) => (text ? text.split(",").map(Number).filter(Number.isFinite) : []);
  return {
    freq,
    interval: Math.max(1, Number(parts.INTERVAL ?? 1) || 1),
    count: parts.COUNT ? Number(parts.COUNT) : null,
    until: until ? (until.isDate ? until.wall + DAY_MS - 1 : toUtc(until)) : null,
    byDay: (parts.BYDAY ?? "")
      .split(",")
      .map((day) => day.match(/^([+-]?\d+)?(SU|MO|TU|WE|TH|FR|SA)$/i))
      .filter((match): match is RegExpMatchArray => match !== null)
      .map((match) => ({ ordinal: match[1] ? Number(match[1]) : null, weekday: WEEKDAYS.indexOf(match[2]!.toUpperCase()) })),
    byMonthDay: list(parts.BYMONTHDAY),
    byMonth: list(parts.BYMONTH),
  };
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Days (1-based) of `year`-`month` matching BYMONTHDAY / BYDAY, else `fallbackDay`. */
function daysOfMonth(rule: Rule, year: number, month: number, fallbackDay: number): number[] {
  const length = daysInMonth(year, month);
  if (rule.byMonthDay.length > 0) return rule.byMonthDay.map((day) => (day < 0 ? length + day + 1 : day)).filter((day) => day >= 1 && day <= length);
  if (rule.byDay.length > 0) {
    const days: number[] = [];
    for (const { ordinal, weekday } of rule.byDay) {
      const matching = Array.from({ length }, (_, index) => index + 1).filter((day) => new Date(Date.UTC(year, month - 1, day)).getUTCDay() === weekday);
      if (ordinal === null) days.push(...matching);
      else {
        const day = ordinal > 0 ? matching[ordinal - 1] : matching[matching.length + ordinal];
        if (day !== undefined) days.push(day);
      }
    }
    return days;
  }
  return fallbackDay <= length ? [fallbackDay] : [];
}

const MAX_PERIODS = 20_000;

/** Wall start times of a recurrence, in order, from `start` until `endWall` (or COUNT / UNTIL). */
function* recurrences(rule: Rule, start: When, endWall: number): Generator<number> {
  const first = wallFields(start.wall);
  let emitted = 0;
  for (let period = 0; period < MAX_PERIODS; period += 1) {
    let candidates: number[];
    if (rule.freq === "DAILY") candidates = [start.wall + period * rule.interval * DAY_MS];
    else if (rule.freq === "WEEKLY") {
      const weekStart = start.wall - ((first.weekday + 6) % 7) * DAY_MS + period * rule.interval * 7 * DAY_MS;
      const weekdays = rule.byDay.length > 0 ? rule.byDay.map((day) => day.weekday) : [first.weekday];
      candidates = [...new Set(weekdays)].map((weekday) => weekStart + ((weekday + 6) % 7) * DAY_MS).sort((a, b) => a - b);
    } else {
      const monthIndex = rule.freq === "MONTHLY" ? first.month - 1 + period * rule.interval : first.month - 1;
      const year = rule.freq === "YEARLY" ? first.year + period * rule.interval : first.year + Math.floor(monthIndex / 12);
      const months = rule.freq === "YEARLY" ? (rule.byMonth.length > 0 ? rule.byMonth : [first.month]) : [(monthIndex % 12) + 1];
      candidates = months
        .flatMap((month) => daysOfMonth(rule, year, month, first.day).map((day) => Date.UTC(year, month - 1, day) + first.msOfDay))
        .sort((a, b) => a - b);
    }
    for (const wall of candidates) {
      if (wall < start.wall) continue;
      const fields = wallFields(wall);
      if (rule.freq === "DAILY" && rule.byDay.length > 0 && !rule.byDay.some((day) => day.weekday === fields.weekday)) continue;
      if (rule.freq !== "YEARLY" && rule.byMonth.length > 0 && !rule.byMonth.includes(fields.month)) continue;
      // Wall time is within 15 hours of UTC: only near UNTIL does the exact (zone database) comparison run.
      if (rule.until !== null && wall - 15 * 3_600_000 > rule.until) return;
      if (rule.until !== null && wall + 15 * 3_600_000 >= rule.until && (start.isDate ? wall : wallToUtc(wall, start.zone)) > rule.until) return;
      if (rule.count !== null && emitted >= rule.count) return;
      if (wall > endWall) return;
      emitted += 1;
      yield wall;
    }
  }
}

const isFree = (event: IcsEvent) => {
  const first = (name: string) => event.get(name)?.[0]?.value.toUpperCase();
  return first("STATUS") === "CANCELLED" || first("TRANSP") === "TRANSPARENT" || first("X-MICROSOFT-CDO-BUSYSTATUS") === "FREE";
};

/** Every instant listed in the event's `name` properties (EXDATE, RDATE), as UTC ms, with its wall form. */
function dateList(event: IcsEvent, name: string, ownerZone: string): When[] {
  return (event.get(name) ?? [])
    .flatMap(({ value, params }) => value.split(",").map((item) => parseWhen(item.trim(), params, ownerZone)))
    .filter((when): when is When => when !== null);
}

/** Busy intervals overlapping `range`, from the events of one or more documents (overrides matched by UID). */
export function busyIntervals(events: IcsEvent[], range: Interval, ownerZone: string): Interval[] {
  const rangeStart = range.start.getTime();
  const rangeEnd = range.end.getTime();
  const overridden = new Map<string, Set<number>>();
  for (const event of events) {
    const recurrenceId = event.get("RECURRENCE-ID")?.[0];
    const uid = event.get("UID")?.[0]?.value ?? "";
    const when = recurrenceId ? parseWhen(recurrenceId.value, recurrenceId.params, ownerZone) : null;
    if (when) overridden.set(uid, (overridden.get(uid) ?? new Set()).add(toUtc(when)));
  }
  const busy: Interval[] = [];
  for (const event of events) {
    if (isFree(event)) continue;
    const startProp = event.get("DTSTART")?.[0];
    const start = startProp ? parseWhen(startProp.value, startProp.params, ownerZone) : null;
    if (!start) continue;
    const endProp = event.get("DTEND")?.[0];
    const end = endProp ? parseWhen(endProp.value, endProp.params, ownerZone) : null;
    const duration = event.get("DURATION")?.[0];
    // All-day lengths stay in wall days (a day is 23 or 25 hours across a DST change); timed ones are exact.
    const wallLength = start.isDate ? (end ? end.wall - start.wall : duration ? (parseDuration(duration.value) ?? DAY_MS) : DAY_MS) : null;
    const exactLength = start.isDate ? null : end ? toUtc(end) - toUtc(start) : duration ? (parseDuration(duration.value) ?? 0) : 0;
    const occurrence = (wall: number): Interval | null => {
      const startMs = wallToUtc(wall, start.zone);
      const endMs = wallLength !== null ? wallToUtc(wall + wallLength, start.zone) : startMs + exactLength!;
      return endMs > startMs && endMs > rangeStart && startMs < rangeEnd ? { start: new Date(startMs), end: new Date(endMs) } : null;
    };
    const rrule = event.get("RRULE")?.[0];
    const rule = rrule && !event.has("RECURRENCE-ID") ? parseRule(rrule.value, ownerZone) : null;
    if (!rule) {
      const single = occurrence(start.wall);
      if (single) busy.push(single);
      continue;
    }
    const uid = event.get("UID")?.[0]?.value ?? "";
    const skipped = new Set([...(overridden.get(uid) ?? []), ...dateList(event, "EXDATE", ownerZone).map(toUtc)]);
    // Wall time runs at most 14 hours off UTC; a day of margin keeps occurrences that end inside the range.
    const endWall = rangeEnd + 2 * DAY_MS;
    const walls = [...recurrences(rule, start, endWall), ...dateList(event, "RDATE", ownerZone).map((when) => when.wall)];
    const length = wallLength ?? exactLength!;
    for (const wall of new Set(walls)) {
      if (wall + length < rangeStart - DAY_MS) continue; // long before the range: skip the zone lookups
      if (skipped.has(wallToUtc(wall, start.zone))) continue;
      const instance = occurrence(wall);
      if (instance) busy.push(instance);
    }
  }
  return busy.sort((a, b) => a.start.getTime() - b.start.getTime());
}
