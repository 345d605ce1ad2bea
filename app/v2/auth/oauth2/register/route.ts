/** RFC 7591 dynamic client registration (JSON body; RFC 7591 error bodies, never the v2 envelope). */
import { clientAddress } from "@/server/http/client-address";
import { withRateLimitHeaders } from "@/server/http/rate-limit-headers";
import { registerDynamicClient } from "@/server/oauth/agents/dynamic-registration";
import { NO_STORE, OAuthError, oauthErrorResponse } from "@/server/oauth/oauth-error";
import { readJsonBody } from "@/server/http/request-input";
import { AppError } from "@/server/errors";

export const POST = (request: Request) =>
  withRateLimitHeaders(async () => {
    try {
      const body = await readJsonBody(request);
      return Response.json(await registerDynamicClient(body, clientAddress(request.headers)), { status: 201, headers: NO_STORE });
    } catch (error) {
      if (error instanceof OAuthError) return oauthErrorResponse(error);
      if (error instanceof AppError) return oauthErrorResponse(new OAuthError("invalid_client_metadata", error.message, error.status === 413 ? 413 : 400));
      throw error;
    }
  });
