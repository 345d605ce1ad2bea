/** OAuth access token → the same principal shape API keys resolve to. */
import { sql, UTC_NOW } from "../db/client";
import type { Principal } from "../auth/principal";
import { hashSecret } from "../auth/secrets";
import type { ResolvedCredential } from "../api-keys/api-key.service";
import { effectiveGrantScopes } from "./grant-scopes";

/**
 * One round trip (every OAuth-authenticated request passes here). A token is live when it is an unexpired,
 * unrevoked access token of an unrevoked grant whose client is accepted, or back in review after having
 * been accepted — the SQL twin of clientGrantsAreLive() in client-auth.ts. Its scopes are the grant's as
 * narrowed by the client's current ones (grant-scopes.ts); the cache is flushed when a client's scopes change.
 */
const TOKEN_SQL = `
  SELECT t.id, g."userId", g.scopes, g."isLegacy", g.resource, g.id AS "grantId", c.id AS "clientId", c.scopes AS "clientScopes",
         (EXTRACT(EPOCH FROM t."expiresAt" AT TIME ZONE 'UTC') * 1000)::float8 AS "expiresAtMs",
         t.kind = 'ACCESS' AND t."revokedAt" IS NULL AND t."expiresAt" > ${UTC_NOW} AND g."revokedAt" IS NULL
           AND (c.status = 'ACCEPTED' OR (c.status = 'PENDING' AND c."wasAccepted")) AS "isLive"
    FROM "OAuthToken" t
    JOIN "OAuthGrant" g ON g.id = t."grantId"
    JOIN "OAuthClient" c ON c.id = g."clientId"
   WHERE t.hash = $1`;

type TokenRow = {
  id: number;
  userId: number;
  scopes: string[];
  isLegacy: boolean;
  resource: string | null;
  grantId: number;
  clientId: string;
  clientScopes: string[];
  expiresAtMs: number;
  isLive: boolean;
};

export async function findAccessTokenCredential(hash: string): Promise<ResolvedCredential | null> {
  const [row] = await sql<TokenRow>(TOKEN_SQL, [hash]);
  if (!row?.isLive) return null;
  const principal: Principal = {
    userId: row.userId,
    via: "oauth",
    credentialId: row.id,
    scopes: effectiveGrantScopes(row, row.clientScopes),
    oauthClientId: row.clientId,
    resource: row.resource,
    grantId: row.grantId,
  };
  return { principal, expiresAt: row.expiresAtMs };
}

export async function findPrincipalForAccessToken(token: string): Promise<Principal | null> {
  return (await findAccessTokenCredential(hashSecret(token)))?.principal ?? null;
}
