import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { toErrorResponse } from "./envelope";
import { cancelBookingRoute, createBookingRoute, listBookingsRoute } from "../bookings/bookings.routes";
import { PEER_API_VERSIONS } from "./peer-api-versions";
import {
  acceptedVersions,
  BOOKINGS_VERSIONS,
  isVersionDate,
  negotiateVersion,
  PEER_VERSION_HEADER,
  requestedVersion,
  VERSION_HEADER,
  versionFor,
} from "./versioning";

const SUPPORTED = ["2024-08-13", "2024-06-14"] as const;

describe("negotiateVersion: a date picks the newest version dated on or before it", () => {
  it.each([
    { requested: null, expected: "2024-08-13", case: "missing header → the default (first listed)" },
    { requested: "", expected: "2024-08-13", case: "empty header → the default" },
    { requested: "   ", expected: "2024-08-13", case: "blank header → the default" },
    { requested: "2024-08-13", expected: "2024-08-13", case: "the default, asked for" },
    { requested: "2024-06-14", expected: "2024-06-14", case: "another version, asked for exactly" },
    { requested: " 2024-06-14 ", expected: "2024-06-14", case: "surrounding whitespace" },
    { requested: "2024-07-01", expected: "2024-06-14", case: "a date between two versions → the older" },
    { requested: "2099-01-01", expected: "2024-08-13", case: "a date after every version → the newest" },
    { requested: "2020-01-01", expected: "2024-06-14", case: "a date before every version → the first" },
    { requested: "2024-02-29", expected: "2024-06-14", case: "a leap day" },
  ])("$case", ({ requested, expected }) => {
    expect(negotiateVersion(requested, SUPPORTED)).toBe(expected);
  });

  it.each(["2024-08-13x", "latest", "2024-13-01", "2023-02-29", "20240813", "2024-8-13", "v2"])(
    "refuses %j, which is not a date, with a 400 naming the header",
    (requested) => {
      let thrown: unknown;
      try {
        negotiateVersion(requested, SUPPORTED);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppError);
      const error = thrown as AppError;
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.message).toBe(`${VERSION_HEADER} "${requested}" is not a version: versions are dates, YYYY-MM-DD (for example 2024-08-13)`);
      expect(error.details).toEqual({ header: VERSION_HEADER });
      expect(toErrorResponse(error, "req-1").status).toBe(400);
    },
  );

  it("tells dates from other strings", () => {
    expect(["2024-08-13", "2000-02-29", "2026-12-31"].filter(isVersionDate)).toHaveLength(3);
    expect(["1900-02-29", "2026-04-31", "2026-00-10", "2026-1-1"].filter(isVersionDate)).toEqual([]);
  });
});

const headers = (values: Record<string, string | undefined>) =>
  new Headers(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined));

describe("the version headers: svc-api-version and the peer's cal-api-version", () => {
  it.each([
    { sent: {}, expected: { value: null, header: VERSION_HEADER } },
    { sent: { [VERSION_HEADER]: "2024-08-13" }, expected: { value: "2024-08-13", header: VERSION_HEADER } },
    { sent: { [PEER_VERSION_HEADER]: "2024-08-13" }, expected: { value: "2024-08-13", header: PEER_VERSION_HEADER } },
    { sent: { [VERSION_HEADER]: "2024-08-13", [PEER_VERSION_HEADER]: " 2024-08-13 " }, expected: { value: "2024-08-13", header: VERSION_HEADER } },
    { sent: { [VERSION_HEADER]: " ", [PEER_VERSION_HEADER]: "2024-06-14" }, expected: { value: "2024-06-14", header: PEER_VERSION_HEADER } },
  ])("reads $sent", ({ sent, expected }) => {
    expect(requestedVersion(headers(sent))).toEqual(expected);
  });

  it("refuses both headers with different values, naming both", () => {
    const refusal = () => requestedVersion(headers({ [VERSION_HEADER]: "2024-08-13", [PEER_VERSION_HEADER]: "2026-02-25" }));
    expect(refusal).toThrow(AppError);
    expect(refusal).toThrow(`${VERSION_HEADER} "2024-08-13" and ${PEER_VERSION_HEADER} "2026-02-25" disagree`);
  });

  it("names the header that carried a value that is not a date", () => {
    expect(() => versionFor(headers({ [PEER_VERSION_HEADER]: "latest" }), SUPPORTED)).toThrow(`${PEER_VERSION_HEADER} "latest" is not a version`);
    expect(versionFor(headers({ [PEER_VERSION_HEADER]: "1999-01-01" }), SUPPORTED)).toEqual({ value: "2024-06-14", header: PEER_VERSION_HEADER });
    expect(versionFor(headers({ [PEER_VERSION_HEADER]: "2024-06-14" }), SUPPORTED)).toEqual({ value: "2024-06-14", header: PEER_VERSION_HEADER });
  });

  it("checks the header on a route with one shape too, and names no version there", () => {
    expect(versionFor(headers({}), undefined)).toBeNull();
    expect(versionFor(headers({ [PEER_VERSION_HEADER]: "2024-06-14" }), undefined)).toBeNull();
    expect(() => versionFor(headers({ [VERSION_HEADER]: "next" }), undefined)).toThrow(`${VERSION_HEADER} "next" is not a version`);
  });
});

describe("acceptedVersions: the route's own, then those the peer documents for its operation", () => {
  it("gives the bookings routes the peer's later same-shape version, the default first", () => {
    expect(acceptedVersions(createBookingRoute)).toEqual(["2024-08-13", "2026-02-25"]);
    expect(listBookingsRoute.versions).toEqual(["2024-08-13", "2026-02-25"]);
    expect(cancelBookingRoute.versions).toContain("2026-02-25");
  });

  it("keeps an unversioned route unversioned, and a route the peer gives no version to at its own", () => {
    expect(acceptedVersions({ method: "GET", path: "/v2/me" })).toBeUndefined();
    expect(acceptedVersions({ method: "POST", path: "/v2/bookings/{bookingUid}/guests", versions: BOOKINGS_VERSIONS })).toEqual(["2024-08-13"]);
  });

  it("reads every cal-api-version the peer's document names per operation (the generated list)", () => {
    expect(PEER_API_VERSIONS["GET /v2/slots"]).toEqual(["2024-09-04"]);
    expect(PEER_API_VERSIONS["POST /v2/bookings"]).toEqual(["2024-08-13", "2026-02-25"]);
  });
});
