/**
 * Paths the framework would otherwise answer itself, before any route code runs: a malformed percent-escape under
 * /v2 or /api (Next.js answers a plain-text 500 while matching dynamic segments), under /v2 a trailing slash (Next.js
 * answers a 308 redirect), and dot or empty segments (Next.js resolves them, or redirects `//`, before any of our code
 * sees the path). Convene's own HTTP server (server/bin/next-server.ts) checks the raw request target with
 * refuseRawTarget before Next.js parses it, and answers in the v2 envelope.
 * Not in proxy.ts: a proxy (middleware) costs every request it matches about half a millisecond of CPU (Next.js builds
 * a request and a response for it), a third of a bare route's, and every /v2 request would pay it for this check.
 */
import { randomUUID } from "node:crypto";
import { log } from "../log";
import { errorResponse } from "./envelope";

const V2_PREFIX = "/v2/";

const isV2Path = (pathname: string) => pathname === "/v2" || pathname.startsWith(V2_PREFIX);
/** The JSON surfaces, answered in the envelope. */
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
 * The envelope answer for a raw request target (path and query as sent) under /v2 or /api that no route may see, or
 * null: a path not in normal form (answered rather than resolved: `/v2/bookings/x/../y` must not silently reach
 * another route), then refusePath's.
 */
export function refuseRawTarget(method: string, target: string): Response | null {
  const pathname = pathnameOf(target);
  if (!isGuardedPath(pathname)) return null;
  if (UNNORMALISED_PATH.test(pathname)) {
    return refused(method, errorResponse("BAD_REQUEST", "The request path has dot segments (. or ..) or empty segments (//); send the normalised path"));
  }
  return refusePath(method, pathname);
}

/**
 * The path of a request target: origin-form (`/v2/me?x=1`) as sent; absolute-form (`http://host/v2/me/`, which a
 * server must accept too) through URL, which resolves its dot segments, so only refusePath's checks remain for it.
 */
function pathnameOf(target: string): string {
  if (target.startsWith("/")) return target.split("?")[0]!;
  try {
    return new URL(target).pathname;
  } catch {
    return target;
  }
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
