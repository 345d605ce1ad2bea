/**
 * Requests inside the OnboardingEmbed iframe (they carry the signed, partitioned embed cookie):
 * - the embeddable pages may be framed by the verified origin only (CSP frame-ancestors); without the
 *   cookie, next.config.mjs gives them frame-ancestors 'none' like every other page;
 * - next-auth is served by its embed twin, whose cookies are SameSite=None; Secure; Partitioned.
 * Authorization is not decided here: pages and actions re-read the embed context themselves.
 */
import { NextResponse, type NextRequest } from "next/server";
import { EMBED_COOKIE, frameAncestors, openEmbedContext } from "./server/onboarding/embed-session";

const AUTH_PREFIX = "/api/auth/";
const EMBED_AUTH_PREFIX = "/api/onboarding-embed/auth/";
/** The paths the embed handling below is for: the matcher's, checked again on the path as Next.js resolved it. */
const EMBED_PATHS = /^\/(api\/auth|api\/onboarding-embed\/auth|onboarding|auth\/oauth2\/authorize$)(\/|$)/;

export function proxy(request: NextRequest) {
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
  // Only the embed's paths: a proxy costs every request it matches (server/http/path-guard.ts says how much), so the
  // API's paths (/v2, /api/health, …) are not matched; their paths are guarded by the HTTP server itself.
  matcher: ["/api/auth/:path*", "/api/onboarding-embed/auth/:path*", "/onboarding", "/onboarding/:path*", "/auth/oauth2/authorize"],
};
