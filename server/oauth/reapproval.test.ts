import { describe, expect, it } from "vitest";
import { editNeedsReview, isLegacyScopeSet, type ClientReviewFields } from "./reapproval";

const base: ClientReviewFields = {
  name: "Acme",
  logoUrl: "https://acme.example/logo.png",
  websiteUrl: "https://acme.example",
  redirectUris: ["https://acme.example/cb", "https://acme.example/cb2"],
  purpose: "Sync bookings",
  scopes: ["BOOKING_READ", "BOOKING_WRITE"],
};

describe("editNeedsReview (spec: OAuth client status transitions)", () => {
  it.each<[string, Partial<ClientReviewFields>, boolean]>([
    ["name change", { name: "Acme 2" }, true],
    ["logo change", { logoUrl: "https://acme.example/new.png" }, true],
    ["logo removed", { logoUrl: null }, true],
    ["website change", { websiteUrl: "https://acme.test" }, true],
    ["redirect URI added", { redirectUris: [...base.redirectUris, "https://acme.example/cb3"] }, true],
    ["redirect URI changed", { redirectUris: ["https://acme.example/cb", "https://acme.example/other"] }, true],
    ["redirect URIs reordered only", { redirectUris: [...base.redirectUris].reverse() }, false],
    ["purpose change", { purpose: "Something else" }, true],
    ["new scope added", { scopes: [...base.scopes, "PROFILE_READ"] }, true],
    ["scope removed", { scopes: ["BOOKING_READ"] }, true],
    ["nothing changed", {}, false],
  ])("%s → review %s", (_label, change, expected) => {
    expect(editNeedsReview(base, { ...base, ...change })).toBe(expected);
  });

  it("adding a _READ scope when the matching _WRITE is held needs review", () => {
    const writer = { ...base, scopes: ["EVENT_TYPE_WRITE"] };
    expect(editNeedsReview(writer, { ...writer, scopes: ["EVENT_TYPE_READ", "EVENT_TYPE_WRITE"] })).toBe(true);
  });

  describe("legacy clients", () => {
    const legacy = { ...base, scopes: ["READ_BOOKING", "READ_PROFILE"] };
    it("adding only user-level scopes keeps the status", () => {
      expect(editNeedsReview(legacy, { ...legacy, scopes: ["BOOKING_READ", "PROFILE_READ"] })).toBe(false);
    });
    it("adding a TEAM_ scope needs review", () => {
      expect(editNeedsReview(legacy, { ...legacy, scopes: ["BOOKING_READ", "TEAM_BOOKING_READ"] })).toBe(true);
    });
    it("adding an ORG_ scope needs review", () => {
      expect(editNeedsReview({ ...legacy, scopes: [] }, { ...legacy, scopes: ["ORG_PROFILE_READ"] })).toBe(true);
    });
  });
});

describe("isLegacyScopeSet", () => {
  it.each<[string[], boolean]>([
    [[], true],
    [["READ_BOOKING"], true],
    [["READ_BOOKING", "READ_PROFILE"], true],
    [["READ_BOOKING", "BOOKING_READ"], false],
    [["PROFILE_READ"], false],
  ])("%j → %s", (scopes, expected) => expect(isLegacyScopeSet(scopes)).toBe(expected));
});
