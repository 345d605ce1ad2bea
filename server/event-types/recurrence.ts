/**
 * The peer's recurrence (Recurrence_2024_06_14): an event type whose bookings are series — `{frequency, interval,
 * occurrences}`, "every {interval} week | month | year, at most {occurrences} times" — or `{disabled: true}`.
 * Stored as one JSON column, null when disabled. Pure, so the booking page and the editor read it as the server does.
 */
import { z } from "zod";
import { wallClockFields } from "../time/zone-clock";

export const FREQUENCIES = ["weekly", "monthly", "yearly"] as const;
export type TFrequency = (typeof FREQUENCIES)[number];

/** A series is written in one transaction: 52 weekly occurrences is a year of them. */
export const MAX_OCCURRENCES = 52;
export const MAX_INTERVAL = 12;

export const ZRecurrence = z
  .object({
    frequency: z.enum(FREQUENCIES, { message: `frequency is one of ${FREQUENCIES.join(", ")}` }),
    interval: z
      .number()
      .int()
      .min(1, "interval is at least 1")
      .max(MAX_INTERVAL, `interval is at most ${MAX_INTERVAL}`)
      .describe("Repeats every {interval} week | month | year"),
    occurrences: z
      .number()
      .int()
      .min(2, "occurrences is at least 2")
      .max(MAX_OCCURRENCES, `occurrences is at most ${MAX_OCCURRENCES}`)
      .describe("At most this many bookings in a series (a booking may ask for fewer with recurrenceCount)"),
  })
  .strict();
export type TRecurrence = z.infer<typeof ZRecurrence>;

export const ZRecurrenceInput = z
  .union([ZRecurrence, z.object({ disabled: z.literal(true) }).strict()], {
    error: 'recurrence is {"frequency": "weekly" | "monthly" | "yearly", "interval": <1–12>, "occurrences": <2–52>} or {"disabled": true}',
  })
  .describe("Bookings of this event type are series: every {interval} {frequency}, up to {occurrences} times; {disabled: true}: single bookings");

export const ZRecurrenceOutput = ZRecurrence.nullable().describe("Null: bookings are single");

/** The column a write stores: the recurrence, or null for `{disabled: true}`. */
export const recurrenceColumn = (input: z.infer<typeof ZRecurrenceInput>): TRecurrence | null => ("disabled" in input ? null : input);

/** The stored column read back; anything else (null, an older shape) is no recurrence. */
export function recurrenceOf(column: unknown): TRecurrence | null {
  const parsed = ZRecurrence.safeParse(column);
  return parsed.success ? parsed.data : null;
}

/** "every week for 6 occurrences", "every 2 months for 3 occurrences". */
export function describeRecurrence({ frequency, interval }: Pick<TRecurrence, "frequency" | "interval">, count: number): string {
  const unit = { weekly: "week", monthly: "month", yearly: "year" }[frequency];
  return `every ${interval === 1 ? unit : `${interval} ${unit}s`} for ${count} ${count === 1 ? "occurrence" : "occurrences"}`;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The instant a zone's clocks show the wall time (twice corrected, as startOfDayIn does). */
function instantOfWall(wall: { year: number; month: number; day: number; hour: number; minute: number }, timeZone: string): Date {
  const wanted = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  let guess = wanted;
  for (let pass = 0; pass < 2; pass += 1) {
    const shown = wallClockFields(timeZone, guess);
    guess += wanted - Date.UTC(shown.year!, shown.month! - 1, shown.day!, shown.hour!, shown.minute!, shown.second!);
  }
  return new Date(guess);
}

/**
 * The starts of a series of `count` occurrences from `start`, as the peer's RRULE (FREQ, INTERVAL, COUNT) gives them
 * in the booker's zone: the same wall time each time, so a weekly 09:00 stays 09:00 across a DST change. A month
 * without the start's day (the 31st, 29 February) has no occurrence, as RRULE skips it; the series goes on to `count`.
 */
export function occurrenceStarts(start: Date, { frequency, interval }: Pick<TRecurrence, "frequency" | "interval">, count: number, timeZone: string): Date[] {
  const first = wallClockFields(timeZone, start.getTime());
  const wall = { year: first.year!, month: first.month!, day: first.day!, hour: first.hour!, minute: first.minute! };
  const starts: Date[] = [start];
  for (let step = 1; starts.length < count && step < count * 12; step += 1) {
    if (frequency === "weekly") {
      const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + 7 * interval * step));
      starts.push(instantOfWall({ ...wall, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }, timeZone));
      continue;
    }
    const months = (wall.month - 1 + (frequency === "monthly" ? interval : 12 * interval) * step) | 0;
    const year = wall.year + Math.floor(months / 12);
    const month = (months % 12) + 1;
    if (wall.day > daysInMonth(year, month)) continue;
    starts.push(instantOfWall({ ...wall, year, month }, timeZone));
  }
  return starts;
}
