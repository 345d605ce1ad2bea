/** The slots response: starts grouped by day in the caller's time zone, each as a UTC ISO timestamp. */
import { z } from "zod";
import { isoDateFromDayNumber, localDayReader, MINUTES_PER_DAY } from "./local-time";
import type { Slot } from "./slots";

export const ZAvailableSlotsOutput = z.object({
  slots: z
    .record(z.string().describe("YYYY-MM-DD in the requested timeZone"), z.array(z.object({ time: z.string().describe("Slot start, ISO 8601 UTC") })))
    .describe("Days with at least one slot, in ascending order"),
});
export type TAvailableSlotsOutput = z.infer<typeof ZAvailableSlotsOutput>;

export const minuteToIso = (minute: number) => new Date(minute * 60_000).toISOString();

/** The time of day of each whole minute as toISOString writes it: `HH:MM:00.000Z`. */
const TIMES_OF_DAY = Array.from(
  { length: MINUTES_PER_DAY },
  (_, minute) => `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}:00.000Z`,
);

/**
 * minuteToIso for many minutes in a row: the date part is formatted once per UTC day and the time of day is
 * looked up. Creating a Date per slot was most of the response's cost (Next.js wraps the Date constructor).
 */
function minuteIsoWriter(): (minute: number) => string {
  let utcDay = Number.NaN;
  let datePart = "";
  return (minute) => {
    const day = Math.floor(minute / MINUTES_PER_DAY);
    if (day !== utcDay) {
      const iso = minuteToIso((utcDay = day) * MINUTES_PER_DAY);
      datePart = iso.slice(0, iso.indexOf("T") + 1);
    }
    return datePart + TIMES_OF_DAY[minute - day * MINUTES_PER_DAY];
  };
}

/**
 * Slots are sorted by start, so days come out in ascending order. The day's key is formatted once per day, not per
 * slot: a hot path (hundreds of slots per request).
 */
export function toAvailableSlotsOutput(slots: readonly Slot[], timeZone: string): TAvailableSlotsOutput {
  const byDay: Record<string, { time: string }[]> = {};
  const localDay = localDayReader(timeZone);
  const toIso = minuteIsoWriter();
  let day = Number.NaN;
  let list: { time: string }[] = [];
  for (const { start } of slots) {
    const slotDay = localDay(start);
    if (slotDay !== day) list = byDay[isoDateFromDayNumber((day = slotDay))] ??= [];
    list.push({ time: toIso(start) });
  }
  return { slots: byDay };
}
