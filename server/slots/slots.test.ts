/** Hand-checked cases for the slot algorithm: schedule expansion across DST, rules, team modes, edges. */
import { describe, expect, it } from "vitest";
import { computeSlotsNaive } from "./slots.naive";
import {
  bookingWindowEnd,
  computeSlots,
  expandSchedule,
  normalizeIntervals,
  subtractIntervals,
  type ComputeSlotsInput,
  type Interval,
  type ScheduleShape,
} from "./slots";

/** `2026-03-29T07:00` (UTC) → minutes since the epoch. */
const at = (iso: string) => Date.parse(`${iso}:00Z`) / 60_000;
const iso = (minute: number) => new Date(minute * 60_000).toISOString().slice(0, 16);
const span = (start: string, end: string): Interval => ({ start: at(start), end: at(end) });
const shown = (intervals: readonly Interval[]) => intervals.map(({ start, end }) => `${iso(start)}–${iso(end)}`);

const SUN = 0;
const SAT = 6;
const WEEKDAYS = [1, 2, 3, 4, 5];
const hours = (from: number, to: number) => ({ startMinute: from * 60, endMinute: to * 60 });
const schedule = (timeZone: string, weekly: ScheduleShape["weekly"], overrides: ScheduleShape["overrides"] = []): ScheduleShape => ({
  timeZone,
  weekly,
  overrides,
});
/** Windows of one UTC day (expandSchedule also returns the following local day, by design). */
const windowsOn = (shape: ScheduleShape, day: string) =>
  shown(expandSchedule(shape, span(`${day}T00:00`, `${day}T23:59`)).filter((w) => iso(w.start) < `${day}T23:59` && iso(w.end) > `${day}T00:00`));

describe("expandSchedule across daylight-saving changes", () => {
  it("Europe/Berlin spring forward (2026-03-29): 09:00–17:00 stays 09:00–17:00 local, now at +02:00", () => {
    const berlin = schedule("Europe/Berlin", [{ days: [SAT, SUN], ...hours(9, 17) }]);
    expect(windowsOn(berlin, "2026-03-28")).toEqual(["2026-03-28T08:00–2026-03-28T16:00"]);
    expect(windowsOn(berlin, "2026-03-29")).toEqual(["2026-03-29T07:00–2026-03-29T15:00"]);
  });

  it("Europe/Berlin spring forward: a window across the gap is an hour shorter; a gap time maps forward", () => {
    const across = schedule("Europe/Berlin", [{ days: [SUN], startMinute: 60, endMinute: 240 }]); // 01:00–04:00
    expect(windowsOn(across, "2026-03-29")).toEqual(["2026-03-29T00:00–2026-03-29T02:00"]);
    const fromGap = schedule("Europe/Berlin", [{ days: [SUN], startMinute: 150, endMinute: 300 }]); // 02:30–05:00
    expect(windowsOn(fromGap, "2026-03-29")).toEqual(["2026-03-29T01:00–2026-03-29T03:00"]); // 03:00–05:00 CEST
    const insideGap = schedule("Europe/Berlin", [{ days: [SUN], startMinute: 120, endMinute: 150 }]); // 02:00–02:30
    expect(windowsOn(insideGap, "2026-03-29")).toEqual([]);
    const wholeDay = schedule("Europe/Berlin", [{ days: [SUN], ...hours(0, 24) }]);
    expect(windowsOn(wholeDay, "2026-03-29")).toEqual(["2026-03-28T23:00–2026-03-29T22:00"]); // 23 hours
  });

  it("Europe/Berlin fall back (2026-10-25): 09:00–17:00 local is 08:00–16:00 UTC; the repeated hour takes its first occurrence", () => {
    const berlin = schedule("Europe/Berlin", [{ days: [SAT, SUN], ...hours(9, 17) }]);
    expect(windowsOn(berlin, "2026-10-24")).toEqual(["2026-10-24T07:00–2026-10-24T15:00"]);
    expect(windowsOn(berlin, "2026-10-25")).toEqual(["2026-10-25T08:00–2026-10-25T16:00"]);
    const repeated = schedule("Europe/Berlin", [{ days: [SUN], startMinute: 150, endMinute: 210 }]); // 02:30–03:30
    expect(windowsOn(repeated, "2026-10-25")).toEqual(["2026-10-25T00:30–2026-10-25T02:30"]); // 02:30 CEST → 03:30 CET
    const wholeDay = schedule("Europe/Berlin", [{ days: [SUN], ...hours(0, 24) }]);
    expect(shown(expandSchedule(wholeDay, span("2026-10-25T00:00", "2026-10-25T12:00")))).toEqual(["2026-10-24T22:00–2026-10-25T23:00"]); // 25 hours
  });

  it("America/New_York spring forward (2026-03-08): 09:00–17:00 EDT; 02:30 maps to 03:00", () => {
    const newYork = schedule("America/New_York", [{ days: [SAT, SUN], ...hours(9, 17) }]);
    expect(windowsOn(newYork, "2026-03-07")).toEqual(["2026-03-07T14:00–2026-03-07T22:00"]);
    expect(windowsOn(newYork, "2026-03-08")).toEqual(["2026-03-08T13:00–2026-03-08T21:00"]);
    const inGap = schedule("America/New_York", [{ days: [SUN], startMinute: 150, endMinute: 210 }]); // 02:30–03:30
    expect(windowsOn(inGap, "2026-03-08")).toEqual(["2026-03-08T07:00–2026-03-08T07:30"]);
  });

  it("America/New_York fall back (2026-11-01): 09:00–17:00 EST; 01:30–02:30 starts at the first 01:30", () => {
    const newYork = schedule("America/New_York", [{ days: [SAT, SUN], ...hours(9, 17) }]);
    expect(windowsOn(newYork, "2026-10-31")).toEqual(["2026-10-31T13:00–2026-10-31T21:00"]);
    expect(windowsOn(newYork, "2026-11-01")).toEqual(["2026-11-01T14:00–2026-11-01T22:00"]);
    const repeated = schedule("America/New_York", [{ days: [SUN], startMinute: 90, endMinute: 150 }]);
    expect(windowsOn(repeated, "2026-11-01")).toEqual(["2026-11-01T05:30–2026-11-01T07:30"]); // 01:30 EDT → 02:30 EST
  });

  it("a zone far east of UTC: Pacific/Kiritimati (+14:00) places a local morning on the previous UTC day", () => {
    const kiritimati = schedule("Pacific/Kiritimati", [{ days: [3], ...hours(9, 10) }]); // Wednesday 2026-06-10
    expect(shown(expandSchedule(kiritimati, span("2026-06-09T00:00", "2026-06-10T00:00")))).toEqual(["2026-06-09T19:00–2026-06-09T20:00"]);
  });
});

