/** The slots response: starts grouped by day in the caller's time zone, each as a UTC ISO timestamp. */
import { z } from "zod";
import { isoDateFromDayNumber, localDayReader, MINUTES_PER_DAY } from "./local-time";
import type { Slot } from "./slots";

export const ZAvailableSlotsOutput = z.object({
  slots: z
    .record(
      z.string().describe("YYYY-MM-DD in the requested timeZone"),
      z.array(
        z.object({
          time: z.string().describe("Slot start, ISO 8601 UTC"),
          seatsLeft: z.number().int().optional().describe("Seated event types that show the count: seats still free at this time"),
        }),
      ),
    )
    .describe("Days with at least one slot, in ascending order"),
});
export type TAvailableSlotsOutput = z.infer<typeof ZAvailableSlotsOutput>;

export const minuteToIso = (minute: number) => new Date(minute * 60_000).toISOString();

/** How many UTC days of formatted starts are kept; the oldest day is dropped past it. */
const MAX_FORMATTED_DAYS = 400;
const formattedDays = new Map<number, (string | undefined)[]>();

function formattedDay(utcDay: number): (string | undefined)[] {
  let times = formattedDays.get(utcDay);
  if (!times) {
    if (formattedDays.size >= MAX_FORMATTED_DAYS) formattedDays.delete(formattedDays.keys().next().value!);
    formattedDays.set(utcDay, (times = new Array<string | undefined>(MINUTES_PER_DAY)));
  }
  return times;
}

/**
 * minuteToIso for many minutes in a row, each minute's text made once per process and reused by later listings
 * (a pure function of the minute: nothing to invalidate). Creating a Date per slot was most of a listing's cost
 * (Next.js wraps the Date constructor), and strings joined per request slowed JSON.stringify down.
 */
function minuteIsoWriter(): (minute: number) => string {
  let utcDay = Number.NaN;
  let times: (string | undefined)[] = [];
  return (minute) => {
    const day = Math.floor(minute / MINUTES_PER_DAY);
    if (day !== utcDay) times = formattedDay((utcDay = day));
    return (times[minute - day * MINUTES_PER_DAY] ??= minuteToIso(minute));
  };
}

/**
 * Slots are sorted by start, so days come out in ascending order. The day's key is formatted once per day, not per
 * slot: a hot path (hundreds of slots per request).
 */
export function toAvailableSlotsOutput(slots: readonly Slot[], timeZone: string): TAvailableSlotsOutput {
  const byDay: TAvailableSlotsOutput["slots"] = {};
  const localDay = localDayReader(timeZone);
  const toIso = minuteIsoWriter();
  let day = Number.NaN;
  let list: TAvailableSlotsOutput["slots"][string] = [];
  for (const { start, seats } of slots) {
    const slotDay = localDay(start);
    if (slotDay !== day) list = byDay[isoDateFromDayNumber((day = slotDay))] ??= [];
    list.push(seats?.seatsLeft != null ? { time: toIso(start), seatsLeft: seats.seatsLeft } : { time: toIso(start) });
  }
  return { slots: byDay };
}
