/** GET /v2/slots' output shortcuts against the plain per-slot formatting (Intl asked for every offset). */
import { describe, expect, it } from "vitest";
import { isoDateFromDayNumber, localDayOf } from "./local-time";
import { toSlotsOutput, toZonedIso } from "./slots-2024-09-04";

function plainOutput(starts: number[], timeZone: string, length: number) {
  const byDay: Record<string, { start: string; end: string }[]> = {};
  for (const start of starts) {
    (byDay[isoDateFromDayNumber(localDayOf(timeZone, start))] ??= []).push({ start: toZonedIso(timeZone, start), end: toZonedIso(timeZone, start + length) });
  }
  return byDay;
}

describe("toSlotsOutput", () => {
  // DST both ways (one at midnight, one by 30 minutes), half-hour and 45-minute offsets, the day-line extremes.
  const zones = [
    "UTC",
    "America/New_York",
    "America/Santiago",
    "Europe/Berlin",
    "Asia/Kolkata",
    "Pacific/Chatham",
    "Australia/Lord_Howe",
    "Pacific/Kiritimati",
  ];

  it.each(zones)("writes every start and end with the offset Intl gives at that instant, in %s", (timeZone) => {
    let seed = 11;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const starts: number[] = [];
    // Two years from 2030: every DST transition of those years falls between two starts or under a slot.
    for (let minute = 31_557_600, i = 0; i < 6000; i++) starts.push((minute += 1 + Math.floor(random() * 350)));
    const slots = starts.map((start) => ({ start, hostIds: [1] }));
    const expected = plainOutput(starts, timeZone, 45);
    expect(JSON.stringify(toSlotsOutput(slots, { timeZone, format: "range" }, 45))).toBe(JSON.stringify(expected));
    const withoutEnds = Object.fromEntries(Object.entries(expected).map(([day, list]) => [day, list.map(({ start }) => ({ start }))]));
    expect(JSON.stringify(toSlotsOutput(slots, { timeZone, format: "time" }, 45))).toBe(JSON.stringify(withoutEnds));
  });
});

describe("UTC itself is written with Z, as the peer writes it", () => {
  const nineOClock = Date.UTC(2050, 8, 5, 9) / 60_000;

  it.each(["UTC", "Etc/UTC", "GMT", "Etc/GMT"])("%s → …T09:00:00.000Z", (timeZone) => {
    expect(toZonedIso(timeZone, nineOClock)).toBe("2050-09-05T09:00:00.000Z");
    expect(toSlotsOutput([{ start: nineOClock, hostIds: [1] }], { timeZone, format: "range" }, 30)).toEqual({
      "2050-09-05": [{ start: "2050-09-05T09:00:00.000Z", end: "2050-09-05T09:30:00.000Z" }],
    });
  });

  it("keeps the offset of a zone that is at zero only for part of the year (Europe/London in winter), as the peer does", () => {
    expect(toZonedIso("Europe/London", Date.UTC(2050, 0, 5, 9) / 60_000)).toBe("2050-01-05T09:00:00.000+00:00");
    expect(toZonedIso("Europe/London", nineOClock)).toBe("2050-09-05T10:00:00.000+01:00");
  });
});
