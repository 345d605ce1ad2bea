/**
 * Which out-of-office entries an actor sees and changes: their own (/v2/me/ooo), and a team member's when the actor
 * is an OWNER or ADMIN of the team or of its organization (/v2/teams/{teamId}/users/{userId}/ooo). Also who may
 * receive a member's bookings while they are away.
 */
import type { Actor } from "../auth/actor";
import type { Prisma } from "../db/generated/client";
import { rolesWith } from "../auth/permissions";
import { teamsWhereActorIs } from "../teams/team-access";

export const outOfOfficeOf = (actor: Actor): Prisma.OutOfOfficeWhereInput => ({ userId: actor.userId });

/** Accepted members of `teamId`, when the actor administers that team: the users whose entries the team routes reach. */
export const teamMembersManagedBy = (actor: Actor, teamId: number): Prisma.UserWhereInput => ({
  memberships: { some: { accepted: true, team: { AND: [{ id: teamId }, teamsWhereActorIs(actor, rolesWith("ooo.readMembers"))] } } },
});

/** `userId`'s entries, reached through the team: none unless the user is an accepted member the actor administers. */
export const outOfOfficeOfTeamMember = (actor: Actor, teamId: number, userId: number): Prisma.OutOfOfficeWhereInput => ({
  userId,
  user: teamMembersManagedBy(actor, teamId),
});

/** Every accepted member's entries, reached through the team: none unless the actor administers it. */
export const outOfOfficeOfTeamMembers = (actor: Actor, teamId: number): Prisma.OutOfOfficeWhereInput => ({ user: teamMembersManagedBy(actor, teamId) });

/** Who a team member's out-of-office may redirect to, and round robin hand their bookings to: the team's accepted members. */
export const redirectTargetsIn = (teamId: number): Prisma.UserWhereInput => ({ memberships: { some: { teamId, accepted: true } } });

/**
 * Who the actor's own out-of-office may redirect to: someone they share a team with, both accepted members. Being
 * invited grants nothing here either, and an id outside the actor's teams is refused like one that names nobody.
 */
export const redirectTargetsOf = (actor: Actor): Prisma.UserWhereInput => ({
  memberships: { some: { accepted: true, team: { memberships: { some: { userId: actor.userId, accepted: true } } } } },
});

/** Whom the site offers as the receiver of a user's bookings while away: the redirect targets, the user excepted. */
export const teammatesOf = (actor: Actor): Prisma.UserWhereInput => ({ AND: [redirectTargetsOf(actor), { id: { not: actor.userId } }] });
