/** Developers' OAuth clients: register, list, edit (with re-review), delete. */
import { randomBytes } from "node:crypto";
import { db, type Tx } from "../db/client";
import { flushCredentialCache } from "../auth/credential-cache";
import { AppError } from "../errors";
import { env } from "../env";
import { queueMails } from "../mail/mail-queue";
import { createClientSecretIn } from "./client-secrets";
import { CLIENT_SELECT } from "./client-dto";
import { ZCreateClientInput, ZUpdateClientInput, type TCreateClientInput, type TUpdateClientInput } from "./oauth-client.schemas";
import { editNeedsReview } from "./reapproval";
import type { Actor } from "../auth/actor";
import { oauthClientsOwnedBy } from "./oauth-access";

/** Client ids are public identifiers, but random so they cannot be enumerated. */
const newClientId = () => randomBytes(16).toString("hex");

export async function listOwnClients(actor: Actor) {
  return db.oAuthClient.findMany({ where: oauthClientsOwnedBy(actor), select: CLIENT_SELECT, orderBy: { createdAt: "desc" } });
}

export async function getOwnClient(actor: Actor, clientId: string) {
  const client = await db.oAuthClient.findFirst({ where: { id: clientId, ...oauthClientsOwnedBy(actor) }, select: CLIENT_SELECT });
  if (!client) throw new AppError("NOT_FOUND", "OAuth client not found");
  return client;
}

/** A new client waits for review; a confidential one gets its first secret, returned once. */
export async function createClient(actor: Actor, input: TCreateClientInput) {
  const fields = ZCreateClientInput.parse(input);
  const { client, secret } = await db.$transaction(async (tx) => {
    const client = await tx.oAuthClient.create({
      data: { ...fields, logoUrl: fields.logoUrl ?? null, id: newClientId(), ownerId: actor.userId, status: "PENDING" },
      select: CLIENT_SELECT,
    });
    const secret = client.type === "CONFIDENTIAL" ? await createClientSecretIn(tx, client.id) : null;
    await queueReviewRequest(tx, client.id, client.name);
    return { client, secret };
  });
  return { client: await getOwnClient(actor, client.id), secret: secret?.secret ?? null };
}

export async function updateClient(actor: Actor, input: TUpdateClientInput) {
  const ownerId = actor.userId;
  const { clientId, ...changes } = ZUpdateClientInput.parse(input);
  const result = await db.$transaction(async (tx) => {
    const [before] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "OAuthClient" WHERE id = ${clientId} AND "ownerId" = ${ownerId} FOR UPDATE`;
    if (!before) throw new AppError("NOT_FOUND", "OAuth client not found");
    const current = await tx.oAuthClient.findUniqueOrThrow({ where: { id: clientId } });
    const next = { ...current, ...changes, logoUrl: changes.logoUrl === undefined ? current.logoUrl : changes.logoUrl };
    const backToReview = current.status !== "PENDING" && editNeedsReview(current, next);
    const scopesChanged = [...current.scopes].sort().join(" ") !== [...next.scopes].sort().join(" ");
    await tx.oAuthClient.update({
      where: { id: clientId },
      data: { ...changes, ...(backToReview ? { status: "PENDING", rejectionReason: null } : {}) },
    });
    if (backToReview) await queueReviewRequest(tx, clientId, next.name);
    return { scopesChanged };
  });
  // Existing tokens are narrowed to the client's current scopes when resolved: cached ones must be resolved again.
  if (result.scopesChanged) await flushCredentialCache();
  return getOwnClient(actor, clientId);
}

export async function deleteClient(actor: Actor, clientId: string) {
  const { count } = await db.oAuthClient.deleteMany({ where: { id: clientId, ...oauthClientsOwnedBy(actor) } });
  if (count === 0) throw new AppError("NOT_FOUND", "OAuth client not found");
  await flushCredentialCache(); // its grants and tokens went with it
}

/** Every admin is told, in the transaction that made the client pending (mail-queue.ts sends it after the commit). */
export async function queueReviewRequest(tx: Tx, clientId: string, name: string) {
  const admins = await tx.user.findMany({ where: { role: "ADMIN" }, select: { email: true } });
  const reviewUrl = `${env().APP_URL}/settings/admin/oauth`;
  await queueMails(
    tx,
    admins.map(({ email }) => ({
      to: email,
      subject: `OAuth client waiting for review: ${name}`,
      text: `The OAuth client "${name}" (${clientId}) is waiting for review.\n\nReview it at ${reviewUrl}\n`,
    })),
  );
}
