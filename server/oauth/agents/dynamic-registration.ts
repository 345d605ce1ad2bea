/**
 * RFC 7591 dynamic client registration, the MCP spec's fallback for agents that do not publish a Client ID Metadata
 * Document. Open to anyone (an agent has no account here), so it is rate limited per address, and what it creates is
 * only a client: the instance policy decides whether it may be used, and every user still consents on the consent page.
 */
import { randomBytes } from "node:crypto";
import { db } from "../../db/client";
import { countAttempt } from "../../security/failure-limits";
import { countedLimit } from "../../security/rate-limits";
import { createClientSecretIn } from "../client-secrets";
import { OAuthError } from "../oauth-error";
import { createAgentClientIn, redirectHosts } from "./agent-clients";
import { getAgentPolicy } from "./agent-policy";
import { ZClientMetadata } from "./client-metadata.schemas";

/** RFC 7591 §3.2.2: a bad redirect URI is invalid_redirect_uri, anything else invalid_client_metadata. */
function metadataOrRefusal(body: unknown) {
  const parsed = ZClientMetadata.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? "body");
  throw new OAuthError(field === "redirect_uris" ? "invalid_redirect_uri" : "invalid_client_metadata", `${issue.path.join(".") || field}: ${issue.message}`);
}

export async function registerDynamicClient(body: unknown, address: string) {
  const { retryAfterSeconds } = await countAttempt([countedLimit("CLIENT_REGISTRATIONS_PER_ADDRESS", `client-registration:addr:${address}`)]);
  if (retryAfterSeconds > 0) {
    throw new OAuthError("temporarily_unavailable", `Too many client registrations; retry in ${retryAfterSeconds} seconds`, 429, {
      "Retry-After": String(retryAfterSeconds),
    });
  }
  const metadata = metadataOrRefusal(body);
  const method = metadata.token_endpoint_auth_method ?? "client_secret_basic";
  const type = method === "none" ? "PUBLIC" : "CONFIDENTIAL";
  const id = `dcr_${randomBytes(16).toString("hex")}`;
  const policy = await getAgentPolicy();
  const { client, secret } = await db.$transaction(async (tx) => {
    const client = await createAgentClientIn(tx, { id, registration: "DYNAMIC", metadata, hosts: redirectHosts(metadata), type }, policy);
    const secret = type === "CONFIDENTIAL" ? await createClientSecretIn(tx, id) : null;
    return { client, secret };
  });
  const stored = await db.oAuthClient.findUniqueOrThrow({
    where: { id: client.id },
    select: { name: true, redirectUris: true, scopes: true, websiteUrl: true, logoUrl: true, createdAt: true },
  });
  return {
    client_id: client.id,
    ...(secret ? { client_secret: secret.secret, client_secret_expires_at: 0 } : {}),
    client_id_issued_at: Math.floor(stored.createdAt.getTime() / 1000),
    client_name: stored.name,
    redirect_uris: stored.redirectUris,
    client_uri: stored.websiteUrl,
    ...(stored.logoUrl ? { logo_uri: stored.logoUrl } : {}),
    scope: stored.scopes.join(" "),
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: method,
    // Not part of RFC 7591: whether an administrator must still review this client before users can authorize it.
    convene_review_status: client.status === "ACCEPTED" ? "accepted" : "pending",
  };
}
