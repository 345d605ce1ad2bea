/**
 * Schedules under /v2/organizations/{orgId}: every member's (org.schedules.read), one member's, read and written by the
 * organization's owners and admins (org.schedules.read / org.schedules.write), and, on one of its teams, the team's
 * members' (the team use cases: another team is a 404 "Team not found").
 *
 * A member's schedules are written by the schedule use cases themselves (schedule.service.ts), for their owner: once
 * the permission is checked and the user found among the organization's accepted members, the admin's request acts
 * as that member for their schedules alone, so the rules of a user's schedules (one default, never zero) stay
 * written once.
 */
import type { Actor } from "../auth/actor";
import type { Permission } from "../auth/permissions";
import { db } from "../db/client";
import { AppError } from "../errors";
import type { TPaginationQuery } from "../http/pagination";
import type { TCreateScheduleInput, TDeleteScheduleQuery, TUpdateScheduleInput } from "../schedules/schedule.schemas";
import {
  createSchedule,
  deleteSchedule,
  getSchedule,
  listSchedules,
  listTeamMemberSchedules,
  listTeamSchedules,
  updateSchedule,
} from "../schedules/schedule.service";
import { requireOrgPermission } from "./organization-access";
import { orgMembersManagedBy } from "./org-teams-access";
import { onTeamOfOrganization } from "./org-teams.service";

/** The member `userId` as the owner of their schedules; 404 "User not found" for anyone who is not an accepted member. */
async function actingForMember(actor: Actor, orgId: number, userId: number, permission: Permission): Promise<Actor> {
  await requireOrgPermission(actor, orgId, permission);
  const member = await db.user.findFirst({ where: { AND: [{ id: userId }, orgMembersManagedBy(actor, orgId, permission)] }, select: { id: true } });
  if (!member) throw new AppError("NOT_FOUND", "User not found");
  return { userId, via: actor.via };
}

/** Every accepted member's schedules, by member then schedule: the organization is the team whose members they are. */
export async function listOrganizationSchedules(actor: Actor, orgId: number, page: TPaginationQuery) {
  await requireOrgPermission(actor, orgId, "org.schedules.read");
  return listTeamSchedules(actor, orgId, page);
}

export const listOrganizationUserSchedules = async (actor: Actor, orgId: number, userId: number, page: TPaginationQuery) =>
  listSchedules(await actingForMember(actor, orgId, userId, "org.schedules.read"), page);

export const getOrganizationUserSchedule = async (actor: Actor, orgId: number, userId: number, scheduleId: number) =>
  getSchedule(await actingForMember(actor, orgId, userId, "org.schedules.read"), scheduleId);

export const createOrganizationUserSchedule = async (actor: Actor, orgId: number, userId: number, input: TCreateScheduleInput) =>
  createSchedule(await actingForMember(actor, orgId, userId, "org.schedules.write"), input);

export const updateOrganizationUserSchedule = async (actor: Actor, orgId: number, userId: number, scheduleId: number, input: TUpdateScheduleInput) =>
  updateSchedule(await actingForMember(actor, orgId, userId, "org.schedules.write"), scheduleId, input);

export const deleteOrganizationUserSchedule = async (actor: Actor, orgId: number, userId: number, scheduleId: number, query: TDeleteScheduleQuery) =>
  deleteSchedule(await actingForMember(actor, orgId, userId, "org.schedules.write"), scheduleId, query);

export const listOrganizationTeamSchedules = (actor: Actor, orgId: number, teamId: number, page: TPaginationQuery) =>
  onTeamOfOrganization(orgId, teamId, () => listTeamSchedules(actor, teamId, page));

export const listOrganizationTeamUserSchedules = (actor: Actor, orgId: number, teamId: number, userId: number) =>
  onTeamOfOrganization(orgId, teamId, () => listTeamMemberSchedules(actor, teamId, userId));
