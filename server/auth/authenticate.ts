/** Presented bearer credential → principal, whichever kind of credential it is. */
import { findApiKeyCredential, noteApiKeyUse, type ResolvedCredential } from "../api-keys/api-key.service";
import { findAccessTokenCredential } from "../oauth/access-tokens";
import { noteGrantUse } from "../oauth/grant-use";
import { credentialCache } from "./credential-cache";
import type { Principal } from "./principal";
import { hashSecret, kindOfSecret } from "./secrets";

const RESOLVERS: Partial<Record<ReturnType<typeof kindOfSecret> & string, (hash: string) => Promise<ResolvedCredential | null>>> = {
  apiKey: findApiKeyCredential,
  accessToken: findAccessTokenCredential,
};

export async function principalForBearer(token: string): Promise<Principal | null> {
  const kind = kindOfSecret(token);
  const resolve = kind ? RESOLVERS[kind] : undefined;
  if (!resolve) return null;
  const hash = hashSecret(token);
  let principal = credentialCache.get(hash);
  if (!principal) {
    const generation = credentialCache.generation(hash);
    const credential = await resolve(hash);
    if (!credential) return null;
    credentialCache.set(hash, credential.principal, generation, credential.expiresAt);
    principal = credential.principal;
  }
  if (principal.via === "api-key") noteApiKeyUse(principal.credentialId);
  else if (principal.grantId) noteGrantUse(principal.grantId);
  return principal;
}
