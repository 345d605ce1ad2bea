/**
 * Teams: create (the creator becomes its accepted OWNER), read, update, delete. Each use case on a team checks its
 * permission itself (requirePermission: team.read, team.update, team.delete), so /v2, tRPC and the CLI are safe by
 * construction; the reads still go through teamsVisibleTo.
 */
import type { Actor } from "../auth/actor";
import { db, type Tx } from "../db/client";
import { Prisma } from "../db/generated/client";
import { AppError } from "../errors";
import type { TPaginationQuery } from "../http/pagination";
import { forgetProfile } from "../me/me.service";
import { requireOrgPermission, teamsOfOrganization } from "../organizations/organization-access";
import { teamsVisibleTo } from "./team-access";
import { requirePermission } from "./team-roles";
import { TEAM_SELECT, toTeamOutput } from "./team.dto";
import { ZCreateTeamInput, ZUpdateTeamInput, type TCreateTeamInput, type TUpdateTeamInput } from "./team.schemas";

const teamNotFound = () => new AppError("NOT_FOUND", "Team not found");
const slugTaken = (slug: string) => new AppError("CONFLICT", `The team slug "${slug}" is taken`, [{ path: "body.slug", message: "Taken" }]);

/** A slug from the name: lowercase ASCII words joined by hyphens ("Sales & Support" → "sales-support"). */
export const slugFromName = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64)
    .replace(/-+$/, "") || "team";

/**
 * Top-level teams share one slug namespace, but the (parentId, slug) unique index cannot hold it (NULL parents
 * never collide in PostgreSQL): the check runs under a transaction-scoped advisory lock on the slug instead.
 */
export async function assertSlugFree(tx: Tx, parentId: number | null, slug: string, exceptId?: number) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`team-slug:${parentId ?? ""}:${slug}`}))`;
  const holder = await tx.team.findFirst({ where: { parentId, slug, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } });
  if (holder) throw slugTaken(slug);
}

export async function mapSlugRace<T>(slug: string, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw slugTaken(slug);
    throw error;
  }
}

/** The caller's teams (organizations themselves are listed by the organization routes), with their organization. */
export async function listTeams(actor: Actor, page: TPaginationQuery) {
  const where: Prisma.TeamWhereInput = { AND: [{ isOrganization: false }, teamsVisibleTo(actor)] };
  const [rows, totalItems] = await db.$transaction([
    db.team.findMany({ where, select: TEAM_SELECT, orderBy: { id: "asc" }, skip: page.skip, take: page.take }),
    db.team.count({ where }),
  ]);
  return { items: rows.map(toTeamOutput), totalItems };
}

export async function getTeam(actor: Actor, teamId: number) {
  await requirePermission(actor, { teamId }, "team.read");
  const row = await db.team.findFirst({ where: { AND: [{ id: teamId }, teamsVisibleTo(actor)] }, select: TEAM_SELECT });
  if (!row) throw teamNotFound();
  return toTeamOutput(row);
}

/**
 * `organizationId`: a team of that organization (POST /v2/organizations/{orgId}/teams), which needs org.teams.write
 * there and takes its slug in the organization's namespace; the creator is its OWNER either way.
 */
export async function createTeam(actor: Actor, input: TCreateTeamInput, { organizationId = null }: { organizationId?: number | null } = {}) {
  const { metadata, ...fields } = ZCreateTeamInput.parse(input);
  const slug = fields.slug ?? slugFromName(fields.name);
  const team = await db.$transaction(async (tx) => {
    if (organizationId !== null) await requireOrgPermission(actor, organizationId, "org.teams.write", tx);
    await assertSlugFree(tx, organizationId, slug);
    return mapSlugRace(
      slug,
      tx.team.create({
        data: {
          ...fields,
          slug,
          parentId: organizationId,
          metadata: metadata ?? {},
          memberships: { create: { userId: actor.userId, role: "OWNER", accepted: true } },
        },
        select: TEAM_SELECT,
      }),
    );
  });
  await forgetProfile(actor.userId); // /v2/me lists the new team
  return toTeamOutput(team);
}

export async function updateTeam(actor: Actor, teamId: number, input: TUpdateTeamInput) {
  const changes = ZUpdateTeamInput.parse(input);
  const team = await db.$transaction(async (tx) => {
    await requirePermission(actor, { teamId }, "team.update", tx);
    const current = await tx.team.findFirst({ where: { AND: [{ id: teamId }, teamsVisibleTo(actor)] }, select: { parentId: true } });
    if (!current) throw teamNotFound();
    if (changes.slug !== undefined) await assertSlugFree(tx, current.parentId, changes.slug, teamId);
    return mapSlugRace(changes.slug ?? "", tx.team.update({ where: { id: teamId }, data: changes, select: TEAM_SELECT }));
  });
  return toTeamOutput(team);
}

/**
 * Deletes the team as the schema's foreign keys say: its memberships and event types go with it (and an
 * organization's teams with the organization); bookings of its event types stay, with eventTypeId null, so
 * attendees and hosts keep their records.
 */
export async function deleteTeam(actor: Actor, teamId: number) {
  const row = await db.$transaction(async (tx) => {
    await requirePermission(actor, { teamId }, "team.delete", tx);
    return removeTeam(tx, { AND: [{ id: teamId }, teamsVisibleTo(actor)] });
  });
  return toTeamOutput(row);
}

/**
 * DELETE /v2/organizations/{orgId}/teams/{teamId}: the organization's owners and admins delete its teams
 * (org.teams.write, the spec's organization table); another team is a 404 "Team not found".
 */
export async function deleteTeamOfOrganization(actor: Actor, orgId: number, teamId: number) {
  const row = await db.$transaction(async (tx) => {
    await requireOrgPermission(actor, orgId, "org.teams.write", tx);
    return removeTeam(tx, { AND: [{ id: teamId }, teamsOfOrganization(orgId)] });
  });
  return toTeamOutput(row);
}

async function removeTeam(tx: Tx, where: Prisma.TeamWhereInput) {
  const team = await tx.team.findFirst({ where, select: TEAM_SELECT });
  if (!team) throw teamNotFound();
  await tx.team.delete({ where: { id: team.id } });
  return team;
}
