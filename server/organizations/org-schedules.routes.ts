/** Schedules under /v2/organizations/{orgId}: the members' (organization level) and a team's members' (team level). */
import { z } from "zod";
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { ZIdParam } from "../http/ids";
import { Page, ZPaginationQuery } from "../http/pagination";
import { ZScheduleOutput } from "../schedules/schedule.dto";
import { ZCreateScheduleInput, ZDeleteScheduleQuery, ZUpdateScheduleInput } from "../schedules/schedule.schemas";
import { org, orgTeam, ZOrgIdParams, ZOrgTeamParams, ZOrgTeamUserParams, ZOrgUserParams } from "./org-teams.schemas";
import {
  createOrganizationUserSchedule,
  deleteOrganizationUserSchedule,
  getOrganizationUserSchedule,
  listOrganizationSchedules,
  listOrganizationTeamSchedules,
  listOrganizationTeamUserSchedules,
  listOrganizationUserSchedules,
  updateOrganizationUserSchedule,
} from "./org-schedules.service";

const tag = "Orgs / Schedules";
const USER_SCHEDULES = "/v2/organizations/{orgId}/users/{userId}/schedules";
const read = { scope: "ORG_SCHEDULE_READ", org: org("org.schedules.read") } as const;
const write = { scope: "ORG_SCHEDULE_WRITE", org: org("org.schedules.write") } as const;
const ZUserScheduleParams = ZOrgUserParams.extend({ scheduleId: ZIdParam });

export const listOrgSchedulesRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/organizations/{orgId}/schedules",
    tag,
    summary: "Get the schedules of every accepted member of the organization",
    access: read,
    params: ZOrgIdParams,
    query: ZPaginationQuery,
    response: ZScheduleOutput,
    paginated: true,
  },
  async ({ actor, params, query }) => {
    const { items, totalItems } = await listOrganizationSchedules(actor, params.orgId, query);
    return new Page(items, totalItems, query);
  },
);

export const listOrgUserSchedulesRoute = defineRoute(
  {
    method: "GET",
    path: USER_SCHEDULES,
    tag,
    summary: "Get a member's schedules (404 for a user who is not an accepted member)",
    access: read,
    params: ZOrgUserParams,
    query: ZPaginationQuery,
    response: ZScheduleOutput,
    paginated: true,
  },
  async ({ actor, params, query }) => {
    const { items, totalItems } = await listOrganizationUserSchedules(actor, params.orgId, params.userId, query);
    return new Page(items, totalItems, query);
  },
);

export const getOrgUserScheduleRoute = defineRoute(
  {
    method: "GET",
    path: `${USER_SCHEDULES}/{scheduleId}`,
    tag,
    summary: "Get a member's schedule",
    access: read,
    params: ZUserScheduleParams,
    response: ZScheduleOutput,
  },
  ({ actor, params }) => getOrganizationUserSchedule(actor, params.orgId, params.userId, params.scheduleId),
);

export const createOrgUserScheduleRoute = defineRoute(
  {
    method: "POST",
    path: USER_SCHEDULES,
    tag,
    summary: "Create a schedule for a member (their first becomes their default)",
    access: write,
    params: ZOrgUserParams,
    body: ZCreateScheduleInput,
    response: ZScheduleOutput,
    successStatus: 201,
  },
  ({ actor, params, body }) => createOrganizationUserSchedule(actor, params.orgId, params.userId, body),
);

export const updateOrgUserScheduleRoute = defineRoute(
  {
    method: "PATCH",
    path: `${USER_SCHEDULES}/{scheduleId}`,
    tag,
    summary: "Update a member's schedule (availability and overrides, when sent, replace the stored lists)",
    access: write,
    params: ZUserScheduleParams,
    body: ZUpdateScheduleInput,
    response: ZScheduleOutput,
  },
  ({ actor, params, body }) => updateOrganizationUserSchedule(actor, params.orgId, params.userId, params.scheduleId, body),
);

export const deleteOrgUserScheduleRoute = defineRoute(
  {
    method: "DELETE",
    path: `${USER_SCHEDULES}/{scheduleId}`,
    tag,
    summary: "Delete a member's schedule (their default only with ?newDefaultScheduleId=<another of theirs>; 409 otherwise)",
    access: write,
    params: ZUserScheduleParams,
    query: ZDeleteScheduleQuery,
    response: z.null(),
  },
  async ({ actor, params, query }) => {
    await deleteOrganizationUserSchedule(actor, params.orgId, params.userId, params.scheduleId, query);
    return null;
  },
);

const teamTag = "Orgs / Teams / Schedules";

export const listOrgTeamSchedulesRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/organizations/{orgId}/teams/{teamId}/schedules",
    tag: teamTag,
    summary: "Get all team member schedules",
    access: { scope: "TEAM_SCHEDULE_READ", team: orgTeam("schedule.readMembers") },
    params: ZOrgTeamParams,
    query: ZPaginationQuery,
    response: ZScheduleOutput,
    paginated: true,
  },
  async ({ actor, params, query }) => {
    const { items, totalItems } = await listOrganizationTeamSchedules(actor, params.orgId, params.teamId, query);
    return new Page(items, totalItems, query);
  },
);

export const listOrgTeamUserSchedulesRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/organizations/{orgId}/teams/{teamId}/users/{userId}/schedules",
    tag: teamTag,
    summary: "Get a team member's schedules (404 for a user who is not an accepted member)",
    access: { scope: "TEAM_SCHEDULE_READ", team: orgTeam("schedule.readMembers") },
    params: ZOrgTeamUserParams,
    response: ZScheduleOutput.array(),
  },
  ({ actor, params }) => listOrganizationTeamUserSchedules(actor, params.orgId, params.teamId, params.userId),
);

export const orgScheduleRoutes: ApiRoute[] = [
  listOrgSchedulesRoute,
  listOrgUserSchedulesRoute,
  getOrgUserScheduleRoute,
  createOrgUserScheduleRoute,
  updateOrgUserScheduleRoute,
  deleteOrgUserScheduleRoute,
  listOrgTeamSchedulesRoute,
  listOrgTeamUserSchedulesRoute,
];
