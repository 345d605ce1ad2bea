/**
 * Connecting Zoom through its OAuth consent:
 * 1. GET /v2/conferencing/zoom/oauth/auth-url?returnTo&onErrorReturnTo (bearer, APPS_WRITE) → Zoom's authorization
 *    URL. Its `state` is a random single-use nonce, stored hashed with the user and both return addresses and expiring
 *    after 10 minutes (server/calendars/oauth-connect-state.ts, shared with the calendar connections). Both return
 *    addresses are checked before a state is minted: a path on this service, or the origin of one of the calling
 *    OAuth client's registered redirect URIs; anything else is a 400, so the callback is no open redirect. The state
 *    carries no bearer token: it names nothing but a row only the callback can consume.
 * 2. Zoom sends the browser to GET /api/conferencing/zoom/callback (the redirect URI to register with Zoom) with a
 *    code and that state;
 * 3. the state is consumed (a second use, or an expired one, is a 400), the code exchanged, the tokens stored
 *    sealed, and the browser sent to returnTo (onErrorReturnTo with `error=` when consent was refused or failed).
 */
import type { Principal } from "../auth/principal";
import { checkRedir, consumeState, mintState } from "../calendars/oauth-connect-state";
import { env } from "../env";
import { AppError } from "../errors";
import { log } from "../log";
import type { TAuthUrlQuery } from "./conferencing.schemas";
import { exchangeZoomCode, storeZoomCredential, zoomAuthUrl, zoomClientConfig } from "./zoom-credentials";

/** The provider column of the shared state table: kept apart from the calendar connections' names. */
const STATE_KIND = "conferencing:zoom";

type Caller = Pick<Principal, "userId" | "via" | "oauthClientId">;

export async function getZoomAuthUrl(caller: Caller, query: TAuthUrlQuery) {
  if (!zoomClientConfig()) throw new AppError("BAD_REQUEST", "Zoom is not configured on this server (ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET)");
  const returnTo = await checkRedir(caller, query.returnTo).catch(() => {
    throw new AppError("BAD_REQUEST", "returnTo is not allowed", [
      {
        path: "query.returnTo",
        message: "returnTo must be a path on this service or a URL on the origin of one of the OAuth client's registered redirect URIs",
      },
    ]);
  });
  const onErrorReturnTo = await checkRedir(caller, query.onErrorReturnTo).catch(() => {
    throw new AppError("BAD_REQUEST", "onErrorReturnTo is not allowed", [
      {
        path: "query.onErrorReturnTo",
        message: "onErrorReturnTo must be a path on this service or a URL on the origin of one of the OAuth client's registered redirect URIs",
      },
    ]);
  });
  const state = await mintState(caller.userId, STATE_KIND, JSON.stringify({ returnTo, onErrorReturnTo }));
  return { url: zoomAuthUrl(state) };
}

/** The site's own Connect button (/settings/conferencing): back to that page, whatever happens. */
export async function getZoomAuthUrlForSite(userId: number) {
  if (!zoomClientConfig()) throw new AppError("BAD_REQUEST", "Zoom is not configured on this server (ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET)");
  const page = `${env().APP_URL.replace(/\/$/, "")}/settings/conferencing`;
  const state = await mintState(userId, STATE_KIND, JSON.stringify({ returnTo: page, onErrorReturnTo: page }));
  return { url: zoomAuthUrl(state) };
}

function withParams(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

/** Where to send the browser after Zoom's consent. An unknown, used or expired state is a 400: we cannot know where. */
export async function completeZoomConnection(query: { state?: string; code?: string; error?: string }): Promise<{ redirectTo: string }> {
  const pending = query.state ? await consumeState(query.state, STATE_KIND) : null;
  if (!pending?.redir) throw new AppError("BAD_REQUEST", "Invalid, used or expired state; start the connection again");
  const { returnTo, onErrorReturnTo } = JSON.parse(pending.redir) as { returnTo: string; onErrorReturnTo: string };
  const fail = (error: string) => ({ redirectTo: withParams(onErrorReturnTo, { app: "zoom", error }) });
  if (query.error || !query.code) return fail(query.error === "access_denied" ? "access_denied" : "authorization_failed");
  try {
    const credential = await storeZoomCredential(pending.userId, await exchangeZoomCode(query.code));
    return { redirectTo: withParams(returnTo, { app: "zoom", status: "success", credentialId: String(credential.id) }) };
  } catch (error) {
    log.warn("zoom connection failed", { userId: pending.userId, error });
    return fail("connection_failed");
  }
}
