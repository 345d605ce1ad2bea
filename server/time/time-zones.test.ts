import { describe, expect, it } from "vitest";
import { isIanaTimeZone, ZTimeZone } from "./time-zones";

describe("isIanaTimeZone", () => {
  it.each(["UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata", "America/Argentina/Buenos_Aires", "America/Port-au-Prince", "Etc/GMT+5"])(
    "accepts %s",
    (zone) => {
      expect(isIanaTimeZone(zone)).toBe(true);
    },
  );

  it.each([
    { case: "offset", zone: "+02:00" },
    { case: "negative offset", zone: "-0500" },
    { case: "UTC with an offset", zone: "UTC+2" },
    { case: "GMT with an offset", zone: "GMT-3" },
    { case: "abbreviation", zone: "CEST" },
    { case: "lower-case name", zone: "europe/paris" },
    { case: "misspelt city", zone: "Europe/Pariss" },
    { case: "invented region", zone: "Mars/Olympus_Mons" },
    { case: "empty", zone: "" },
    { case: "padded", zone: " Europe/Paris" },
    { case: "path traversal", zone: "Europe/../Paris" },
  ])("refuses $case ($zone)", ({ zone }) => {
    expect(isIanaTimeZone(zone)).toBe(false);
  });
});

describe("ZTimeZone", () => {
  it("passes a valid name through and explains a refusal", () => {
    expect(ZTimeZone.parse("Europe/Berlin")).toBe("Europe/Berlin");
    const result = ZTimeZone.safeParse("+01:00");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/IANA time zone/);
  });
});
