/**
 * The transport wrapper of the OAuth protocol endpoints (token, revocation): parse JSON or form body,
 * run the use case, answer with RFC 6749 error bodies and no-store caching.
 */
import { log } from "../log";
import { databaseFailureAsAppError } from "../db/unavailable";
import { isClientAbort } from "../http/client-abort";
import { NO_STORE, OAuthError, oauthErrorResponse } from "./oauth-error";
import { clientAddress } from "../http/client-address";
import { withRateLimitHeaders } from "../http/rate-limit-headers";
import { readProtocolParams } from "./protocol-request";

export type ProtocolContext = { authorization: string | null; address: string };
type ProtocolHandler = (params: Record<string, string | undefined>, context: ProtocolContext) => Promise<unknown>;

export function oauthProtocolRoute(handler: ProtocolHandler) {
  // RateLimit-Policy and RateLimit name the failed client authentication limits the request was counted against.
  return (request: Request): Promise<Response> => withRateLimitHeaders(() => serve(handler, request));
}

async function serve(handler: ProtocolHandler, request: Request): Promise<Response> {
  try {
    const params = await readProtocolParams(request);
    const result = await handler(params, { authorization: request.headers.get("authorization"), address: clientAddress(request.headers) });
    return result === undefined ? new Response(null, { status: 200, headers: NO_STORE }) : Response.json(result, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof OAuthError) return oauthErrorResponse(error);
    if (isClientAbort(error)) {
      log.info("OAuth protocol request aborted by its client before it arrived in full", { url: request.url });
      return oauthErrorResponse(new OAuthError("invalid_request", "The request did not arrive in full"));
    }
    const outage = databaseFailureAsAppError(error);
    if (outage) {
      log.warn(`OAuth protocol endpoint: database failure; answered ${outage.code}`, { url: request.url, error });
      // A token request whose commit went unacknowledged may have spent its code or refresh token: the client learns
      // that rather than "try again", which would then fail as invalid_grant.
      const description =
        outage.code === "OUTCOME_UNKNOWN"
          ? "The server's database stopped answering after this request was sent; it may have been carried out. Start the authorization again if the grant no longer works."
          : "The server cannot reach its database right now; try again shortly";
      return oauthErrorResponse(new OAuthError("temporarily_unavailable", description, 503, outage.headers));
    }
    log.error("OAuth protocol endpoint failed", { url: request.url, error });
    return Response.json({ error: "server_error", error_description: "Unexpected error" }, { status: 500, headers: NO_STORE });
  }
}
