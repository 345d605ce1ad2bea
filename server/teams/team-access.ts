/**
 * Which teams an actor acts in, as Prisma filters: the query-side twin of teamRoleOf (team-roles.ts), and the
 * clause every resource builder uses for its team-owned rows (event types, bookings of team event types, …).
 * An accepted membership holding one of the roles counts; so does being an OWNER or ADMIN of the organization
 * the team belongs to (its admins act on every team in it).
 */
import type { Actor } from "../auth/actor";
import { orgRolesGiving, rolesWith, type TeamRole } from "../auth/permissions";
import type { Prisma } from "../db/generated/client";

/** Teams where the actor holds one of `roles`, directly or through their organization. */
export function teamsWhereActorIs(actor: Actor, roles: readonly TeamRole[]): Prisma.TeamWhereInput {
  const direct: Prisma.TeamWhereInput = { memberships: { some: { userId: actor.userId, accepted: true, role: { in: [...roles] } } } };
  // The organization rule (ORG_ROLE_IN_ITS_TEAMS): which roles in the team's organization give one of `roles`.
  const orgRoles = orgRolesGiving(roles);
  const viaOrg: Prisma.TeamWhereInput = {
    parent: { isOrganization: true, memberships: { some: { userId: actor.userId, accepted: true, role: { in: orgRoles } } } },
  };
  return orgRoles.length ? { OR: [direct, viaOrg] } : direct;
}

/** The teams an actor may see: every team they act in, with any role. */
export const teamsVisibleTo = (actor: Actor): Prisma.TeamWhereInput => teamsWhereActorIs(actor, rolesWith("team.read"));

/** Memberships an actor may see: those of the teams they act in. */
export const membershipsVisibleTo = (actor: Actor): Prisma.MembershipWhereInput => ({ team: teamsVisibleTo(actor) });
