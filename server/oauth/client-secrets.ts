/** Client secrets of confidential clients: at most two active, shown once, revoked with no grace. */
import { db, type Tx } from "../db/client";
import { AppError } from "../errors";
import { hashSecret, newSecret, secretHint } from "../auth/secrets";
import { MAX_ACTIVE_SECRETS } from "./oauth-client.schemas";
import type { Actor } from "../auth/actor";
import { oauthClientsOwnedBy } from "./oauth-access";

export { MAX_ACTIVE_SECRETS };

/** Inside the caller's transaction, after it has checked ownership. The plaintext is returned once. */
export async function createClientSecretIn(tx: Tx, clientId: string) {
  const secret = newSecret("clientSecret");
  const row = await tx.oAuthClientSecret.create({
    data: { clientId, hash: hashSecret(secret), hint: secretHint(secret) },
    select: { id: true, hint: true, createdAt: true },
  });
  return { ...row, secret };
}

export async function createClientSecret({ userId: ownerId }: Actor, clientId: string) {
  return db.$transaction(async (tx) => {
    // Row lock: two parallel "generate" clicks cannot both pass the count check.
    const [client] = await tx.$queryRaw<{ type: string }[]>`SELECT type FROM "OAuthClient" WHERE id = ${clientId} AND "ownerId" = ${ownerId} FOR UPDATE`;
    if (!client) throw new AppError("NOT_FOUND", "OAuth client not found");
    if (client.type !== "CONFIDENTIAL") throw new AppError("BAD_REQUEST", "Public clients use PKCE and have no secrets");
    if ((await tx.oAuthClientSecret.count({ where: { clientId } })) >= MAX_ACTIVE_SECRETS) {
      throw new AppError("CONFLICT", `A client can hold at most ${MAX_ACTIVE_SECRETS} secrets. Revoke one before generating another.`);
    }
    return createClientSecretIn(tx, clientId);
  });
}

export async function revokeClientSecret(actor: Actor, clientId: string, secretId: number) {
  const { count } = await db.oAuthClientSecret.deleteMany({ where: { id: secretId, clientId, client: oauthClientsOwnedBy(actor) } });
  if (count === 0) throw new AppError("NOT_FOUND", "Secret not found");
}
