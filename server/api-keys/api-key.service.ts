/** Personal API keys: shown once at creation, stored as a SHA-256 hash, revocable, optionally expiring. */
import { db, sql, UTC_NOW } from "../db/client";
import { AppError } from "../errors";
import type { Principal } from "../auth/principal";
import { flushCredentialCache } from "../auth/credential-cache";
import { hashSecret, newSecret, secretHint } from "../auth/secrets";
import { ZCreateApiKeyInput, type TCreateApiKeyInput } from "./api-key.schemas";
import type { Actor } from "../auth/actor";
import { liveApiKeysOf } from "./api-key-access";

/** lastUsedAt is refreshed at most this often, so authenticated reads do not each cost a write. */
const LAST_USED_GRANULARITY_MS = 60_000;

const API_KEY_LISTING = { id: true, name: true, hint: true, createdAt: true, lastUsedAt: true, expiresAt: true } as const;

/** The plaintext key leaves the server only in this return value. */
export async function createApiKey({ userId }: Actor, input: TCreateApiKeyInput) {
  const { name, expiresAt } = ZCreateApiKeyInput.parse(input);
  const key = newSecret("apiKey");
  const created = await db.apiKey.create({
    data: { userId, name, expiresAt: expiresAt ?? null, hash: hashSecret(key), hint: secretHint(key) },
    select: API_KEY_LISTING,
  });
  return { ...created, key };
}

export function listApiKeys(actor: Actor) {
  return db.apiKey.findMany({ where: liveApiKeysOf(actor), select: API_KEY_LISTING, orderBy: { createdAt: "desc" } });
}

export async function revokeApiKey(actor: Actor, id: number) {
  const { count } = await db.apiKey.updateMany({ where: { id, ...liveApiKeysOf(actor) }, data: { revokedAt: new Date() } });
  if (count === 0) throw new AppError("NOT_FOUND", "API key not found");
  await flushCredentialCache();
}

/**
 * A new key in place of one of the actor's: the same name, the expiry asked for; the old key is revoked in the same
 * transaction (a key revoked meanwhile is a 404 and nothing is created), and every process forgets it at once.
 */
export async function refreshApiKey(actor: Actor, id: number, expiresAt: Date | null) {
  const key = newSecret("apiKey");
  const created = await db.$transaction(async (tx) => {
    const old = await tx.apiKey.findFirst({ where: { id, ...liveApiKeysOf(actor) }, select: { name: true } });
    const { count } = old ? await tx.apiKey.updateMany({ where: { id, ...liveApiKeysOf(actor) }, data: { revokedAt: new Date() } }) : { count: 0 };
    if (!old || count === 0) throw new AppError("NOT_FOUND", "API key not found");
    return tx.apiKey.create({
      data: { userId: actor.userId, name: old.name, expiresAt, hash: hashSecret(key), hint: secretHint(key) },
      select: API_KEY_LISTING,
    });
  });
  await flushCredentialCache();
  return { ...created, key };
}

export type ResolvedCredential = { principal: Principal; expiresAt: number | null };

/**
 * The live key with this hash (unknown, revoked and expired keys are null). A hot path, so plain SQL;
 * times are compared in the database (the columns hold UTC without a zone, as Prisma writes them).
 */
export async function findApiKeyCredential(hash: string): Promise<ResolvedCredential | null> {
  const [row] = await sql<{ id: number; userId: number; expiresAtMs: number | null }>(
    `SELECT id, "userId", (EXTRACT(EPOCH FROM "expiresAt" AT TIME ZONE 'UTC') * 1000)::float8 AS "expiresAtMs"
       FROM "ApiKey"
      WHERE hash = $1 AND "revokedAt" IS NULL AND ("expiresAt" IS NULL OR "expiresAt" > ${UTC_NOW})`,
    [hash],
  );
  if (!row) return null;
  return { principal: { userId: row.userId, via: "api-key", credentialId: row.id, scopes: null, oauthClientId: null }, expiresAt: row.expiresAtMs };
}

export async function findPrincipalForApiKey(key: string): Promise<Principal | null> {
  const credential = await findApiKeyCredential(hashSecret(key));
  if (credential) noteApiKeyUse(credential.principal.credentialId);
  return credential?.principal ?? null;
}

const lastNoted = ((globalThis as unknown as { conveneKeyUse?: Map<number, number> }).conveneKeyUse ??= new Map());

/** Records that a key was used, at most once a minute per key and without delaying the request. */
export function noteApiKeyUse(apiKeyId: number): void {
  const now = Date.now();
  if (now - (lastNoted.get(apiKeyId) ?? 0) < LAST_USED_GRANULARITY_MS) return;
  lastNoted.set(apiKeyId, now);
  // Fire and forget: a failed bookkeeping write must not fail the caller's request.
  void sql(`UPDATE "ApiKey" SET "lastUsedAt" = ${UTC_NOW} WHERE id = $1 AND ("lastUsedAt" IS NULL OR "lastUsedAt" < ${UTC_NOW} - interval '1 minute')`, [
    apiKeyId,
  ]).catch(() => {});
}
