/** Which of an organization's teams an actor's organization-level reads reach (the team routes use team-access.ts). */
import type { Actor } from "../auth/actor";
import { rolesWith, type Permission } from "../auth/permissions";
import type { Prisma } from "../db/generated/client";
import { organizationById, organizationsWhereActorIs, teamsOfOrganization } from "./organization-access";

/** Every team of the organization, when the actor holds org.teams.read in it; none otherwise. */
export const orgTeamsReadableBy = (actor: Actor, orgId: number): Prisma.TeamWhereInput => ({
  parentId: orgId,
  parent: { AND: [organizationById(orgId), organizationsWhereActorIs(actor, rolesWith("org.teams.read"))] },
});

/** The organization's teams the actor is an accepted member of (their own, whatever their role in the organization). */
export const orgTeamsOfMember = (actor: Actor, orgId: number): Prisma.TeamWhereInput => ({
  AND: [teamsOfOrganization(orgId), { memberships: { some: { userId: actor.userId, accepted: true } } }],
});

/**
 * The organization's accepted members, when the actor holds `permission` in it (its owners and admins for the member
 * routes); none otherwise. Nobody who has not accepted is in here: nothing of theirs is the organization's.
 */
export const orgMembersManagedBy = (actor: Actor, orgId: number, permission: Permission): Prisma.UserWhereInput => ({
  memberships: { some: { teamId: orgId, accepted: true, team: { AND: [organizationById(orgId), organizationsWhereActorIs(actor, rolesWith(permission))] } } },
});
