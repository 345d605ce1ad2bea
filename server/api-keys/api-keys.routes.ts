/** POST /v2/api-keys/refresh, as the peer serves it: the calling key is replaced by a new one. */
import { z } from "zod";
import { AppError } from "../errors";
import { defineRoute } from "../http/api-route";
import { refreshedKeyExpiry, ZApiRefreshApiKeyInput } from "./api-key.schemas";
import { refreshApiKey } from "./api-key.service";

export const refreshApiKeyRoute = defineRoute(
  {
    method: "POST",
    path: "/v2/api-keys/refresh",
    tag: "API keys",
    summary:
      "Replace the API key this request is sent with by a new one (same name), revoked at once: the answer is the new key, shown once. It expires after apiKeyDaysValid days (default 30, as the peer's), or never with apiKeyNeverExpires: true",
    access: "api-key-only",
    body: ZApiRefreshApiKeyInput,
    response: z.object({ apiKey: z.string().describe("The new key; the one the request was sent with no longer works") }),
  },
  async ({ actor, principal, body }) => {
    // Legacy OAuth grants pass api-key-only routes; only an API key names a key to refresh.
    if (principal.via !== "api-key") throw new AppError("FORBIDDEN", "Only an API key can be refreshed: send the key to refresh as the credential");
    const { key } = await refreshApiKey(actor, principal.credentialId, refreshedKeyExpiry(body));
    return { apiKey: key };
  },
);

export const apiKeyRoutes = [refreshApiKeyRoute];
