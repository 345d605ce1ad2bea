/**
 * Client authentication at the token and revocation endpoints: client_secret_post, client_secret_basic,
 * or none (public clients, which prove possession with PKCE instead). Failures are rate limited.
 */
import { db } from "../db/client";
import { clientSecretMatches } from "./client-secrets";
import { OAuthError } from "./oauth-error";
import { clientAuthRetryAfter, recordClientAuthFailure } from "./rate-limit";

export type ClientCredentials = { clientId: string | undefined; clientSecret: string | undefined };

/** Body parameters, or an `Authorization: Basic` header (RFC 6749 §2.3.1: form-encoded id and secret). */
export function clientCredentials(params: Record<string, string | undefined>, authorization: string | null): ClientCredentials {
  const basic = authorization?.match(/^basic\s+([A-Za-z0-9+/=]+)\s*$/i);
  if (!basic) return { clientId: params.client_id || undefined, clientSecret: params.client_secret || undefined };
  const decoded = Buffer.from(basic[1]!, "base64").toString("utf8");
  const separator = decoded.indexOf(":");
  if (separator < 0) throw new OAuthError("invalid_client", "Malformed Basic credentials");
  const clientId = decodeURIComponent(decoded.slice(0, separator).replace(/\+/g, " "));
  const clientSecret = decodeURIComponent(decoded.slice(separator + 1).replace(/\+/g, " "));
  if (params.client_id && params.client_id !== clientId) throw new OAuthError("invalid_request", "client_id differs from the Basic credentials");
  return { clientId, clientSecret };
}

export type AuthenticatedClient = { id: string; type: "CONFIDENTIAL" | "PUBLIC"; status: "PENDING" | "ACCEPTED" | "REJECTED"; wasAccepted: boolean };

export async function authenticateClient(credentials: ClientCredentials, address: string): Promise<AuthenticatedClient> {
  const { clientId, clientSecret } = credentials;
  if (!clientId) throw new OAuthError("invalid_request", "client_id is required");
  const retryAfter = await clientAuthRetryAfter(clientId, address);
  if (retryAfter > 0) {
    throw new OAuthError("temporarily_unavailable", `Too many failed client authentications; retry in ${retryAfter} seconds`, 429, {
      "Retry-After": String(retryAfter),
    });
  }
  const fail = async (description: string): Promise<never> => {
    await recordClientAuthFailure(clientId, address);
    throw new OAuthError("invalid_client", description);
  };
  const client = await db.oAuthClient.findUnique({ where: { id: clientId }, select: { id: true, type: true, status: true, wasAccepted: true } });
  if (!client) return fail("Unknown client");
  if (client.type === "PUBLIC") {
    if (clientSecret) throw new OAuthError("invalid_request", "Public clients have no client secret; use PKCE");
  } else if (!clientSecret) {
    return fail("client_secret is required for this client");
  } else if (!(await clientSecretMatches(client.id, clientSecret))) {
    return fail("Client authentication failed");
  }
  return client;
}

/**
 * Accepted, or back in review after having been accepted: existing grants keep working meanwhile. A
 * rejection clears wasAccepted (and revokes the grants), so a rejected client edited back to pending stays dead.
 */
export const clientGrantsAreLive = (client: { status: string; wasAccepted: boolean }) =>
  client.status === "ACCEPTED" || (client.status === "PENDING" && client.wasAccepted);
