/** The slots response's formatting shortcuts against the plain per-slot formatting they replace. */
import { describe, expect, it } from "vitest";
import { isoDateFromDayNumber, localDayOf } from "./local-time";
import { minuteToIso, toAvailableSlotsOutput } from "./slots.dto";

function plainOutput(starts: number[], timeZone: string) {
  const byDay: Record<string, { time: string }[]> = {};
  for (const start of starts) (byDay[isoDateFromDayNumber(localDayOf(timeZone, start))] ??= []).push({ time: minuteToIso(start) });
  return { slots: byDay };
}

describe("toAvailableSlotsOutput", () => {
  // Zones with DST, half-hour and 45-minute offsets, the day-line extremes; instants before 1970 and around transitions.
  const zones = ["UTC", "America/New_York", "Europe/London", "Asia/Kolkata", "Pacific/Chatham", "Australia/Lord_Howe", "Pacific/Kiritimati", "Etc/GMT+12"];
  const bases = [-1_000_000, 0, 29_500_000, 29_558_000, 120_000_000];

  it.each(zones)("groups and formats every start as minuteToIso and localDayOf would, in %s", (timeZone) => {
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (const base of bases) {
      const starts: number[] = [];
      for (let minute = base, i = 0; i < 2000; i++) starts.push((minute += 1 + Math.floor(random() * 240)));
      const slots = starts.map((start) => ({ start, hostIds: [1] }));
      expect(JSON.stringify(toAvailableSlotsOutput(slots, timeZone))).toBe(JSON.stringify(plainOutput(starts, timeZone)));
    }
  });
});
