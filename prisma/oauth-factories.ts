/**
 * OAuth seed helpers for tests and benchmarks, built on the real services: a reviewed client, a code
 * from the real consent decision, tokens from the real token endpoint logic.
 */
import { sessionActor } from "../server/auth/actor";
import { randomBytes } from "node:crypto";
import { db } from "../server/db/client";
import { decideAuthorization } from "../server/oauth/authorization-codes";
import { createClient } from "../server/oauth/clients";
import type { TCreateClientInput } from "../server/oauth/oauth-client.schemas";
import { s256 } from "../server/oauth/pkce";
import { reviewClient } from "../server/oauth/review";
import { exchangeToken } from "../server/oauth/token";
import { makeUser } from "./factories";

export const REDIRECT_URI = "https://app.example.test/callback";

type ClientOptions = Partial<TCreateClientInput> & { accept?: boolean };

/** A client owned by a fresh developer, accepted by a fresh admin unless `accept: false`. */
export async function makeOAuthClient(options: ClientOptions = {}) {
  const { accept = true, ...input } = options;
  const owner = await makeUser();
  const { client, secret } = await createClient(sessionActor(owner.id), {
    name: "Test app",
    websiteUrl: "https://app.example.test",
    redirectUris: [REDIRECT_URI],
    scopes: ["PROFILE_READ"],
    purpose: "Tests",
    type: "CONFIDENTIAL",
    ...input,
  });
  if (accept) {
    const admin = await makeUser({ role: "ADMIN" });
    await reviewClient(sessionActor(admin.id), { clientId: client.id, decision: "ACCEPT" });
  }
  return { client, secret, owner };
}

/** Turns an existing client into a legacy one, as clients registered before scopes existed are. */
export async function makeLegacy(clientId: string, scopes: string[] = ["READ_BOOKING"]) {
  await db.oAuthClient.update({ where: { id: clientId }, data: { scopes } });
}

export const newVerifier = () => randomBytes(32).toString("base64url");

/** The code a user's "Allow" produces, through the same decision the consent page makes. */
export async function authorizeCode(userId: number, clientId: string, params: Record<string, string> = {}) {
  const decision = await decideAuthorization(sessionActor(userId), { client_id: clientId, redirect_uri: REDIRECT_URI, state: "st", ...params }, true);
  if (decision.kind !== "redirect") throw new Error(`authorization refused: ${decision.message}`);
  const location = new URL(decision.location);
  const code = location.searchParams.get("code");
  if (!code) throw new Error(`no code in ${decision.location}`);
  return code;
}

const CONTEXT = { authorization: null, address: "127.0.0.1" };

/** An access/refresh token pair for a fresh user (or `userId`) holding `scopes`. */
export async function makeOAuthTokens(scopes: string[], options: { userId?: number; type?: "CONFIDENTIAL" | "PUBLIC" } = {}) {
  const type = options.type ?? "CONFIDENTIAL";
  const { client, secret } = await makeOAuthClient({ scopes, type });
  const userId = options.userId ?? (await makeUser()).id;
  const verifier = newVerifier();
  const code = await authorizeCode(userId, client.id, { scope: scopes.join(" "), code_challenge: s256(verifier), code_challenge_method: "S256" });
  const tokens = await exchangeToken(
    { grant_type: "authorization_code", client_id: client.id, client_secret: secret ?? undefined, code, redirect_uri: REDIRECT_URI, code_verifier: verifier },
    CONTEXT,
  );
  return { ...tokens, client, secret, userId };
}
