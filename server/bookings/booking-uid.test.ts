import { describe, expect, it } from "vitest";
import { BOOKING_UID_LENGTH, newBookingUid } from "./create/new-booking";

describe("newBookingUid", () => {
  it("is 22 characters of [0-9A-Za-z]: all of it survives a reader that takes uids to be alphanumeric", () => {
    for (let index = 0; index < 200; index++) expect(newBookingUid()).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(BOOKING_UID_LENGTH * Math.log2(62)).toBeGreaterThanOrEqual(128);
  });

  it("draws every character of the alphabet, none more often than chance allows", () => {
    const counts = new Map<string, number>();
    for (let index = 0; index < 2000; index++) for (const character of newBookingUid()) counts.set(character, (counts.get(character) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 44 000 draws over 62 characters: about 710 each; a biased or truncated alphabet would fall far outside this.
    for (const count of counts.values()) expect(count).toBeGreaterThan(550);
    for (const count of counts.values()) expect(count).toBeLessThan(870);
  });

  it("does not repeat", () => {
    const uids = new Set(Array.from({ length: 10_000 }, newBookingUid));
    expect(uids.size).toBe(10_000);
  });
});
