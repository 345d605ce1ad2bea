/**
 * The one answer to "what is this actor in this team": their accepted membership's role, or — the team being
 * part of an organization — their role in the organization when they are its OWNER or ADMIN (an organization's
 * admins act on every team in it; its plain members do not become members of its teams). Route access
 * (api-route.ts) and the query builders' team clauses (team-access.ts) say the same thing.
 */
import type { Actor } from "../auth/actor";
import { ORG_ROLE_IN_ITS_TEAMS, rolesWith, type Permission } from "../auth/permissions";
import { db, type Tx } from "../db/client";
import { AppError } from "../errors";
import type { TeamRole } from "../http/route-definition";

const RANK: Record<TeamRole, number> = { MEMBER: 1, ADMIN: 2, OWNER: 3 };

const higher = (a: TeamRole | null, b: TeamRole | null): TeamRole | null => (!a ? b : !b ? a : RANK[a] >= RANK[b] ? a : b);

/** The actor's role in the team; null when the team does not exist or the actor is not an accepted member. */
export async function teamRoleOf(actor: Actor, teamId: number, tx: Tx = db): Promise<TeamRole | null> {
  const ownRole = { where: { userId: actor.userId, accepted: true }, select: { role: true }, take: 1 } as const;
  const team = await tx.team.findUnique({
    where: { id: teamId },
    select: { memberships: ownRole, parent: { select: { isOrganization: true, memberships: ownRole } } },
  });
  if (!team) return null;
  const direct = team.memberships[0]?.role ?? null;
  const inOrg = team.parent?.isOrganization ? (team.parent.memberships[0]?.role ?? null) : null;
  return higher(direct, inOrg ? ORG_ROLE_IN_ITS_TEAMS[inOrg] : null);
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
export const requirePermission = (actor: Actor, target: { teamId: number }, permission: Permission, tx: Tx = db): Promise<TeamRole> =>
  requireTeamRole(actor, target.teamId, rolesWith(permission), tx);
