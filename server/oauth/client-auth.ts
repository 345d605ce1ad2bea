/**
 * Client authentication at the token and revocation endpoints: client_secret_post, client_secret_basic,
 * or none (public clients, which prove possession with PKCE instead). Failures are rate limited.
 */
import { sql } from "../db/client";
import { secretMatchesHash } from "../auth/secrets";
import { log } from "../log";
import { OAuthError } from "./oauth-error";
import { addressLockedFor, clientLockedFor, recordClientAuthFailure } from "./rate-limit";

export type ClientCredentials = { clientId: string | undefined; clientSecret: string | undefined };

/**
 * Body parameters, or an `Authorization: Basic` header (RFC 6749 §2.3.1: form-encoded id and secret), never
 * both: a request that authenticates twice (§2.3) is refused rather than trusted on one of its two claims.
 */
export function clientCredentials(params: Record<string, string | undefined>, authorization: string | null): ClientCredentials {
  const basic = authorization?.match(/^basic(?:\s+(.*))?$/is);
  if (!basic) return { clientId: params.client_id || undefined, clientSecret: params.client_secret || undefined };
  if (params.client_secret !== undefined) {
    throw new OAuthError("invalid_request", "Authenticate once: client_secret in the body and Basic credentials were both sent");
  }
  const { clientId, clientSecret } = decodeBasicCredentials((basic[1] ?? "").trim());
  if (params.client_id !== undefined && params.client_id !== clientId) throw new OAuthError("invalid_request", "client_id differs from the Basic credentials");
  return { clientId, clientSecret };
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2,3})?$/;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Anything that is not base64 of UTF-8 `id:secret`, each form-encoded, is a client that failed to authenticate. */
function decodeBasicCredentials(encoded: string): { clientId: string; clientSecret: string } {
  const malformed = (why: string) => {
    log.warn("OAuth client authentication: malformed Basic credentials", { why });
    return new OAuthError("invalid_client", "Malformed Basic credentials");
  };
  if (encoded === "" || !BASE64.test(encoded)) throw malformed("not base64");
  let decoded: string;
  try {
    decoded = strictUtf8.decode(Buffer.from(encoded, "base64"));
  } catch {
    throw malformed("not UTF-8");
  }
  const separator = decoded.indexOf(":");
  if (separator < 0) throw malformed("no colon");
  const clientId = formDecode(decoded.slice(0, separator));
  const clientSecret = formDecode(decoded.slice(separator + 1));
  if (clientId === null || clientSecret === null) throw malformed("bad percent-encoding");
  if (clientId === "") throw malformed("empty client id");
  return { clientId, clientSecret };
}

/** application/x-www-form-urlencoded decoding of one value; null when a percent-escape is malformed. */
function formDecode(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

export type AuthenticatedClient = { id: string; type: "CONFIDENTIAL" | "PUBLIC"; status: "PENDING" | "ACCEPTED" | "REJECTED"; wasAccepted: boolean };

const tooManyFailures = (retryAfter: number) =>
  new OAuthError("temporarily_unavailable", `Too many failed client authentications; retry in ${retryAfter} seconds`, 429, {
    "Retry-After": String(retryAfter),
  });

/**
 * The client, when it authenticates. A client whose own failures from this address used up its allowance is refused
 * (429) before its secret is even compared. The address's allowance, filled by failures over any client ids, refuses
 * only a request that fails itself: a client presenting its right secret is served whatever others did from its address.
 * Every failure counts, refused or not, so a guess answered 429 still uses up the guessed client's allowance.
 */
export async function authenticateClient(credentials: ClientCredentials, address: string): Promise<AuthenticatedClient> {
  const { clientId, clientSecret } = credentials;
  if (!clientId) throw new OAuthError("invalid_request", "client_id is required");
  const ownWait = await clientLockedFor(clientId, address);
  if (ownWait > 0) throw tooManyFailures(ownWait);
  const fail = async (description: string): Promise<never> => {
    const addressWait = await addressLockedFor(address);
    await recordClientAuthFailure(clientId, address);
    throw addressWait > 0 ? tooManyFailures(addressWait) : new OAuthError("invalid_client", description);
  };
  const row = await findClientWithSecrets(clientId);
  if (!row) return fail("Unknown client");
  const { secretHashes, ...client } = row;
  if (client.type === "PUBLIC") {
    if (clientSecret) throw new OAuthError("invalid_request", "Public clients have no client secret; use PKCE");
  } else if (!clientSecret) {
    return fail("client_secret is required for this client");
  } else if (!secretHashes.map((hash) => secretMatchesHash(clientSecret, hash)).some(Boolean)) {
    // Every active secret is compared (in constant time each), so timing does not tell which one nearly matched.
    return fail("Client authentication failed");
  }
  return client;
}

/** The client and the hashes of its active secrets in one round trip: every token and revocation request starts here. */
const CLIENT_SQL = `
  SELECT c.id, c.type, c.status, c."wasAccepted",
         COALESCE(array_agg(s.hash) FILTER (WHERE s.hash IS NOT NULL), '{}') AS "secretHashes"
    FROM "OAuthClient" c
    LEFT JOIN "OAuthClientSecret" s ON s."clientId" = c.id
   WHERE c.id = $1
   GROUP BY c.id`;

async function findClientWithSecrets(clientId: string): Promise<(AuthenticatedClient & { secretHashes: string[] }) | null> {
  const [row] = await sql<AuthenticatedClient & { secretHashes: string[] }>(CLIENT_SQL, [clientId]);
  return row ?? null;
}

/**
 * Accepted, or back in review after having been accepted: existing grants keep working meanwhile. A
 * rejection clears wasAccepted (and revokes the grants), so a rejected client edited back to pending stays dead.
 */
export const clientGrantsAreLive = (client: { status: string; wasAccepted: boolean }) =>
  client.status === "ACCEPTED" || (client.status === "PENDING" && client.wasAccepted);