describe("expandSchedule with date overrides", () => {
  const weekdays = (overrides: ScheduleShape["overrides"]) => schedule("Europe/Berlin", [{ days: WEEKDAYS, ...hours(9, 17) }], overrides);

  it("an override that extends the day's hours replaces that date's weekly window only", () => {
    const shape = weekdays([{ date: "2026-06-10", ...hours(7, 20) }]);
    expect(windowsOn(shape, "2026-06-09")).toEqual(["2026-06-09T07:00–2026-06-09T15:00"]);
    expect(windowsOn(shape, "2026-06-10")).toEqual(["2026-06-10T05:00–2026-06-10T18:00"]);
    expect(windowsOn(shape, "2026-06-11")).toEqual(["2026-06-11T07:00–2026-06-11T15:00"]);
  });

  it("an override of 0–0 removes the day", () => {
    const shape = weekdays([{ date: "2026-06-10", startMinute: 0, endMinute: 0 }]);
    expect(windowsOn(shape, "2026-06-10")).toEqual([]);
    expect(windowsOn(shape, "2026-06-11")).toEqual(["2026-06-11T07:00–2026-06-11T15:00"]);
  });

  it("overrides add a weekend date, and several overrides of one date all apply", () => {
    const shape = weekdays([
      { date: "2026-06-13", ...hours(10, 12) },
      { date: "2026-06-12", ...hours(9, 12) },
      { date: "2026-06-12", ...hours(13, 15) },
    ]);
    expect(windowsOn(shape, "2026-06-13")).toEqual(["2026-06-13T08:00–2026-06-13T10:00"]);
    expect(windowsOn(shape, "2026-06-12")).toEqual(["2026-06-12T07:00–2026-06-12T10:00", "2026-06-12T11:00–2026-06-12T13:00"]);
  });

  it("ignores an override whose date is not a calendar date", () => {
    expect(windowsOn(weekdays([{ date: "2026-02-30", ...hours(1, 2) }]), "2026-06-10")).toEqual(["2026-06-10T07:00–2026-06-10T15:00"]);
  });
});

