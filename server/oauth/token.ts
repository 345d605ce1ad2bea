/** POST /v2/auth/oauth2/token: the spec's four variants (code or refresh; secret or PKCE). */
import { db } from "../db/client";
import { hashSecret } from "../auth/secrets";
import { authenticateClient, clientCredentials, clientGrantsAreLive, type AuthenticatedClient } from "./client-auth";
import { effectiveGrantScopes, grantedScopeString } from "./grant-scopes";
import { revokeGrant } from "./grants";
import { findRedeemableCode, spendCodeAndMintTokens } from "./code-redemption";
import { mintTokenPair, type TokenResponse } from "./issued-tokens";
import { OAuthError } from "./oauth-error";
import { verifierMatchesChallenge } from "./pkce";
import { knownResource } from "./authorize";
import type { ProtocolContext } from "./protocol-route";

export type TokenParams = Record<string, string | undefined>;
const GRANT_TYPES = ["authorization_code", "refresh_token"];

function required(params: TokenParams, name: string): string {
  const value = params[name];
  if (!value) throw new OAuthError("invalid_request", `${name} is required`);
  return value;
}

export async function exchangeToken(params: TokenParams, context: ProtocolContext): Promise<TokenResponse> {
  const credentials = clientCredentials(params, context.authorization);
  if (!credentials.clientId) throw new OAuthError("invalid_request", "client_id is required");
  const grantType = required(params, "grant_type");
  if (!GRANT_TYPES.includes(grantType)) {
    throw new OAuthError("unsupported_grant_type", "grant_type must be authorization_code or refresh_token");
  }
  const client = await authenticateClient(credentials, context.address);
  if (!clientGrantsAreLive(client)) throw new OAuthError("unauthorized_client", "This client is not approved");
  return grantType === "authorization_code" ? redeemCode(client, params) : refresh(client, params);
}

/**
 * RFC 8707 §2.2: a resource sent to the token endpoint must be the one the user authorized (tokens cannot be
 * re-aimed at another resource); left out, the token is for the authorized one.
 */
function requireSameResource(params: TokenParams, authorized: string | null): void {
  if (params.resource === undefined) return;
  if (knownResource(params.resource) !== authorized || authorized === null) {
    throw new OAuthError("invalid_target", "resource differs from the resource the user authorized");
  }
}

const invalidCode = () => new OAuthError("invalid_grant", "Authorization code is invalid or expired");
const codeReplayed = () => new OAuthError("invalid_grant", "Authorization code was already used; tokens issued from it are revoked");

/**
 * Everything a presenter can get wrong (another client's code, redirect_uri, PKCE) is checked before the code is
 * spent, so a failed attempt by anyone else leaves the owner's code intact. Spending is then the conditional
 * update in the minting statement: of parallel redemptions exactly one commits.
 */
async function redeemCode(client: AuthenticatedClient, params: TokenParams): Promise<TokenResponse> {
  const code = required(params, "code");
  const redirectUri = required(params, "redirect_uri");
  if (client.type === "PUBLIC") required(params, "code_verifier");
  const row = await findRedeemableCode(code);
  if (!row || row.clientId !== client.id) throw invalidCode();
  if (row.isConsumed) return replayedCode(row.grant.id);
  if (row.isDead) throw invalidCode();
  if (row.redirectUri !== redirectUri) throw new OAuthError("invalid_grant", "redirect_uri differs from the one used when authorizing");
  const verifier = params.code_verifier;
  if (row.codeChallenge && (!verifier || !verifierMatchesChallenge(verifier, row.codeChallenge))) {
    throw new OAuthError("invalid_grant", "code_verifier does not match the code_challenge");
  }
  if (!row.codeChallenge && verifier) throw new OAuthError("invalid_grant", "code_verifier sent for a code issued without code_challenge");
  requireSameResource(params, row.grant.resource);
  const tokens = await spendCodeAndMintTokens(row, grantedScopeString(row.grant, row.clientScopes));
  return tokens ?? replayedCode(row.grant.id);
}

/** RFC 6749 §4.1.2: a code used twice by its own client revokes everything issued from it. */
async function replayedCode(grantId: number): Promise<never> {
  await revokeGrant(grantId);
  throw codeReplayed();
}

async function refresh(client: AuthenticatedClient, params: TokenParams): Promise<TokenResponse> {
  const hash = hashSecret(required(params, "refresh_token"));
  const invalid = new OAuthError("invalid_grant", "Refresh token is invalid, expired or revoked");
  const row = await db.oAuthToken.findUnique({
    where: { hash },
    select: {
      id: true,
      kind: true,
      codeId: true,
      expiresAt: true,
      grant: {
        select: {
          id: true,
          clientId: true,
          scopes: true,
          isLegacy: true,
          resource: true,
          createdAt: true,
          revokedAt: true,
          client: { select: { scopes: true } },
        },
      },
    },
  });
  if (!row || row.kind !== "REFRESH" || row.grant.clientId !== client.id) throw invalid;
  requireSameResource(params, row.grant.resource);
  const { count: rotated } = await db.oAuthToken.updateMany({ where: { id: row.id, rotatedAt: null, revokedAt: null }, data: { rotatedAt: new Date() } });
  if (rotated === 0) {
    // A rotated-out refresh token presented again means it leaked: end the whole grant.
    await revokeGrant(row.grant.id);
    throw invalid;
  }
  if (row.expiresAt.getTime() <= Date.now() || row.grant.revokedAt) throw invalid;
  // The client lost every scope this grant held: nothing is left to refresh; the user must authorize again.
  if (effectiveGrantScopes(row.grant, row.grant.client.scopes)?.length === 0) {
    throw new OAuthError("invalid_grant", "The client no longer holds any scope of this grant; authorize again");
  }
  const scope = grantedScopeString(row.grant, row.grant.client.scopes);
  return db.$transaction(async (tx) => {
    await tx.oAuthGrant.update({ where: { id: row.grant.id }, data: { lastRefreshedAt: new Date() } });
    return mintTokenPair(tx, row.grant, row.codeId, scope);
  });
}
