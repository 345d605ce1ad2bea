import { describe, expect, it } from "vitest";
import { refusePath, refuseRawTarget } from "./path-guard";

const codeOf = async (response: Response | null) => (response ? { status: response.status, code: (await response.json()).error.code } : null);

describe("refuseRawTarget", () => {
  it.each([
    "/v2/event-types/9/..",
    "/v2/event-types/9/../..",
    "/v2/a/../me",
    "/v2/./me",
    "/v2/%2e%2e/me",
    "/v2/.%2E/me",
    "/v2//me",
    "/api/trpc//x",
    "/v2/me/.",
  ])("answers %s with 400 in the envelope", async (target) => {
    expect(await codeOf(refuseRawTarget("GET", target))).toEqual({ status: 400, code: "BAD_REQUEST" });
  });

  // The HTTP server checks only the raw target (no proxy runs on /v2 or /api/health): refusePath's cases answer there too.
  it.each([
    ["/v2/event-types/%ZZ", 400, "BAD_REQUEST"],
    ["/api/health/%E0%A4%A", 400, "BAD_REQUEST"],
    ["/v2/me/", 404, "NOT_FOUND"],
    ["/v2/me/?x=1", 404, "NOT_FOUND"],
    ["http://localhost:3000/v2/me/", 404, "NOT_FOUND"],
    ["http://localhost:3000/v2/event-types/%ZZ?x=1", 400, "BAD_REQUEST"],
  ])("answers %s with %i in the envelope", async (target, status, code) => {
    expect(await codeOf(refuseRawTarget("GET", target))).toEqual({ status, code });
  });

  it.each([
    "/v2/me",
    "/v2/me?x=../..",
    "/v2/bookings/abc.def",
    "/v2/event-types/9?q=a//b",
    "/settings//developer",
    "/",
    "/v2/..foo/x",
    "/v2/me?x=%ZZ",
    "/settings/%ZZ",
    "http://localhost:3000/v2/me",
    "*",
  ])("lets %s through", (target) => {
    expect(refuseRawTarget("GET", target)).toBeNull();
  });
});

describe("refusePath", () => {
  it("answers a malformed percent-escape with 400 and a v2 trailing slash with 404", async () => {
    expect(await codeOf(refusePath("GET", "/v2/event-types/%ZZ"))).toEqual({ status: 400, code: "BAD_REQUEST" });
    expect(await codeOf(refusePath("GET", "/v2/me/"))).toEqual({ status: 404, code: "NOT_FOUND" });
    expect(refusePath("GET", "/v2/me")).toBeNull();
  });
});
