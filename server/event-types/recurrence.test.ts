import { describe, expect, it } from "vitest";
import { describeRecurrence, occurrenceStarts, recurrenceColumn, recurrenceOf, ZRecurrenceInput } from "./recurrence";

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe("occurrenceStarts", () => {
  it("steps weekly by the interval", () => {
    const starts = occurrenceStarts(new Date("2027-01-06T09:00:00Z"), { frequency: "weekly", interval: 2 }, 3, "UTC");
    expect(iso(starts)).toEqual(["2027-01-06T09:00:00.000Z", "2027-01-20T09:00:00.000Z", "2027-02-03T09:00:00.000Z"]);
  });

  it("keeps the booker's wall time across a DST change (Paris 09:00 stays 09:00)", () => {
    const starts = occurrenceStarts(new Date("2027-03-21T08:00:00Z"), { frequency: "weekly", interval: 1 }, 2, "Europe/Paris");
    // 21 March is CET (UTC+1), 28 March is CEST (UTC+2).
    expect(iso(starts)).toEqual(["2027-03-21T08:00:00.000Z", "2027-03-28T07:00:00.000Z"]);
  });

  it("skips months without the start's day, as RRULE does, and still gives `count` occurrences", () => {
    const starts = occurrenceStarts(new Date("2027-01-31T10:00:00Z"), { frequency: "monthly", interval: 1 }, 3, "UTC");
    expect(iso(starts)).toEqual(["2027-01-31T10:00:00.000Z", "2027-03-31T10:00:00.000Z", "2027-05-31T10:00:00.000Z"]);
  });

  it("steps yearly, and monthly across a year's end", () => {
    expect(iso(occurrenceStarts(new Date("2027-06-01T12:00:00Z"), { frequency: "yearly", interval: 1 }, 2, "UTC"))).toEqual([
      "2027-06-01T12:00:00.000Z",
      "2028-06-01T12:00:00.000Z",
    ]);
    expect(iso(occurrenceStarts(new Date("2027-11-15T12:00:00Z"), { frequency: "monthly", interval: 2 }, 2, "UTC"))).toEqual([
      "2027-11-15T12:00:00.000Z",
      "2028-01-15T12:00:00.000Z",
    ]);
  });
});

describe("the recurrence setting", () => {
  it("takes the peer's shape or {disabled: true}, and refuses anything else", () => {
    expect(ZRecurrenceInput.parse({ frequency: "weekly", interval: 1, occurrences: 4 })).toEqual({ frequency: "weekly", interval: 1, occurrences: 4 });
    expect(recurrenceColumn(ZRecurrenceInput.parse({ disabled: true }))).toBeNull();
    expect(ZRecurrenceInput.safeParse({ frequency: "daily", interval: 1, occurrences: 4 }).success).toBe(false);
    expect(ZRecurrenceInput.safeParse({ frequency: "weekly", interval: 0, occurrences: 4 }).success).toBe(false);
    expect(ZRecurrenceInput.safeParse({ frequency: "weekly", interval: 1, occurrences: 53 }).success).toBe(false);
    expect(ZRecurrenceInput.safeParse({ disabled: false }).success).toBe(false);
  });

  it("reads a stored column back, anything else as none", () => {
    expect(recurrenceOf({ frequency: "monthly", interval: 3, occurrences: 2 })).toEqual({ frequency: "monthly", interval: 3, occurrences: 2 });
    expect(recurrenceOf(null)).toBeNull();
    expect(recurrenceOf({ frequency: "weekly" })).toBeNull();
  });

  it("describes itself as the booking page says it", () => {
    expect(describeRecurrence({ frequency: "weekly", interval: 1 }, 6)).toBe("every week for 6 occurrences");
    expect(describeRecurrence({ frequency: "monthly", interval: 2 }, 3)).toBe("every 2 months for 3 occurrences");
  });
});
