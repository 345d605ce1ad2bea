import { describe, expect, it } from "vitest";
import { FULL_ACCESS, permissionsShown } from "./consent-permissions";

describe("permissions shown on the consent page", () => {
  it("a scoped grant lists each scope's meaning", () => {
    expect(permissionsShown({ scopes: ["BOOKING_READ", "PROFILE_READ"], isLegacy: false })).toEqual(["View bookings", "View personal info"]);
  });

  it("a legacy grant says full access, whatever scopes it carries", () => {
    for (const scopes of [["READ_BOOKING"], ["BOOKING_READ"], []]) {
      expect(permissionsShown({ scopes, isLegacy: true })).toEqual([FULL_ACCESS]);
    }
    expect(FULL_ACCESS).toMatch(/full access/i);
  });
});
