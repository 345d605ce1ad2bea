/** Which schedules an actor sees and changes: their own; and reads of a team's members' schedules for its owners and admins. */
import type { Actor } from "../auth/actor";
import type { Prisma } from "../db/generated/client";
import { rolesWith } from "../auth/permissions";
import { teamsWhereActorIs } from "../teams/team-access";

export const schedulesOf = (actor: Actor): Prisma.ScheduleWhereInput => ({ userId: actor.userId });

/**
 * The schedules of `teamId`'s accepted members (GET /v2/teams/{teamId}/schedules), when the actor is an OWNER or ADMIN
 * of the team or of its organization; nothing otherwise, whatever the route let through.
 */
export const schedulesOfTeamMembers = (actor: Actor, teamId: number): Prisma.ScheduleWhereInput => ({
  user: teamMembersWhoseSchedulesActorReads(actor, teamId),
});

/** The accepted members of `teamId` whose schedules the actor reads: all of them for its OWNERs and ADMINs (and its organization's), none otherwise. */
export const teamMembersWhoseSchedulesActorReads = (actor: Actor, teamId: number): Prisma.UserWhereInput => ({
  memberships: { some: { accepted: true, team: { AND: [{ id: teamId }, teamsWhereActorIs(actor, rolesWith("schedule.readMembers"))] } } },
});
