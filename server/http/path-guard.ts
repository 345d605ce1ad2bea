/**
 * Paths the framework would otherwise answer itself, before any route code runs: a malformed percent-escape under
 * /v2 or /api (Next.js answers a plain-text 500 while matching dynamic segments) and, under /v2, a trailing slash,
 * which is also what dot segments such as `/v2/event-types/9/..` resolve to (Next.js answered a 308 redirect).
 * proxy.ts answers them in the v2 envelope.
 * Dot segments inside a path are resolved by the URL parser (RFC 3986 §5.2.4) before the proxy sees the path, so
 * `/v2/a/../me` is `/v2/me`, like it is for any HTTP client that normalises it before sending.
 */
import { randomUUID } from "node:crypto";
import { log } from "../log";
import { errorResponse } from "./envelope";

const V2_PREFIX = "/v2/";

const isV2Path = (pathname: string) => pathname === "/v2" || pathname.startsWith(V2_PREFIX);
/** Where proxy.ts consults refusePath: the JSON surfaces. */
export const isGuardedPath = (pathname: string) => isV2Path(pathname) || pathname.startsWith("/api/");

function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
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
  if (!response) return null;
  const requestId = randomUUID();
  response.headers.set("x-request-id", requestId);
  log.info("refused request path", { requestId, method, status: response.status });
  return response;
}
