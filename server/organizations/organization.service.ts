/**
 * Organizations themselves: created by an instance admin (site, CLI) naming its first OWNER, or by an admin accepting
 * a user's request (organization-requests.service.ts); read, updated and deleted by its own members as the permission
 * table says (requireOrgPermission, checked here so /v2, tRPC and the CLI are held to it alike).
 */
import type { Actor } from "../auth/actor";
import { db, type Tx } from "../db/client";
import { AppError } from "../errors";
import { env } from "../env";
import { queueMails } from "../mail/mail-queue";
import { forgetProfile } from "../me/me.service";
import { addMembership } from "../teams/membership-writes";
import { assertSlugFree, mapSlugRace } from "../teams/team.service";
import { organizationById, organizationNotFound, organizationsVisibleTo, orgRoleOf, requireOrgPermission } from "./organization-access";
import { ZCreateOrganizationInput, ZUpdateOrganizationInput, type TCreateOrganizationInput, type TUpdateOrganizationInput } from "./organization.schemas";

export const ORGANIZATION_SELECT = {
  id: true,
  name: true,
  slug: true,
  bio: true,
  logoUrl: true,
  isOrganization: true,
  timeZone: true,
  weekStart: true,
  metadata: true,
  createdAt: true,
} as const;

export type TOrganizationRow = { id: number; name: string; slug: string; bio: string | null; logoUrl: string | null; isOrganization: boolean; createdAt: Date };

/** Only an instance admin (User.role ADMIN, re-read each time) creates organizations and reviews requests. */
export async function requireInstanceAdmin(tx: Tx, actor: Actor): Promise<void> {
  const user = await tx.user.findUnique({ where: { id: actor.userId }, select: { role: true } });
  if (user?.role !== "ADMIN") throw new AppError("FORBIDDEN", "Only an instance administrator can do this");
}

const ownerMail = (to: string, org: { id: number; name: string }) => ({
  to,
  subject: `You are the owner of the organization "${org.name}"`,
  text: `An administrator made you the owner of the organization "${org.name}" on Convene.\n\nManage it here: ${env().APP_URL}/settings/organizations/${org.id}\n`,
});

/**
 * Creates the organization with `ownerId` as its accepted OWNER, inside the caller's transaction: the slug is checked
 * in the top-level namespace it shares with teams, and the owner must belong to no other organization (409).
 */
export async function insertOrganization(tx: Tx, { name, slug, ownerId }: { name: string; slug: string; ownerId: number }) {
  await assertSlugFree(tx, null, slug);
  const org = await mapSlugRace(slug, tx.team.create({ data: { name, slug, isOrganization: true }, select: ORGANIZATION_SELECT }));
  await addMembership(tx, { teamId: org.id, userId: ownerId, role: "OWNER", accepted: true });
  return org;
}

async function createWithOwner(tx: Tx, input: TCreateOrganizationInput) {
  const { name, slug, ownerEmail } = ZCreateOrganizationInput.parse(input);
  const owner = await tx.user.findUnique({ where: { email: ownerEmail }, select: { id: true, email: true } });
  if (!owner) throw new AppError("NOT_FOUND", `No user with e-mail ${ownerEmail}`, [{ path: "ownerEmail", message: "No such user" }]);
  const org = await insertOrganization(tx, { name, slug, ownerId: owner.id });
  await queueMails(tx, [ownerMail(owner.email, org)]);
  return { org, ownerId: owner.id };
}

/** An instance admin creates an organization and names its first owner (site: /settings/admin/organizations). */
export async function createOrganization(actor: Actor, input: TCreateOrganizationInput) {
  const { org, ownerId } = await db.$transaction(async (tx) => {
    await requireInstanceAdmin(tx, actor);
    return createWithOwner(tx, input);
  });
  await forgetProfile(ownerId);
  return org;
}

/** The operator's door (`npm run cli -- org:create`): whoever runs the CLI on the server holds the database already. */
export async function createOrganizationAsOperator(input: TCreateOrganizationInput) {
  const { org, ownerId } = await db.$transaction((tx) => createWithOwner(tx, input));
  await forgetProfile(ownerId);
  return org;
}

/** Every organization, for the instance admin's page. */
export async function listAllOrganizations(actor: Actor) {
  await requireInstanceAdmin(db, actor);
  return db.team.findMany({
    where: { isOrganization: true },
    select: { ...ORGANIZATION_SELECT, _count: { select: { memberships: { where: { accepted: true } }, teams: true } } },
    orderBy: { id: "desc" },
    take: 500,
  });
}

/** The actor's organization (at most one) with their role in it; null when they belong to none. */
export async function myOrganization(actor: Actor) {
  const org = await db.team.findFirst({ where: organizationsVisibleTo(actor), select: ORGANIZATION_SELECT });
  if (!org) return null;
  return { ...org, role: (await orgRoleOf(actor, org.id))! };
}

export async function getOrganization(actor: Actor, orgId: number) {
  const role = await requireOrgPermission(actor, orgId, "org.read");
  const org = await db.team.findFirst({ where: organizationById(orgId), select: ORGANIZATION_SELECT });
  if (!org) throw organizationNotFound();
  return { ...org, role };
}

export async function updateOrganization(actor: Actor, orgId: number, input: TUpdateOrganizationInput) {
  const changes = ZUpdateOrganizationInput.parse(input);
  return db.$transaction(async (tx) => {
    await requireOrgPermission(actor, orgId, "org.update", tx);
    if (changes.slug !== undefined) await assertSlugFree(tx, null, changes.slug, orgId);
    return mapSlugRace(changes.slug ?? "", tx.team.update({ where: { id: orgId }, data: changes, select: ORGANIZATION_SELECT }));
  });
}

/** Deletes the organization and, by the schema's cascade, its teams and memberships; its users keep their accounts. */
export async function deleteOrganization(actor: Actor, orgId: number) {
  return db.$transaction(async (tx) => {
    await requireOrgPermission(actor, orgId, "org.delete", tx);
    return tx.team.delete({ where: { id: orgId }, select: ORGANIZATION_SELECT });
  });
}
