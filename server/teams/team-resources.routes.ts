/**
 * A team's bookings, its members' schedules and their out-of-office entries, for the team's owners and admins (and
 * its organization's): the permissions booking.readAll, schedule.readMembers, ooo.readMembers and ooo.writeMembers. The services check them
 * and hold the same roles in their queries (booking-access.ts, schedule-access.ts, ooo-access.ts).
 */
import { z } from "zod";
import type { Permission } from "../auth/permissions";
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { ZIdParam } from "../http/ids";
import { Page, ZPaginationQuery } from "../http/pagination";
import { BOOKINGS_VERSIONS } from "../http/versioning";
import { ZListBookingsQuery } from "../bookings/booking-list-query";
import { ZBookingOutput } from "../bookings/booking-output.schema";
import { listTeamBookings } from "../bookings/booking-reads";
import { ZOooOutput } from "../out-of-office/out-of-office.dto";
import { ZCreateOooInput, ZListOooQuery, ZUpdateOooInput } from "../out-of-office/out-of-office.schemas";
import {
  createTeamMemberOutOfOffice,
  deleteTeamMemberOutOfOffice,
  listTeamMemberOutOfOffice,
  updateTeamMemberOutOfOffice,
} from "../out-of-office/out-of-office.service";
import { ZScheduleOutput } from "../schedules/schedule.dto";
import { listTeamSchedules } from "../schedules/schedule.service";
import { ZTeamIdParams } from "./team.schemas";

/** The team of `{teamId}`, and the permission (server/auth/permissions.ts) the use case checks on it. */
const team = (permission: Permission) => ({ param: "teamId", permission });
const ZMemberParams = z.object({ teamId: ZIdParam, userId: ZIdParam });
const ZMemberOooParams = ZMemberParams.extend({ oooId: ZIdParam });
const ORG_OOO = "/v2/organizations/{orgId}/users/{userId}/ooo";

export const listTeamBookingsRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/teams/{teamId}/bookings",
    tag: "Teams / Bookings",
    versions: BOOKINGS_VERSIONS,
    summary: "Get the team's bookings (its event types' and their managed children's), with the filters, sorts and pages of GET /v2/bookings",
    access: { scope: "TEAM_BOOKING_READ", team: team("booking.readAll") },
    params: ZTeamIdParams,
    query: ZListBookingsQuery,
    response: ZBookingOutput,
    paginated: true,
  },
  ({ actor, params, query }) => listTeamBookings(actor, params.teamId, query),
);

export const listTeamSchedulesRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/teams/{teamId}/schedules",
    tag: "Teams / Schedules",
    summary: "Get all team member schedules",
    access: { scope: "TEAM_SCHEDULE_READ", team: team("schedule.readMembers") },
    params: ZTeamIdParams,
    query: ZPaginationQuery,
    response: ZScheduleOutput,
    paginated: true,
  },
  async ({ actor, params, query }) => {
    const { items, totalItems } = await listTeamSchedules(actor, params.teamId, query);
    return new Page(items, totalItems, query);
  },
);

const oooTag = "Teams / Users / OOO";

export const listTeamMemberOooRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/teams/{teamId}/users/{userId}/ooo",
    peerOperation: `GET ${ORG_OOO}`,
    tag: oooTag,
    summary: "Get a team member's out-of-office entries (404 for a user who is not an accepted member)",
    access: { scope: "TEAM_SCHEDULE_READ", team: team("ooo.readMembers") },
    params: ZMemberParams,
    query: ZListOooQuery,
    response: ZOooOutput,
    paginated: true,
  },
  async ({ actor, params, query }) => {
    const { items, totalItems } = await listTeamMemberOutOfOffice(actor, params.teamId, params.userId, query);
    return new Page(items, totalItems, query);
  },
);

export const createTeamMemberOooRoute = defineRoute(
  {
    method: "POST",
    path: "/v2/teams/{teamId}/users/{userId}/ooo",
    peerOperation: `POST ${ORG_OOO}`,
    tag: oooTag,
    summary:
      "Create an out-of-office entry for a team member (409 when it overlaps another of theirs; toUserId: another accepted member, who receives their round-robin bookings meanwhile)",
    access: { scope: "TEAM_SCHEDULE_WRITE", team: team("ooo.writeMembers") },
    params: ZMemberParams,
    body: ZCreateOooInput,
    response: ZOooOutput,
    successStatus: 201,
  },
  ({ actor, params, body }) => createTeamMemberOutOfOffice(actor, params.teamId, params.userId, body),
);

export const updateTeamMemberOooRoute = defineRoute(
  {
    method: "PATCH",
    path: "/v2/teams/{teamId}/users/{userId}/ooo/{oooId}",
    peerOperation: `PATCH ${ORG_OOO}/{oooId}`,
    tag: oooTag,
    summary: "Update a team member's out-of-office entry",
    access: { scope: "TEAM_SCHEDULE_WRITE", team: team("ooo.writeMembers") },
    params: ZMemberOooParams,
    body: ZUpdateOooInput,
    response: ZOooOutput,
  },
  ({ actor, params, body }) => updateTeamMemberOutOfOffice(actor, params.teamId, params.userId, params.oooId, body),
);

export const deleteTeamMemberOooRoute = defineRoute(
  {
    method: "DELETE",
    path: "/v2/teams/{teamId}/users/{userId}/ooo/{oooId}",
    peerOperation: `DELETE ${ORG_OOO}/{oooId}`,
    tag: oooTag,
    summary: "Delete a team member's out-of-office entry",
    access: { scope: "TEAM_SCHEDULE_WRITE", team: team("ooo.writeMembers") },
    params: ZMemberOooParams,
    response: ZOooOutput,
  },
  ({ actor, params }) => deleteTeamMemberOutOfOffice(actor, params.teamId, params.userId, params.oooId),
);

export const teamResourceRoutes: ApiRoute[] = [
  listTeamBookingsRoute,
  listTeamSchedulesRoute,
  listTeamMemberOooRoute,
  createTeamMemberOooRoute,
  updateTeamMemberOooRoute,
  deleteTeamMemberOooRoute,
];
