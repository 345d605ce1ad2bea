/**
 * Paths the framework would otherwise answer itself, before any route code runs: a malformed percent-escape under
 * /v2 or /api (Next.js answers a plain-text 500 while matching dynamic segments) and, under /v2, a trailing slash,
 * which is also what dot segments such as `/v2/event-types/9/..` resolve to (Next.js answered a 308 redirect).
 * proxy.ts answers them in the v2 envelope.
 * Dot segments and empty segments inside a path are resolved or collapsed before proxy.ts sees the path (Next.js
 * redirects `//` with a 308 before any of our code runs), so Convene's own HTTP server (server/bin/next-server.ts)
 * checks the raw request target with refuseRawTarget first.
 */
import { randomUUID } from "node:crypto";
import { log } from "../log";
import { errorResponse } from "./envelope";

const V2_PREFIX = "/v2/";

const isV2Path = (pathname: string) => pathname === "/v2" || pathname.startsWith(V2_PREFIX);
/** Where proxy.ts consults refusePath: the JSON surfaces. */
export const isGuardedPath = (pathname: string) => isV2Path(pathname) || pathname.startsWith("/api/");

export function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** `.` and `..` segments (also percent-encoded) and empty segments (`//`): a path a client must normalise first. */
export const UNNORMALISED_PATH = /(^|\/)(\.|%2e){1,2}(\/|$)|\/\//i;

/**
 * The envelope answer for a raw request target (path and query as sent) under /v2 or /api whose path is not in
 * normal form, or null. Answered rather than resolved: `/v2/bookings/x/../y` must not silently reach another route.
 */
export function refuseRawTarget(method: string, target: string): Response | null {
  const pathname = target.split("?")[0]!;
  if (!isGuardedPath(pathname) || !UNNORMALISED_PATH.test(pathname)) return null;
  return refused(method, errorResponse("BAD_REQUEST", "The request path has dot segments (. or ..) or empty segments (//); send the normalised path"));
}

/** The envelope answer for a path no route may see, or null when the path can go on to routing. */
export function refusePath(method: string, pathname: string): Response | null {
  let response: Response | null = null;
  if (!decodable(pathname)) {
    response = errorResponse("BAD_REQUEST", "The request path has a malformed percent-escape (each % must start a UTF-8 byte such as %2F)");
  } else if (isV2Path(pathname) && pathname.length > V2_PREFIX.length && pathname.endsWith("/")) {
    response = errorResponse("NOT_FOUND", `No v2 endpoint ${method} ${pathname}`);
  }
  return response && refused(method, response);
}

function refused(method: string, response: Response): Response {
  const requestId = randomUUID();
  response.headers.set("x-request-id", requestId);
  log.info("refused request path", { requestId, method, status: response.status });
  return response;
}