describe("expandSchedule range and normalisation", () => {
  const utcWeekdays = schedule("UTC", [{ days: WEEKDAYS, ...hours(9, 17) }]);

  it("returns whole windows (not clipped) of the days the range touches, plus the following day", () => {
    expect(shown(expandSchedule(utcWeekdays, span("2026-06-10T10:00", "2026-06-10T12:00")))).toEqual([
      "2026-06-10T09:00–2026-06-10T17:00",
      "2026-06-11T09:00–2026-06-11T17:00",
    ]);
  });

  it("leaves out windows that end before the range starts", () => {
    expect(shown(expandSchedule(utcWeekdays, span("2026-06-10T17:00", "2026-06-10T18:00")))).toEqual(["2026-06-11T09:00–2026-06-11T17:00"]);
  });

  it("merges overlapping windows and keeps touching ones apart (each starts its own slot grid)", () => {
    const overlapping = schedule("UTC", [
      { days: [3], ...hours(9, 12) },
      { days: [3], ...hours(11, 14) },
    ]);
    expect(windowsOn(overlapping, "2026-06-10")).toEqual(["2026-06-10T09:00–2026-06-10T14:00"]);
    const touching = schedule("UTC", [
      { days: [3], ...hours(12, 14) },
      { days: [3], ...hours(9, 12) },
    ]);
    expect(windowsOn(touching, "2026-06-10")).toEqual(["2026-06-10T09:00–2026-06-10T12:00", "2026-06-10T12:00–2026-06-10T14:00"]);
  });

  it("is empty for an empty schedule or an empty range", () => {
    expect(expandSchedule(schedule("UTC", []), span("2026-06-01T00:00", "2026-07-01T00:00"))).toEqual([]);
    expect(expandSchedule(utcWeekdays, span("2026-06-10T10:00", "2026-06-10T10:00"))).toEqual([]);
  });
});

describe("normalizeIntervals and subtractIntervals", () => {
  it("sorts, merges overlaps, joins touching intervals on request and drops empty ones", () => {
    const input = [
      span("2026-06-10T13:00", "2026-06-10T15:00"),
      span("2026-06-10T09:00", "2026-06-10T11:00"),
      span("2026-06-10T10:00", "2026-06-10T12:00"),
      span("2026-06-10T12:00", "2026-06-10T13:00"),
      span("2026-06-10T16:00", "2026-06-10T16:00"),
    ];
    expect(shown(normalizeIntervals(input, false))).toEqual([
      "2026-06-10T09:00–2026-06-10T12:00",
      "2026-06-10T12:00–2026-06-10T13:00",
      "2026-06-10T13:00–2026-06-10T15:00",
    ]);
    expect(shown(normalizeIntervals(input, true))).toEqual(["2026-06-10T09:00–2026-06-10T15:00"]);
  });

  it("subtracts out-of-office time, splitting a window and removing a whole day", () => {
    const days = [span("2026-06-10T09:00", "2026-06-10T17:00"), span("2026-06-11T09:00", "2026-06-11T17:00"), span("2026-06-12T09:00", "2026-06-12T17:00")];
    const away = [span("2026-06-10T11:00", "2026-06-10T12:00"), span("2026-06-10T11:30", "2026-06-10T13:00"), span("2026-06-11T00:00", "2026-06-12T00:00")];
    expect(shown(subtractIntervals(days, away))).toEqual([
      "2026-06-10T09:00–2026-06-10T11:00",
      "2026-06-10T13:00–2026-06-10T17:00",
      "2026-06-12T09:00–2026-06-12T17:00",
    ]);
    expect(subtractIntervals(days, [])).toEqual(days);
  });
});

/** One host, 09:00–17:00 UTC on 2026-06-10, 30-minute slots, now long before. */
const DAY = "2026-06-10";
const base = (overrides: Partial<ComputeSlotsInput> = {}): ComputeSlotsInput => ({
  mode: "any",
  hosts: [{ id: 1, available: [span(`${DAY}T09:00`, `${DAY}T17:00`)], busy: [] }],
  lengthInMinutes: 30,
  range: span(`${DAY}T00:00`, "2026-06-12T00:00"),
  now: at("2026-01-01T00:00"),
  ...overrides,
});
/** Runs both implementations (they must agree) and shows the starts as `HH:MM` (or full ISO across days). */
function starts(input: ComputeSlotsInput, format: "time" | "iso" = "time"): string[] {
  const slots = computeSlots(input);
  expect(computeSlotsNaive(input)).toEqual(slots);
  return slots.map((slot) => (format === "time" ? iso(slot.start).slice(11) : iso(slot.start)));
}
const clock = (from: string, to: string, step: number) => {
  const list: string[] = [];
  for (let minute = at(`${DAY}T${from}`); minute <= at(`${DAY}T${to}`); minute += step) list.push(iso(minute).slice(11));
  return list;
};

