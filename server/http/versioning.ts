/**
 * `svc-api-version` (spec, Versioning 3), or the peer's name for it, `cal-api-version`, which clients written for
 * the peer send: the same values, read in one place, with one rule on every /v2 route, the peer's: a version is a
 * date, and a date selects the newest version of the route dated on or before it (one dated before the route's first
 * version gets the first). No header means the route's default (the first it declares). A value that is not a date
 * (YYYY-MM-DD) is a 400 naming the header. A versioned route's answer names the version that answered; a route with
 * one shape only (no declared versions) serves it for every date.
 */
import { AppError } from "../errors";
import { PEER_API_VERSIONS } from "./peer-api-versions";
import { operationShape, peerOperationOf } from "./peer-fields";
import type { RouteDeclaration } from "./route-definition";

export const VERSION_HEADER = "svc-api-version";
/** The peer API's header name, a synonym of VERSION_HEADER. */
export const PEER_VERSION_HEADER = "cal-api-version";
export const BOOKINGS_VERSIONS = ["2024-08-13"] as const;

const PEER_VERSIONS_BY_SHAPE = new Map(
  Object.entries(PEER_API_VERSIONS).map(([operation, versions]) => {
    const [method, path] = operation.split(" ") as [string, string];
    return [operationShape(method, path), versions];
  }),
);

/**
 * What a versioned route serves: its own versions (the first stays the default), then every value the peer documents
 * for the operation it stands in for (server/http/peer-api-versions.ts, generated from the peer's OpenAPI document):
 * Convene serves that operation's shapes under those dates too.
 */
export function acceptedVersions(route: Pick<RouteDeclaration, "method" | "path" | "peerOperation" | "versions">): readonly string[] | undefined {
  if (!route.versions) return undefined;
  const [method, path] = peerOperationOf(route).split(" ") as [string, string];
  return [...new Set([...route.versions, ...(PEER_VERSIONS_BY_SHAPE.get(operationShape(method, path)) ?? [])])];
}

export type RequestedVersion = { value: string | null; header: string };

/** The version asked for and the header that asked; both headers with different values are a 400 naming both. */
export function requestedVersion(headers: Headers): RequestedVersion {
  const ours = headers.get(VERSION_HEADER)?.trim() || null;
  const peers = headers.get(PEER_VERSION_HEADER)?.trim() || null;
  if (ours && peers && ours !== peers) {
    throw new AppError("BAD_REQUEST", `${VERSION_HEADER} "${ours}" and ${PEER_VERSION_HEADER} "${peers}" disagree; send one of them`, {
      headers: [VERSION_HEADER, PEER_VERSION_HEADER],
    });
  }
  return ours || !peers ? { value: ours, header: VERSION_HEADER } : { value: peers, header: PEER_VERSION_HEADER };
}

/** A calendar date spelled YYYY-MM-DD (2024-02-30 is not one). */
export function isVersionDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The header's value when it is a date; else a 400 naming the header (and nothing else is read of the request). */
export function requireVersionDate(value: string, header: string = VERSION_HEADER): string {
  if (isVersionDate(value)) return value;
  throw new AppError("BAD_REQUEST", `${header} "${value}" is not a version: versions are dates, YYYY-MM-DD (for example 2024-08-13)`, { header });
}

/**
 * The version of `supported` that answers `requested`: no value → the default (the first listed); a date → the newest
 * version dated on or before it, or the oldest when it precedes them all; anything else → 400.
 */
export function negotiateVersion(requested: string | null, supported: readonly string[], header: string = VERSION_HEADER): string {
  if (requested === null || requested.trim() === "") return supported[0]!;
  const date = requireVersionDate(requested.trim(), header);
  const ascending = [...supported].sort();
  // ISO dates order as strings.
  return ascending.filter((version) => version <= date).at(-1) ?? ascending[0]!;
}

/**
 * The version a request gets from a route serving `supported` (null for a route with one shape, whose header is
 * still checked to be a date), and the header name it asked with (the answer repeats it).
 */
export function versionFor(headers: Headers, supported: readonly string[] | undefined): (RequestedVersion & { value: string }) | null {
  const requested = requestedVersion(headers);
  if (!supported) {
    if (requested.value !== null) requireVersionDate(requested.value, requested.header);
    return null;
  }
  return { value: negotiateVersion(requested.value, supported, requested.header), header: requested.header };
}
