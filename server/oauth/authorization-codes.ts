/** The user's answer on the consent screen: a grant and a 60-second code, or access_denied. */
import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import { hashSecret, newSecret } from "../auth/secrets";
import { authorizationResponse, checkAuthorizationRequest, type AuthorizeParams } from "./authorize";

export const CODE_LIFETIME_MS = 60_000;

export type Decision = { kind: "redirect"; location: string } | { kind: "page-error"; message: string };

/** Re-checks the whole request (the form could have been replayed or altered) before minting anything. */
export async function decideAuthorization({ userId }: Actor, params: AuthorizeParams, allow: boolean): Promise<Decision> {
  const check = await checkAuthorizationRequest(params);
  if (check.kind === "page-error") return check;
  if (check.kind === "redirect-error") return { kind: "redirect", location: check.location };
  const { client, redirectUri, scopes, state, codeChallenge, isLegacy, resource } = check.authorization;
  if (!allow) {
    return { kind: "redirect", location: authorizationResponse(redirectUri, { error: "access_denied", error_description: "The user denied access", state }) };
  }
  const code = newSecret("authorizationCode");
  await db.oAuthGrant.create({
    data: {
      clientId: client.id,
      userId,
      scopes,
      isLegacy,
      resource,
      codes: {
        create: {
          hash: hashSecret(code),
          clientId: client.id,
          userId,
          redirectUri,
          scopes,
          codeChallenge,
          expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
        },
      },
    },
  });
  return { kind: "redirect", location: authorizationResponse(redirectUri, { code, state }) };
}
