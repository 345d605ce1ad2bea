/** Calendar arithmetic of booking limits and business-day windows (pure, in day numbers). */
import { describe, expect, it } from "vitest";
import { periodDays } from "./booking-limits";
import { addBusinessDays } from "./booking-window";
import { dayNumberFromIsoDate, isoDateFromDayNumber } from "./local-time";

const day = (iso: string) => dayNumberFromIsoDate(iso)!;
const span = (period: Parameters<typeof periodDays>[0], iso: string, weekStart = 1) => {
  const { first, end } = periodDays(period, day(iso), weekStart);
  return [isoDateFromDayNumber(first), isoDateFromDayNumber(end)];
};

describe("periodDays", () => {
  it("days, weeks from the week start, months and years as [first, end)", () => {
    expect(span("day", "2030-06-12")).toEqual(["2030-06-12", "2030-06-13"]);
    expect(span("week", "2030-06-12")).toEqual(["2030-06-10", "2030-06-17"]); // Monday weeks
    expect(span("week", "2030-06-12", 0)).toEqual(["2030-06-09", "2030-06-16"]); // Sunday weeks
    expect(span("week", "2030-06-09", 1)).toEqual(["2030-06-03", "2030-06-10"]); // a Sunday in a Monday week
    expect(span("month", "2030-02-28")).toEqual(["2030-02-01", "2030-03-01"]);
    expect(span("month", "2030-12-31")).toEqual(["2030-12-01", "2031-01-01"]);
    expect(span("year", "2032-02-29")).toEqual(["2032-01-01", "2033-01-01"]);
  });
});

describe("addBusinessDays", () => {
  it("skips Saturdays and Sundays", () => {
    expect(isoDateFromDayNumber(addBusinessDays(day("2030-06-12"), 2))).toBe("2030-06-14"); // Wed → Fri
    expect(isoDateFromDayNumber(addBusinessDays(day("2030-06-14"), 1))).toBe("2030-06-17"); // Fri → Mon
    expect(isoDateFromDayNumber(addBusinessDays(day("2030-06-15"), 1))).toBe("2030-06-17"); // Sat → Mon
    expect(isoDateFromDayNumber(addBusinessDays(day("2030-06-12"), 0))).toBe("2030-06-12");
  });
});
