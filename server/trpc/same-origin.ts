/**
 * tRPC is for Convene's own pages only. Its session cookie goes along cross-site: the embed's session
 * cookie is SameSite=None. So another site could otherwise call procedures as the signed-in user. We
 * serve a request only when the browser says it comes from our own origin:
 * - `Sec-Fetch-Site`, which browsers set and pages cannot forge, must be `same-origin` (or `none`: the
 *   user typed or bookmarked the URL). `same-site` is refused too, because a sibling subdomain is not us.
 * - `Origin`, when present, must be APP_URL's origin or the origin the request was addressed to.
 * A request with neither header does not come from a browser, so it carries no one's ambient cookies
 * and is served. Queries are checked as well as mutations: they return private data (API keys, apps).
 */
export function isSameOriginRequest(headers: Headers, allowedOrigins: readonly string[]): boolean {
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") return false;
  const origin = headers.get("origin");
  return origin === null || allowedOrigins.includes(origin);
}
