/**
 * The caller's network address, for per-address limits (log-in, client authentication, public booking).
 * Every place that needs it asks here. It reads the first hop of X-Forwarded-For, which is only as
 * trustworthy as whatever set it: see the TRUST_PROXY setting in the README.
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
