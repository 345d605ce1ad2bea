/**
 * The two database steps of redeeming an authorization code, each one round trip on the `sql` path: the token
 * endpoint is a hot path (`npm run bench`), and Prisma's per-query cost and an interactive transaction's four
 * round trips (BEGIN, spend, mint, COMMIT) dominated it.
 */
import { sql, UTC_NOW } from "../db/client";
import { hashSecret, newSecret } from "../auth/secrets";
import { ACCESS_TOKEN_SECONDS, refreshTokenExpiry, type TokenResponse } from "./issued-tokens";

export type RedeemableCode = {
  id: number;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  isConsumed: boolean;
  /** Expired, or its grant was revoked: either way the code is dead. */
  isDead: boolean;
  grant: { id: number; scopes: string[]; isLegacy: boolean; createdAt: Date; resource: string | null };
  clientScopes: string[];
};

// Expiry is decided by the database clock, as every other token check is (access-tokens.ts).
const CODE_SQL = `
  SELECT code.id, code."clientId", code."redirectUri", code."codeChallenge",
         code."consumedAt" IS NOT NULL AS "isConsumed",
         code."expiresAt" <= ${UTC_NOW} OR g."revokedAt" IS NOT NULL AS "isDead",
         g.id AS "grantId", g.scopes, g."isLegacy", g.resource,
         (EXTRACT(EPOCH FROM g."createdAt" AT TIME ZONE 'UTC') * 1000)::float8 AS "grantCreatedAtMs",
         c.scopes AS "clientScopes"
    FROM "OAuthAuthorizationCode" code
    JOIN "OAuthGrant" g ON g.id = code."grantId"
    JOIN "OAuthClient" c ON c.id = g."clientId"
   WHERE code.hash = $1`;

type CodeRow = Omit<RedeemableCode, "grant"> & { grantId: number; scopes: string[]; isLegacy: boolean; resource: string | null; grantCreatedAtMs: number };

export async function findRedeemableCode(code: string): Promise<RedeemableCode | null> {
  const [row] = await sql<CodeRow>(CODE_SQL, [hashSecret(code)]);
  if (!row) return null;
  const { grantId, scopes, isLegacy, resource, grantCreatedAtMs, ...rest } = row;
  return { ...rest, grant: { id: grantId, scopes, isLegacy, resource, createdAt: new Date(grantCreatedAtMs) } };
}

/**
 * Spends the code and mints its token pair in one statement, so it is atomic without a transaction: the UPDATE
 * matches only an unspent code, and the INSERT takes its rows from the UPDATE's result. Of parallel redemptions
 * the row lock lets exactly one match; the others see the code spent and get null (the caller then treats the
 * request as a replay).
 */
const SPEND_AND_MINT_SQL = `
  WITH spent AS (
    UPDATE "OAuthAuthorizationCode" SET "consumedAt" = ${UTC_NOW}
     WHERE id = $1 AND "consumedAt" IS NULL
     RETURNING id, "grantId"
  )
  INSERT INTO "OAuthToken" (hash, kind, "grantId", "codeId", "expiresAt")
  SELECT pair.hash, pair.kind::"OAuthTokenKind", spent."grantId", spent.id, (pair.expires_at::timestamptz AT TIME ZONE 'UTC')
    FROM spent
   CROSS JOIN (VALUES ($2, 'ACCESS', $3), ($4, 'REFRESH', $5)) AS pair(hash, kind, expires_at)
  RETURNING id`;

export async function spendCodeAndMintTokens(code: RedeemableCode, scope: string): Promise<TokenResponse | null> {
  const now = Date.now();
  const accessToken = newSecret("accessToken");
  const refreshToken = newSecret("refreshToken");
  const inserted = await sql<{ id: number }>(SPEND_AND_MINT_SQL, [
    code.id,
    hashSecret(accessToken),
    new Date(now + ACCESS_TOKEN_SECONDS * 1000).toISOString(),
    hashSecret(refreshToken),
    new Date(refreshTokenExpiry(code.grant, now)).toISOString(),
  ]);
  if (inserted.length === 0) return null;
  return { access_token: accessToken, refresh_token: refreshToken, token_type: "bearer", expires_in: ACCESS_TOKEN_SECONDS, scope };
}