describe("computeSlots for one host", () => {
  it("steps by the length from the window's start while the slot fits", () => {
    expect(starts(base())).toEqual(clock("09:00", "16:30", 30));
  });

  it("uses a slot interval different from the length", () => {
    expect(starts(base({ lengthInMinutes: 60, slotInterval: 20 }))).toEqual(clock("09:00", "16:00", 20)); // 22 starts
    expect(starts(base({ lengthInMinutes: 30, slotInterval: 45 }))).toEqual(clock("09:00", "16:30", 45)); // 11 starts
  });

  it("removes back-to-back bookings, and their neighbours once buffers are needed", () => {
    const busy = [span(`${DAY}T10:30`, `${DAY}T11:00`), span(`${DAY}T10:00`, `${DAY}T10:30`)]; // unsorted on purpose
    const hosts = [{ id: 1, available: [span(`${DAY}T09:00`, `${DAY}T17:00`)], busy }];
    expect(starts(base({ hosts }))).toEqual(["09:00", "09:30", ...clock("11:00", "16:30", 30)]);
    // 09:30 needs 09:15–10:15 free; 11:00 needs 10:45–11:45 free.
    expect(starts(base({ hosts, beforeEventBuffer: 15, afterEventBuffer: 15 }))).toEqual(["09:00", ...clock("11:30", "16:30", 30)]);
  });

  it("lets buffers run outside availability at the day's edges, but not over busy time", () => {
    expect(starts(base({ beforeEventBuffer: 15, afterEventBuffer: 15 }))).toEqual(clock("09:00", "16:30", 30));
    const busy = [span(`${DAY}T08:00`, `${DAY}T08:50`), span(`${DAY}T17:00`, `${DAY}T17:10`)];
    const hosts = [{ id: 1, available: [span(`${DAY}T09:00`, `${DAY}T17:00`)], busy }];
    expect(starts(base({ hosts, beforeEventBuffer: 15, afterEventBuffer: 10 }))).toEqual(clock("09:30", "16:00", 30));
    expect(starts(base({ hosts, beforeEventBuffer: 10, afterEventBuffer: 0 }))).toEqual(clock("09:00", "16:30", 30));
  });

  it("cuts the first slots by minimum notice (start ≥ now + notice)", () => {
    expect(starts(base({ now: at(`${DAY}T09:10`), minimumBookingNotice: 60 }))).toEqual(clock("10:30", "16:30", 30));
    expect(starts(base({ now: at(`${DAY}T09:00`), minimumBookingNotice: 0 }))).toEqual(clock("09:00", "16:30", 30));
    expect(starts(base({ now: at(`${DAY}T09:01`), minimumBookingNotice: 0 }))).toEqual(clock("09:30", "16:30", 30));
  });

  it("cuts the last slots by the booking window: whole calendar days, the last one bookable all day", () => {
    const threeDays = ["2026-06-10", "2026-06-11", "2026-06-12"].map((day) => span(`${day}T09:00`, `${day}T17:00`));
    const input = base({
      hosts: [{ id: 1, available: threeDays, busy: [] }],
      range: span(`${DAY}T00:00`, "2026-06-13T00:00"),
      now: at(`${DAY}T08:00`),
      periodDays: 1,
    });
    expect(starts(input, "iso")).toHaveLength(32); // today and all of tomorrow, nothing of the day after
    // Late in the morning the window still ends at midnight: tomorrow keeps its afternoon (it did not with now + 24 h).
    expect(starts({ ...input, now: at(`${DAY}T09:45`) }, "iso").slice(-2)).toEqual(["2026-06-11T16:00", "2026-06-11T16:30"]);
    expect(starts({ ...input, periodDays: 2 }, "iso")).toHaveLength(48);
    expect(starts({ ...input, periodDays: 0 }, "iso")).toHaveLength(16);
  });

  it("counts booking-window days in the schedule's zone, across a daylight-saving change (hand-checked)", () => {
    const end = (now: string, periodDays: number, periodTimeZone?: string) => iso(bookingWindowEnd({ now: at(now), periodDays, periodTimeZone }));
    expect(end("2026-06-10T08:00", 1)).toBe("2026-06-12T00:00"); // UTC: end of 11 June
    // 03:30Z is 23:30 on 9 June in New York (UTC−4): day 1 is 10 June, ending at 04:00Z on the 11th.
    expect(end("2026-06-10T03:30", 1, "America/New_York")).toBe("2026-06-11T04:00");
    // 20:00Z is 05:00 on 11 June in Tokyo (UTC+9): two days on is the 13th, ending at 15:00Z that day.
    expect(end("2026-06-10T20:00", 2, "Asia/Tokyo")).toBe("2026-06-13T15:00");
    // Berlin moves to summer time on 29 March 2026: midnight after the 29th is 22:00Z (UTC+2), not 23:00Z.
    expect(end("2026-03-27T12:00", 2, "Europe/Berlin")).toBe("2026-03-29T22:00");
    expect(bookingWindowEnd({ now: 0, periodDays: null })).toBe(Number.POSITIVE_INFINITY);
    // The slot list follows: a New York host may book 10 June until 23:59 local, i.e. 03:30Z on the 11th.
    const lateShift = [{ id: 1, available: [span("2026-06-10T22:00", "2026-06-11T05:00")], busy: [] }];
    const listed = starts(
      base({
        hosts: lateShift,
        range: span("2026-06-10T00:00", "2026-06-12T00:00"),
        now: at("2026-06-10T03:30"),
        periodDays: 1,
        periodTimeZone: "America/New_York",
      }),
      "iso",
    );
    expect(listed.at(-1)).toBe("2026-06-11T03:30");
  });

  it("keeps starts inside the range on the window's grid (not the range's)", () => {
    expect(starts(base({ range: span(`${DAY}T10:15`, `${DAY}T12:00`) }))).toEqual(["10:30", "11:00", "11:30"]);
    expect(starts(base({ lengthInMinutes: 45, range: span(`${DAY}T10:00`, `${DAY}T10:31`) }))).toEqual(["10:30"]);
  });

  it("normalises unsorted, overlapping availability", () => {
    const available = [span(`${DAY}T13:00`, `${DAY}T17:00`), span(`${DAY}T09:00`, `${DAY}T12:00`), span(`${DAY}T11:00`, `${DAY}T14:00`)];
    expect(starts(base({ hosts: [{ id: 1, available, busy: [] }] }))).toEqual(clock("09:00", "16:30", 30));
  });

  it("gives touching windows their own grids while a slot may run from one into the next", () => {
    const available = [span(`${DAY}T12:00`, `${DAY}T17:00`), span(`${DAY}T09:00`, `${DAY}T12:00`)];
    const input = base({ hosts: [{ id: 1, available, busy: [] }], lengthInMinutes: 60, slotInterval: 45 });
    expect(starts(input)).toEqual(["09:00", "09:45", "10:30", "11:15", "12:00", "12:45", "13:30", "14:15", "15:00", "15:45"]);
    // The single-slot check (a one-minute range) sees the same grid as the listing.
    expect(starts({ ...input, range: span(`${DAY}T11:15`, `${DAY}T11:16`) })).toEqual(["11:15"]);
  });

  it("on a round-the-clock schedule restarts the grid each day and lets the last slot cross midnight", () => {
    const available = [span(`${DAY}T00:00`, "2026-06-11T00:00"), span("2026-06-11T00:00", "2026-06-12T00:00")];
    const slots = starts(base({ hosts: [{ id: 1, available, busy: [] }], lengthInMinutes: 50 }), "iso");
    expect(slots.filter((start) => start.startsWith(DAY))).toHaveLength(29); // 00:00 … 23:20 (ends 00:10 next day)
    expect(slots.filter((start) => start.startsWith("2026-06-11"))).toHaveLength(28); // 23:20 would need 2026-06-12
    expect(slots[29]).toBe("2026-06-11T00:00");
  });

  it("follows a DST day's schedule end to end", () => {
    const berlin = schedule("Europe/Berlin", [{ days: [SUN], ...hours(9, 12) }]);
    const range = span("2026-03-29T00:00", "2026-03-30T00:00");
    const hosts = [{ id: 1, available: expandSchedule(berlin, range), busy: [] }];
    expect(starts(base({ hosts, range, lengthInMinutes: 60 }))).toEqual(["07:00", "08:00", "09:00"]); // 09:00, 10:00, 11:00 CEST
  });

  it("is empty without hosts, without availability, for an empty range or when busy all day", () => {
    expect(starts(base({ hosts: [] }))).toEqual([]);
    expect(starts(base({ hosts: [{ id: 1, available: [], busy: [] }] }))).toEqual([]);
    expect(starts(base({ range: span(`${DAY}T12:00`, `${DAY}T12:00`) }))).toEqual([]);
    expect(starts(base({ hosts: [{ id: 1, available: [span(`${DAY}T09:00`, `${DAY}T17:00`)], busy: [span(`${DAY}T00:00`, "2026-06-11T00:00")] }] }))).toEqual(
      [],
    );
    expect(starts(base({ lengthInMinutes: 9 * 60 }))).toEqual([]);
  });

  it("refuses non-positive lengths and intervals", () => {
    expect(() => computeSlots(base({ lengthInMinutes: 0 }))).toThrow(RangeError);
    expect(() => computeSlots(base({ slotInterval: 0 }))).toThrow(RangeError);
    expect(() => computeSlots(base({ beforeEventBuffer: -5 }))).toThrow(RangeError);
  });
});

