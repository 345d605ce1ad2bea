/**
 * Access and refresh tokens. Access tokens live 1800 s (spec). Refresh tokens rotate on every use and
 * expire after 30 days unused (idle) and 90 days after the user authorized (absolute); the user then
 * authorizes again.
 */
import type { Tx } from "../db/client";
import { hashSecret, newSecret } from "../auth/secrets";

export const ACCESS_TOKEN_SECONDS = 1800;
export const REFRESH_IDLE_MS = 30 * 24 * 3600 * 1000;
export const REFRESH_ABSOLUTE_MS = 90 * 24 * 3600 * 1000;

export type TokenResponse = {
  access_token: string;
  refresh_token: string;
  token_type: "bearer";
  expires_in: number;
  scope: string;
};

/** Idle expiry from now, capped by the grant's absolute lifetime. */
export const refreshTokenExpiry = (grant: { createdAt: Date }, now: number) => Math.min(now + REFRESH_IDLE_MS, grant.createdAt.getTime() + REFRESH_ABSOLUTE_MS);

export async function mintTokenPair(tx: Tx, grant: { id: number; createdAt: Date }, codeId: number | null, scope: string): Promise<TokenResponse> {
  const now = Date.now();
  const accessToken = newSecret("accessToken");
  const refreshToken = newSecret("refreshToken");
  const refreshExpiry = refreshTokenExpiry(grant, now);
  await tx.oAuthToken.createMany({
    data: [
      { hash: hashSecret(accessToken), kind: "ACCESS", grantId: grant.id, codeId, expiresAt: new Date(now + ACCESS_TOKEN_SECONDS * 1000) },
      { hash: hashSecret(refreshToken), kind: "REFRESH", grantId: grant.id, codeId, expiresAt: new Date(refreshExpiry) },
    ],
  });
  return { access_token: accessToken, refresh_token: refreshToken, token_type: "bearer", expires_in: ACCESS_TOKEN_SECONDS, scope };
}
