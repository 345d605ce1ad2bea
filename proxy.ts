/**
 * /v2 and /api paths the framework would answer outside the v2 envelope (a malformed percent-escape; under /v2 a
 * trailing slash or what dot segments resolve to) are answered here, in the envelope: server/http/path-guard.ts.
 *
 * Requests inside the OnboardingEmbed iframe (they carry the signed, partitioned embed cookie):
 * - the embeddable pages may be framed by the verified origin only (CSP frame-ancestors); without the
 *   cookie, next.config.mjs gives them frame-ancestors 'none' like every other page;
 * - next-auth is served by its embed twin, whose cookies are SameSite=None; Secure; Partitioned.
 * Authorization is not decided here: pages and actions re-read the embed context themselves.
 */
import { NextResponse, type NextRequest } from "next/server";
import { isGuardedPath, refusePath } from "./server/http/path-guard";
import { EMBED_COOKIE, frameAncestors, openEmbedContext } from "./server/onboarding/embed-session";

const AUTH_PREFIX = "/api/auth/";
const EMBED_AUTH_PREFIX = "/api/onboarding-embed/auth/";
/** The paths the embed handling below is for (the matcher also sends /v2 and /api here for the path guard). */
const EMBED_PATHS = /^\/(api\/auth|api\/onboarding-embed\/auth|onboarding|auth\/oauth2\/authorize$)(\/|$)/;

export function proxy(request: NextRequest) {
  const refusal = isGuardedPath(request.nextUrl.pathname) ? refusePath(request.method, request.nextUrl.pathname) : null;
  if (refusal) return refusal;
  if (!EMBED_PATHS.test(request.nextUrl.pathname)) return NextResponse.next();
  const context = openEmbedContext(request.cookies.get(EMBED_COOKIE)?.value);
  const { pathname } = request.nextUrl;
  // The twin is for the embed only: addressed directly, without an embed context, it does not exist.
  if (pathname.startsWith(EMBED_AUTH_PREFIX) && !context) return new NextResponse(null, { status: 404 });
  if (pathname.startsWith(AUTH_PREFIX) && !context) return NextResponse.next();
  let response = NextResponse.next();
  if (pathname.startsWith(AUTH_PREFIX)) {
    const url = request.nextUrl.clone();
    url.pathname = EMBED_AUTH_PREFIX + pathname.slice(AUTH_PREFIX.length);
    response = NextResponse.rewrite(url);
  }
  response.headers.set("Content-Security-Policy", frameAncestors(context?.origin ?? null));
  if (!context) response.headers.set("X-Frame-Options", "DENY");
  return response;
}

export const config = {
  // /api/:path* covers /api/auth/… and /api/onboarding-embed/auth/… too.
  matcher: ["/v2/:path*", "/api/:path*", "/onboarding", "/onboarding/:path*", "/auth/oauth2/authorize"],
};
