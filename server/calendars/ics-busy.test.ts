/** iCalendar → busy intervals: time forms, recurrence, exceptions, and what does not block time. */
import { describe, expect, it } from "vitest";
import { busyIntervals, icsCalendarName, parseDuration, parseIcsEvents } from "./ics-busy";
import { wallToUtc } from "./zoned-time";

const calendar = (...events: string[][]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:test", ...events.flatMap((lines) => ["BEGIN:VEVENT", ...lines, "END:VEVENT"]), "END:VCALENDAR"].join("\r\n");
const range = (from: string, to: string) => ({ start: new Date(from), end: new Date(to) });
const busy = (ics: string, from: string, to: string, zone = "UTC") =>
  busyIntervals(parseIcsEvents(ics), range(from, to), zone).map(({ start, end }) => [start.toISOString(), end.toISOString()]);

describe("parseIcsEvents", () => {
  it("refuses what is not iCalendar", () => {
    expect(() => parseIcsEvents("<html>login</html>")).toThrow(/Not an iCalendar/);
  });

  it("unfolds lines, reads parameters with quoted colons, skips nested components", () => {
    const [event] = parseIcsEvents(
      calendar([
        "UID:1",
        'DTSTART;TZID="Europe/Paris":20261210T100000',
        "SUMMARY:A long",
        "  summary",
        "BEGIN:VALARM",
        "TRIGGER:-PT5M",
        "END:VALARM",
        'ATTENDEE;CN="A: B":mailto:a@b.c',
      ]),
    );
    expect(event!.get("DTSTART")![0]).toEqual({ params: { TZID: "Europe/Paris" }, value: "20261210T100000" });
    expect(event!.get("SUMMARY")![0]!.value).toBe("A long summary");
    expect(event!.get("ATTENDEE")![0]!.value).toBe("mailto:a@b.c");
    expect(event!.has("TRIGGER")).toBe(false);
  });
});

describe("busyIntervals", () => {
  it("reads UTC, zoned and floating times", () => {
    const ics = calendar(
      ["UID:utc", "DTSTART:20261210T100000Z", "DTEND:20261210T110000Z"],
      ["UID:paris", "DTSTART;TZID=Europe/Paris:20261210T140000", "DTEND;TZID=Europe/Paris:20261210T150000"],
      ["UID:floating", "DTSTART:20261210T080000", "DURATION:PT30M"],
    );
    expect(busy(ics, "2026-12-10T00:00:00Z", "2026-12-11T00:00:00Z", "America/New_York")).toEqual([
      ["2026-12-10T10:00:00.000Z", "2026-12-10T11:00:00.000Z"],
      ["2026-12-10T13:00:00.000Z", "2026-12-10T14:00:00.000Z"],
      ["2026-12-10T13:00:00.000Z", "2026-12-10T13:30:00.000Z"],
    ]);
  });

  it("reads all-day events as whole days in the owner's zone, and an unknown TZID in it too", () => {
    const ics = calendar(
      ["UID:day", "DTSTART;VALUE=DATE:20261210", "DTEND;VALUE=DATE:20261211"],
      ["UID:win", "DTSTART;TZID=W. Europe Standard Time:20261212T090000", "DTEND;TZID=W. Europe Standard Time:20261212T100000"],
    );
    expect(busy(ics, "2026-12-09T00:00:00Z", "2026-12-13T00:00:00Z", "Asia/Tokyo")).toEqual([
      ["2026-12-09T15:00:00.000Z", "2026-12-10T15:00:00.000Z"],
      ["2026-12-12T00:00:00.000Z", "2026-12-12T01:00:00.000Z"],
    ]);
  });

  it("ignores cancelled, transparent and free events, and those outside the range", () => {
    const ics = calendar(
      ["UID:c", "DTSTART:20261210T100000Z", "DTEND:20261210T110000Z", "STATUS:CANCELLED"],
      ["UID:t", "DTSTART:20261210T100000Z", "DTEND:20261210T110000Z", "TRANSP:TRANSPARENT"],
      ["UID:f", "DTSTART:20261210T100000Z", "DTEND:20261210T110000Z", "X-MICROSOFT-CDO-BUSYSTATUS:FREE"],
      ["UID:late", "DTSTART:20261212T100000Z", "DTEND:20261212T110000Z"],
    );
    expect(busy(ics, "2026-12-10T00:00:00Z", "2026-12-11T00:00:00Z")).toEqual([]);
  });

  it("expands a weekly rule in local time across a DST change, with COUNT", () => {
    const ics = calendar(["UID:w", "DTSTART;TZID=Europe/Paris:20261019T090000", "DTEND;TZID=Europe/Paris:20261019T100000", "RRULE:FREQ=WEEKLY;COUNT=3"]);
    expect(busy(ics, "2026-10-01T00:00:00Z", "2026-12-01T00:00:00Z")).toEqual([
      ["2026-10-19T07:00:00.000Z", "2026-10-19T08:00:00.000Z"],
      ["2026-10-26T08:00:00.000Z", "2026-10-26T09:00:00.000Z"], // after the switch to CET
      ["2026-11-02T08:00:00.000Z", "2026-11-02T09:00:00.000Z"],
    ]);
  });

  it("applies BYDAY, INTERVAL and UNTIL, EXDATE, and moved instances (RECURRENCE-ID)", () => {
    const ics = calendar(
      [
        "UID:r",
        "DTSTART:20261201T100000Z",
        "DTEND:20261201T103000Z",
        "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20261231T235959Z",
        "EXDATE:20261203T100000Z",
      ],
      ["UID:r", "RECURRENCE-ID:20261215T100000Z", "DTSTART:20261215T150000Z", "DTEND:20261215T153000Z"],
    );
    expect(busy(ics, "2026-12-01T00:00:00Z", "2027-01-31T00:00:00Z")).toEqual([
      ["2026-12-01T10:00:00.000Z", "2026-12-01T10:30:00.000Z"],
      ["2026-12-15T15:00:00.000Z", "2026-12-15T15:30:00.000Z"],
      ["2026-12-17T10:00:00.000Z", "2026-12-17T10:30:00.000Z"],
      ["2026-12-29T10:00:00.000Z", "2026-12-29T10:30:00.000Z"],
      ["2026-12-31T10:00:00.000Z", "2026-12-31T10:30:00.000Z"],
    ]);
  });

  it("expands daily, monthly (last Friday, 31st) and yearly rules", () => {
    const ics = calendar(
      ["UID:d", "DTSTART:20261201T070000Z", "DTEND:20261201T071500Z", "RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR"],
      ["UID:m", "DTSTART:20260130T120000Z", "DTEND:20260130T130000Z", "RRULE:FREQ=MONTHLY;BYDAY=-1FR"],
      ["UID:m31", "DTSTART:20260131T160000Z", "DTEND:20260131T170000Z", "RRULE:FREQ=MONTHLY"],
      ["UID:y", "DTSTART;VALUE=DATE:20201225", "DTEND;VALUE=DATE:20201226", "RRULE:FREQ=YEARLY"],
    );
    const result = busy(ics, "2026-12-24T00:00:00Z", "2027-01-01T00:00:00Z");
    expect(result.filter(([start]) => start!.endsWith("T07:00:00.000Z")).map(([start]) => start!.slice(0, 10))).toEqual([
      "2026-12-24",
      "2026-12-25",
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
    ]);
    expect(result).toContainEqual(["2026-12-25T12:00:00.000Z", "2026-12-25T13:00:00.000Z"]); // last Friday of December
    expect(result).toContainEqual(["2026-12-31T16:00:00.000Z", "2026-12-31T17:00:00.000Z"]);
    expect(result).toContainEqual(["2026-12-25T00:00:00.000Z", "2026-12-26T00:00:00.000Z"]);
  });

  it("stays fast for long-running daily series far in the past", () => {
    const ics = calendar(
      ...Array.from({ length: 50 }, (_, index) => [
        `UID:s${index}`,
        "DTSTART;TZID=Europe/Berlin:20000101T090000",
        "DTEND;TZID=Europe/Berlin:20000101T091500",
        "RRULE:FREQ=DAILY",
      ]),
    );
    const startedAt = performance.now();
    expect(busy(ics, "2026-12-10T00:00:00Z", "2026-12-11T00:00:00Z")).toHaveLength(50);
    expect(performance.now() - startedAt).toBeLessThan(2_000);
  });
});

describe("parseDuration and wallToUtc", () => {
  it("reads durations", () => {
    expect(parseDuration("PT1H30M")).toBe(5_400_000);
    expect(parseDuration("P1W")).toBe(604_800_000);
    expect(parseDuration("P1DT2H")).toBe(93_600_000);
    expect(parseDuration("nonsense")).toBeNull();
  });

  it("places wall times in gaps and overlaps of DST", () => {
    const wall = (iso: string) => Date.parse(`${iso}Z`);
    expect(new Date(wallToUtc(wall("2026-03-29T02:30:00"), "Europe/Paris")).toISOString()).toBe("2026-03-29T01:30:00.000Z"); // gap: 03:30 CEST
    expect(new Date(wallToUtc(wall("2026-10-25T02:30:00"), "Europe/Paris")).toISOString()).toBe("2026-10-25T00:30:00.000Z"); // first of the two
    expect(new Date(wallToUtc(wall("2026-07-01T12:00:00"), "America/Los_Angeles")).toISOString()).toBe("2026-07-01T19:00:00.000Z");
  });
});

describe("icsCalendarName", () => {
  const named = (...header: string[]) =>
    ["BEGIN:VCALENDAR", "VERSION:2.0", ...header, "BEGIN:VEVENT", "UID:1", "X-WR-CALNAME:Not me", "END:VEVENT", "END:VCALENDAR"].join("\r\n");

  it("is the calendar's X-WR-CALNAME, unfolded and unescaped", () => {
    expect(icsCalendarName(named("X-WR-CALNAME:Team\\, holidays", "  and leave"))).toBe("Team, holidays and leave");
    expect(icsCalendarName(named("x-wr-calname;VALUE=TEXT:Dentist"))).toBe("Dentist");
  });

  it("is null when absent, blank, or only set on an event", () => {
    expect(icsCalendarName(named())).toBeNull();
    expect(icsCalendarName(named("X-WR-CALNAME:   "))).toBeNull();
  });

  it("is cut to 255 characters", () => {
    expect(icsCalendarName(named(`X-WR-CALNAME:${"n".repeat(300)}`))).toHaveLength(255);
  });
});
