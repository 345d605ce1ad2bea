/**
 * `svc-api-version` (spec, Versioning 3), or the peer's name for it, `cal-api-version`, which clients written for
 * the peer send: the same values, read in one place. A route that declares versions answers the one asked for; no
 * header means its default (the first it declares); an unknown value is refused with the supported list, never
 * served by a silent fallback. The response always says which version answered.
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
 * What a versioned route accepts: its own versions (the first stays the default), then every value the peer documents
 * for the operation it stands in for (server/http/peer-api-versions.ts, generated from the peer's OpenAPI document):
 * Convene serves that operation's shapes, so a client sending the peer's value gets them.
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

export function negotiateVersion(requested: string | null, supported: readonly string[], header: string = VERSION_HEADER): string {
  if (requested === null || requested.trim() === "") return supported[0]!;
  const value = requested.trim();
  if (supported.includes(value)) return value;
  throw new AppError("BAD_REQUEST", `Unsupported ${header} "${value}". Supported: ${supported.join(", ")}`, {
    header,
    supported,
  });
}

/** The version a request gets from a route accepting `supported`, and the header name it asked with (the answer repeats it). */
export function versionFor(headers: Headers, supported: readonly string[]): RequestedVersion & { value: string } {
  const requested = requestedVersion(headers);
  return { value: negotiateVersion(requested.value, supported, requested.header), header: requested.header };
}
