/** Schedules under /v2/organizations/{orgId}: the members' (organization level) and a team's members' (team level). */
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { ZIdParam } from "../http/ids";
import { pageOf, ZPaginationQuery } from "../http/pagination";
import { ZScheduleOutput } from "../schedules/schedule.dto";
import { scheduleLevelRoutes } from "../schedules/schedule-level.routes";
import { teamSchedulesRoute } from "../teams/team-level.routes";
import { ORG_TEAM_LEVEL } from "./org-team-level";
import { org, orgTeam, ZOrgIdParams, ZOrgTeamUserParams, ZOrgUserParams } from "./org-teams.schemas";
import {
  createOrganizationUserSchedule,
  deleteOrganizationUserSchedule,
  getOrganizationUserSchedule,
  listOrganizationSchedules,
  listOrganizationTeamUserSchedules,
  listOrganizationUserSchedules,
  updateOrganizationUserSchedule,
} from "./org-schedules.service";

const tag = "Orgs / Schedules";
const read = { scope: "ORG_SCHEDULE_READ", org: org("org.schedules.read") } as const;
const write = { scope: "ORG_SCHEDULE_WRITE", org: org("org.schedules.write") } as const;

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
  ({ actor, params, query }) => pageOf(listOrganizationSchedules(actor, params.orgId, query), query),
);

export const {
  list: listOrgUserSchedulesRoute,
  get: getOrgUserScheduleRoute,
  create: createOrgUserScheduleRoute,
  update: updateOrgUserScheduleRoute,
  remove: deleteOrgUserScheduleRoute,
} = scheduleLevelRoutes({
  path: "/v2/organizations/{orgId}/users/{userId}/schedules",
  tag,
  summaries: {
    list: "Get a member's schedules (404 for a user who is not an accepted member)",
    create: "Create a schedule for a member (their first becomes their default)",
    get: "Get a member's schedule",
    update: "Update a member's schedule (availability and overrides, when sent, replace the stored lists)",
    delete: "Delete a member's schedule (their default only with ?newDefaultScheduleId=<another of theirs>; 409 otherwise)",
  },
  params: ZOrgUserParams,
  itemParams: ZOrgUserParams.extend({ scheduleId: ZIdParam }),
  listQuery: ZPaginationQuery,
  read,
  write,
  list: (actor, { orgId, userId }, query) => listOrganizationUserSchedules(actor, orgId, userId, query),
  create: (actor, { orgId, userId }, body) => createOrganizationUserSchedule(actor, orgId, userId, body),
  get: (actor, { orgId, userId, scheduleId }) => getOrganizationUserSchedule(actor, orgId, userId, scheduleId),
  update: (actor, { orgId, userId, scheduleId }, body) => updateOrganizationUserSchedule(actor, orgId, userId, scheduleId, body),
  remove: (actor, { orgId, userId, scheduleId }, query) => deleteOrganizationUserSchedule(actor, orgId, userId, scheduleId, query),
});

const teamTag = "Orgs / Teams / Schedules";

export const listOrgTeamSchedulesRoute = teamSchedulesRoute(ORG_TEAM_LEVEL);

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
