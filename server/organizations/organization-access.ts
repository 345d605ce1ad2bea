/**
 * Who may do what in an organization, and which rows of it an actor reaches: the organization twin of team-roles.ts
 * and team-access.ts, reading the same table (PERMISSIONS, server/auth/permissions.ts).
 *
 * The model (README, "Organizations"): an organization is a Team with isOrganization; its teams point to it by
 * parentId. A user has at most one organization membership (an accepted Membership row on the organization's team);
 * its role there (OWNER / ADMIN / MEMBER) is what the permissions read. The organization's OWNERs and ADMINs act on
 * every team in it (ORG_ROLE_IN_ITS_TEAMS, applied by teamRoleOf — not repeated here). A team of an organization has
 * its own memberships, and only the organization's members may hold one. Membership is consent: only users created in
 * the organization (User.createdInOrganizationId) may be made members without accepting an invitation.
 */
import type { Actor } from "../auth/actor";
import { holdsPermission, rolesWith, type Permission, type TeamRole } from "../auth/permissions";
import { db, type Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { AppError } from "../errors";
import { onMemberLeft } from "../event-types/team-member-sync";

export const organizationNotFound = () => new AppError("NOT_FOUND", "Organization not found");

const roleList = (roles: readonly TeamRole[]) => (roles.length === 1 ? `the ${roles[0]} role` : `the ${roles.slice(0, -1).join(", ")} or ${roles.at(-1)} role`);

/** The organization `orgId`, as a Prisma filter: a team that is an organization (a plain team's id names none). */
export const organizationById = (orgId: number): Prisma.TeamWhereInput => ({ id: orgId, isOrganization: true });

/** A user's accepted organization membership (at most one: assertOrganizationRules keeps it so). */
export const organizationMembershipOf = (userId: number): Prisma.MembershipWhereInput => ({ userId, accepted: true, team: { isOrganization: true } });

/** The actor's role in the organization; null when `orgId` is no organization or the actor is not an accepted member. */
export async function orgRoleOf(actor: Actor, orgId: number, tx: Tx = db): Promise<TeamRole | null> {
  const membership = await tx.membership.findFirst({ where: { teamId: orgId, ...organizationMembershipOf(actor.userId) }, select: { role: true } });
  return membership?.role ?? null;
}

/**
 * The one policy every use case on an organization asks: 404 "Organization not found" for anyone who is not an
 * accepted member (or an id that names no organization: the answer does not tell which), 403 naming the roles for a
 * member whose role lacks the permission. Returns the actor's role.
 */
export async function requireOrgPermission(actor: Actor, orgId: number, permission: Permission, tx: Tx = db): Promise<TeamRole> {
  const role = await orgRoleOf(actor, orgId, tx);
  if (!role) throw organizationNotFound();
  if (!holdsPermission(role, permission)) {
    const roles = rolesWith(permission);
    throw new AppError("FORBIDDEN", `This operation requires ${roleList(roles)} in the organization; you are ${role}`, { requiredRoles: roles, role });
  }
  return role;
}

/** Organizations where the actor holds one of `roles`. */
export const organizationsWhereActorIs = (actor: Actor, roles: readonly TeamRole[]): Prisma.TeamWhereInput => ({
  isOrganization: true,
  memberships: { some: { userId: actor.userId, accepted: true, role: { in: [...roles] } } },
});

/** The organizations an actor may see (at most one: theirs). */
export const organizationsVisibleTo = (actor: Actor): Prisma.TeamWhereInput => organizationsWhereActorIs(actor, rolesWith("org.read"));

/** The organization's members: users with an accepted membership of it. Nobody who has not accepted is in here. */
export const membersOfOrganization = (orgId: number): Prisma.UserWhereInput => ({ memberships: { some: { teamId: orgId, accepted: true } } });

/** The organization's teams (not the organization itself). */
export const teamsOfOrganization = (orgId: number): Prisma.TeamWhereInput => ({ parentId: orgId, parent: { isOrganization: true } });

/** 404 "Team not found" unless `teamId` is one of the organization's teams: an org route never reaches another's team. */
export async function requireTeamOfOrganization(orgId: number, teamId: number, tx: Tx = db): Promise<void> {
  const team = await tx.team.findFirst({ where: { id: teamId, ...teamsOfOrganization(orgId) }, select: { id: true } });
  if (!team) throw new AppError("NOT_FOUND", "Team not found");
}

/** The organization a team is, or belongs to; null for a team outside any. */
export async function organizationOfTeam(tx: Tx, teamId: number): Promise<{ orgId: number; isOrganization: boolean } | null> {
  const team = await tx.team.findUnique({
    where: { id: teamId },
    select: { isOrganization: true, parentId: true, parent: { select: { isOrganization: true } } },
  });
  if (!team) return null;
  if (team.isOrganization) return { orgId: teamId, isOrganization: true };
  return team.parentId !== null && team.parent?.isOrganization ? { orgId: team.parentId, isOrganization: false } : null;
}

/**
 * The consent seam (membership-consent.ts): an organization's admins (org.users.write) may make a user created in
 * their organization a member of it or of one of its teams without the user's acceptance. Anyone else — an existing
 * user from outside, or a user of another organization — joins only by accepting an invitation.
 */
export async function organizationManagesUser(tx: Tx, actor: Actor, teamId: number, userId: number): Promise<boolean> {
  const org = await organizationOfTeam(tx, teamId);
  if (!org) return false;
  const user = await tx.user.findUnique({ where: { id: userId }, select: { createdInOrganizationId: true } });
  if (user?.createdInOrganizationId !== org.orgId) return false;
  const role = await orgRoleOf(actor, org.orgId, tx);
  return role !== null && holdsPermission(role, "org.users.write");
}

/**
 * The organization rules on a membership about to be accepted, inside the caller's transaction: a user belongs to
 * one organization at most (their row is locked, so two organizations accepting them at once cannot both succeed),
 * and a team of an organization admits only the organization's accepted members. 409 on body.userId otherwise.
 */
export async function assertOrganizationRules(tx: Tx, teamId: number, userId: number): Promise<void> {
  const org = await organizationOfTeam(tx, teamId);
  if (!org) return;
  if (org.isOrganization) {
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
    const elsewhere = await tx.membership.findFirst({ where: { ...organizationMembershipOf(userId), teamId: { not: teamId } }, select: { id: true } });
    if (elsewhere) {
      throw new AppError("CONFLICT", "This user already belongs to another organization; a user is a member of one organization at most", [
        { path: "body.userId", message: "Member of another organization" },
      ]);
    }
    return;
  }
  const inOrg = await tx.membership.findFirst({ where: { teamId: org.orgId, ...organizationMembershipOf(userId) }, select: { id: true } });
  if (!inOrg) {
    throw new AppError("CONFLICT", "Only members of the organization can join its teams; add them to the organization first", [
      { path: "body.userId", message: "Not a member of the organization" },
    ]);
  }
}

/**
 * A member left the organization (their accepted membership was removed or suspended): they leave its teams too, in
 * the same transaction, so no team of the organization keeps someone the organization no longer has. Nothing for a
 * plain team.
 */
export async function leaveOrganizationTeams(tx: Tx, teamId: number, userId: number): Promise<void> {
  const org = await organizationOfTeam(tx, teamId);
  if (!org?.isOrganization) return;
  const rows = await tx.membership.findMany({ where: { userId, team: teamsOfOrganization(org.orgId) }, select: { id: true, teamId: true, accepted: true } });
  for (const row of rows) {
    await tx.membership.delete({ where: { id: row.id } });
    if (row.accepted) await onMemberLeft(tx, row.teamId, userId);
  }
}
