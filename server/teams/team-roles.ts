/**
 * The one answer to "what is this actor in this team": their accepted membership's role, or — the team being
 * part of an organization — their role in the organization when they are its OWNER or ADMIN (an organization's
 * admins act on every team in it; its plain members do not become members of its teams). Route access
 * (api-route.ts) and the query builders' team clauses (team-access.ts) say the same thing.
 */
import type { Actor } from "../auth/actor";
import { ORG_ROLE_IN_ITS_TEAMS, orgPermissionFor, rolesWith, type Permission, type TeamRole } from "../auth/permissions";
import { db, type Tx } from "../db/client";
import { AppError } from "../errors";

const RANK: Record<TeamRole, number> = { MEMBER: 1, ADMIN: 2, OWNER: 3 };

const higher = (a: TeamRole | null, b: TeamRole | null): TeamRole | null => (!a ? b : !b ? a : RANK[a] >= RANK[b] ? a : b);

/** The actor's role in the team, and whether the "team" is an organization; null role: no such team, or not an accepted member. */
async function teamRoleAndKind(actor: Actor, teamId: number, tx: Tx): Promise<{ role: TeamRole | null; isOrganization: boolean }> {
  const ownRole = { where: { userId: actor.userId, accepted: true }, select: { role: true }, take: 1 } as const;
  const team = await tx.team.findUnique({
    where: { id: teamId },
    select: { isOrganization: true, memberships: ownRole, parent: { select: { isOrganization: true, memberships: ownRole } } },
  });
  if (!team) return { role: null, isOrganization: false };
  const direct = team.memberships[0]?.role ?? null;
  const inOrg = team.parent?.isOrganization ? (team.parent.memberships[0]?.role ?? null) : null;
  return { role: higher(direct, inOrg ? ORG_ROLE_IN_ITS_TEAMS[inOrg] : null), isOrganization: team.isOrganization };
}

/** The actor's role in the team; null when the team does not exist or the actor is not an accepted member. */
export async function teamRoleOf(actor: Actor, teamId: number, tx: Tx = db): Promise<TeamRole | null> {
  return (await teamRoleAndKind(actor, teamId, tx)).role;
}

const roleList = (roles: readonly TeamRole[]) => (roles.length === 1 ? `the ${roles[0]} role` : `the ${roles.slice(0, -1).join(", ")} or ${roles.at(-1)} role`);

/** 404 "Team not found" for a non-member (no existence leak), 403 naming the roles for a member without one. */
export async function requireTeamRole(actor: Actor, teamId: number, roles: readonly TeamRole[], tx: Tx = db): Promise<TeamRole> {
  const role = await teamRoleOf(actor, teamId, tx);
  if (!role) throw new AppError("NOT_FOUND", "Team not found");
  if (!roles.includes(role)) {
    throw new AppError("FORBIDDEN", `This operation requires ${roleList(roles)} in the team; you are ${role}`, { requiredRoles: roles, role });
  }
  return role;
}

/**
 * The one policy every use case on a team asks (PERMISSIONS, server/auth/permissions.ts): 404 "Team not found" for
 * a non-member, 403 naming the roles for a member whose role lacks the permission. Returns the actor's role.
 */
export async function requirePermission(actor: Actor, target: { teamId: number }, permission: Permission, tx: Tx = db): Promise<TeamRole> {
  const { role, isOrganization } = await teamRoleAndKind(actor, target.teamId, tx);
  if (!role) throw new AppError("NOT_FOUND", "Team not found");
  // An organization reached through a team use case (its memberships, the site's member list) is held to the
  // organization's permission: an organization's plain members do not read its member list, whatever door they use.
  const roles = rolesWith(isOrganization ? orgPermissionFor(permission) : permission);
  if (!roles.includes(role)) {
    throw new AppError("FORBIDDEN", `This operation requires ${roleList(roles)} in the team; you are ${role}`, { requiredRoles: roles, role });
  }
  return role;
}
