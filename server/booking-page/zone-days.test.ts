import { describe, expect, it } from "vitest";
import { addDays, localDateOf, startOfLocalDay } from "./zone-days";

describe("zone days", () => {
  it("reads the local date at an instant", () => {
    expect(localDateOf("Asia/Tokyo", new Date("2026-03-01T16:00:00Z"))).toBe("2026-03-02");
    expect(localDateOf("America/Los_Angeles", new Date("2026-03-01T06:00:00Z"))).toBe("2026-02-28");
  });

  it("adds calendar days across month and year ends", () => {
    expect(addDays("2026-12-25", 14)).toBe("2027-01-08");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });

  it.each([
    ["UTC", "2026-11-23", "2026-11-23T00:00:00.000Z"],
    ["Europe/Paris", "2026-11-23", "2026-11-22T23:00:00.000Z"],
    ["Europe/Paris", "2026-07-01", "2026-06-30T22:00:00.000Z"],
    // DST starts at 02:00 local: midnight still has the winter offset, the day is 23 hours long.
    ["America/New_York", "2026-03-08", "2026-03-08T05:00:00.000Z"],
    ["America/New_York", "2026-03-09", "2026-03-09T04:00:00.000Z"],
    ["Asia/Kolkata", "2026-01-01", "2025-12-31T18:30:00.000Z"],
    ["Pacific/Kiritimati", "2026-01-01", "2025-12-31T10:00:00.000Z"],
    // Santiago skips midnight when DST starts (2026-09-06): the day begins at 01:00 local.
    ["America/Santiago", "2026-09-06", "2026-09-06T04:00:00.000Z"],
  ])("finds where %s's %s begins", (zone, date, expected) => {
    expect(startOfLocalDay(zone, date).toISOString()).toBe(expected);
  });
});
