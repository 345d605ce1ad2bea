/**
 * The caller's network address, for per-address limits (log-in, client authentication, public booking).
 * Every place that needs it asks here. Route handlers see no socket, so Convene's HTTP server
 * (server/bin/next-server.ts) replaces each request's X-Forwarded-For with the one address it derived
 * from the socket and TRUST_PROXY (server/http/forwarded-for.ts); the caller's own copy never gets here.
 */
type HeaderSource = Headers | Record<string, unknown> | undefined;

function headerValue(headers: HeaderSource, name: string): string | null {
  if (!headers) return null;
  if (headers instanceof Headers) return headers.get(name);
  const value = headers[name];
  return typeof value === "string" ? value : null;
}

/** `request.headers` of a route handler, or the plain header object next-auth hands over. */
export function clientAddress(headers: HeaderSource): string {
  return headerValue(headers, "x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}
