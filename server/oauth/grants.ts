/** Grants: what a user allowed an app. Revoking one stops every token issued under it at once. */
import { db, type Tx } from "../db/client";
import { flushCredentialCache } from "../auth/credential-cache";
import { AppError } from "../errors";
import type { Actor } from "../auth/actor";
import { liveGrantsOf } from "./oauth-access";

export async function revokeGrant(grantId: number): Promise<void> {
  const now = new Date();
  await db.$transaction([
    db.oAuthGrant.updateMany({ where: { id: grantId, revokedAt: null }, data: { revokedAt: now } }),
    db.oAuthToken.updateMany({ where: { grantId, revokedAt: null }, data: { revokedAt: now } }),
  ]);
  await flushCredentialCache();
}

/**
 * Every grant of a client and every token under them, inside the caller's transaction (an admin's
 * rejection). The caller flushes the credential cache once the transaction has committed.
 */
export async function revokeClientGrantsIn(tx: Tx, clientId: string): Promise<void> {
  const now = new Date();
  await tx.oAuthGrant.updateMany({ where: { clientId, revokedAt: null }, data: { revokedAt: now } });
  await tx.oAuthToken.updateMany({ where: { grant: { clientId }, revokedAt: null }, data: { revokedAt: now } });
}

/**
 * The apps and agents a user has authorized, one entry per client with the union of its live grants' scopes and
 * when any of them was last used (an agent is a client whose registration is not a developer's).
 */
export async function listAuthorizedApps(actor: Actor) {
  const grants = await db.oAuthGrant.findMany({
    where: { ...liveGrantsOf(actor), client: { status: { not: "REJECTED" } } },
    select: {
      scopes: true,
      createdAt: true,
      lastUsedAt: true,
      client: { select: { id: true, name: true, logoUrl: true, websiteUrl: true, registration: true } },
    },
    orderBy: { createdAt: "asc" },
  });
  type App = { client: (typeof grants)[number]["client"]; scopes: Set<string>; authorizedAt: Date; lastUsedAt: Date | null };
  const apps = new Map<string, App>();
  for (const grant of grants) {
    const app = apps.get(grant.client.id) ?? { client: grant.client, scopes: new Set<string>(), authorizedAt: grant.createdAt, lastUsedAt: null };
    grant.scopes.forEach((scope) => app.scopes.add(scope));
    if (grant.lastUsedAt && (!app.lastUsedAt || grant.lastUsedAt > app.lastUsedAt)) app.lastUsedAt = grant.lastUsedAt;
    apps.set(grant.client.id, app);
  }
  return [...apps.values()].map(({ client: { registration, ...client }, scopes, authorizedAt, lastUsedAt }) => ({
    ...client,
    isAgent: registration !== "DEVELOPER",
    scopes: [...scopes].sort(),
    authorizedAt,
    lastUsedAt,
  }));
}

/** The user withdraws an app's access: every grant to that client, and so every token, stops now. */
export async function revokeAppAccess(actor: Actor, clientId: string): Promise<void> {
  const grants = await db.oAuthGrant.findMany({ where: { ...liveGrantsOf(actor), clientId }, select: { id: true } });
  if (grants.length === 0) throw new AppError("NOT_FOUND", "This app has no access to revoke");
  for (const { id } of grants) await revokeGrant(id);
}