describe("computeSlots for teams", () => {
  const host = (id: number, from: string, to: string, busy: Interval[] = []) => ({ id, available: [span(`${DAY}T${from}`, `${DAY}T${to}`)], busy });

  it("collective: every host available and free; all hosts are listed", () => {
    const hosts = [host(1, "09:00", "17:00", [span(`${DAY}T13:00`, `${DAY}T14:00`)]), host(2, "12:00", "20:00")];
    const slots = computeSlots(base({ mode: "collective", hosts }));
    expect(slots.map((slot) => iso(slot.start).slice(11))).toEqual(["12:00", "12:30", ...clock("14:00", "16:30", 30)]);
    expect(slots.every((slot) => slot.hostIds.join() === "1,2")).toBe(true);
    expect(computeSlotsNaive(base({ mode: "collective", hosts }))).toEqual(slots);

    const three = [...hosts, host(3, "08:00", "18:00", [span(`${DAY}T15:00`, `${DAY}T15:30`)])];
    expect(starts(base({ mode: "collective", hosts: three }))).toEqual(["12:00", "12:30", "14:00", "14:30", "15:30", "16:00", "16:30"]);
  });

  it("collective: nothing when one host has no availability", () => {
    expect(starts(base({ mode: "collective", hosts: [host(1, "09:00", "17:00"), { id: 2, available: [], busy: [] }] }))).toEqual([]);
  });

  it("roundRobin: a start is offered when any host is free, with the free hosts in input order", () => {
    const hosts = [host(1, "09:00", "12:00"), host(2, "10:00", "13:00"), host(3, "09:00", "13:00", [span(`${DAY}T09:00`, `${DAY}T11:00`)])];
    const slots = computeSlots(base({ mode: "roundRobin", hosts }));
    expect(slots.map((slot) => `${iso(slot.start).slice(11)} ${slot.hostIds.join(",")}`)).toEqual([
      "09:00 1",
      "09:30 1",
      "10:00 1,2",
      "10:30 1,2",
      "11:00 1,2,3",
      "11:30 1,2,3",
      "12:00 2,3",
      "12:30 2,3",
    ]);
    expect(computeSlotsNaive(base({ mode: "roundRobin", hosts }))).toEqual(slots);
    expect(computeSlots(base({ mode: "any", hosts }))).toEqual(slots);
  });

  it("roundRobin: each host keeps its own grid", () => {
    const slots = computeSlots(base({ mode: "roundRobin", hosts: [host(7, "09:00", "11:00"), host(8, "09:15", "11:15")] }));
    expect(slots.map((slot) => `${iso(slot.start).slice(11)} ${slot.hostIds.join(",")}`)).toEqual([
      "09:00 7",
      "09:15 8",
      "09:30 7",
      "09:45 8",
      "10:00 7",
      "10:15 8",
      "10:30 7",
      "10:45 8",
    ]);
  });

  it("collective vs roundRobin on the same three hosts", () => {
    const hosts = [host(1, "09:00", "11:00"), host(2, "09:00", "11:00", [span(`${DAY}T09:00`, `${DAY}T10:00`)]), host(3, "10:00", "12:00")];
    expect(starts(base({ mode: "collective", hosts }))).toEqual(["10:00", "10:30"]);
    expect(starts(base({ mode: "roundRobin", hosts }))).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"]);
  });
});
