/** The slots response: starts grouped by day in the caller's time zone, each as a UTC ISO timestamp. */
import { z } from "zod";
import { isoDateFromDayNumber, localDayOf } from "./local-time";
import type { Slot } from "./slots";

export const ZAvailableSlotsOutput = z.object({
  slots: z
    .record(z.string().describe("YYYY-MM-DD in the requested timeZone"), z.array(z.object({ time: z.string().describe("Slot start, ISO 8601 UTC") })))
    .describe("Days with at least one slot, in ascending order"),
});
export type TAvailableSlotsOutput = z.infer<typeof ZAvailableSlotsOutput>;

export const minuteToIso = (minute: number) => new Date(minute * 60_000).toISOString();

/**
 * Slots are sorted by start, so days come out in ascending order. The day's key is formatted once per day, not per
 * slot: a hot path (hundreds of slots per request).
 */
export function toAvailableSlotsOutput(slots: readonly Slot[], timeZone: string): TAvailableSlotsOutput {
  const byDay: Record<string, { time: string }[]> = {};
  let day = Number.NaN;
  let list: { time: string }[] = [];
  for (const { start } of slots) {
    const slotDay = localDayOf(timeZone, start);
    if (slotDay !== day) list = byDay[isoDateFromDayNumber((day = slotDay))] ??= [];
    list.push({ time: minuteToIso(start) });
  }
  return { slots: byDay };
}
