import { describe, expect, it } from "vitest";
import { dateIn, formatInZone, nextDay, startOfDayIn } from "./zoned-dates";

describe("startOfDayIn", () => {
  it.each([
    ["2026-07-03", "Europe/Berlin", "2026-07-02T22:00:00.000Z"],
    ["2026-01-15", "Europe/Berlin", "2026-01-14T23:00:00.000Z"],
    ["2026-03-29", "Europe/Berlin", "2026-03-28T23:00:00.000Z"],
    ["2026-11-01", "America/New_York", "2026-11-01T04:00:00.000Z"],
    ["2026-07-03", "UTC", "2026-07-03T00:00:00.000Z"],
    ["2026-07-03", "Asia/Kolkata", "2026-07-02T18:30:00.000Z"],
  ])("%s 00:00 in %s is %s", (date, zone, instant) => {
    expect(startOfDayIn(date, zone).toISOString()).toBe(instant);
  });
});

describe("nextDay and dateIn", () => {
  it("crosses months and years", () => {
    expect([nextDay("2026-01-31"), nextDay("2026-12-31"), nextDay("2028-02-28")]).toEqual(["2026-02-01", "2027-01-01", "2028-02-29"]);
  });

  it("reads the calendar date in the zone", () => {
    expect(dateIn("2026-07-02T22:30:00Z", "Europe/Berlin")).toBe("2026-07-03");
    expect(dateIn("2026-07-02T22:30:00Z", "UTC")).toBe("2026-07-02");
  });

  it("names the zone", () => {
    expect(formatInZone("2026-07-02T22:00:00Z", "America/New_York")).toMatch(/\(America\/New York\)$/);
  });
});
