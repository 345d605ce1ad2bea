/**
 * A team's bookings, its members' schedules and their out-of-office entries, for the team's owners and admins (and
 * its organization's): the permissions booking.readAll, schedule.readMembers, ooo.readMembers and ooo.writeMembers. The services check them
 * and hold the same roles in their queries (booking-access.ts, schedule-access.ts, ooo-access.ts).
 */
import { z } from "zod";
import type { Permission } from "../auth/permissions";
import type { ApiRoute } from "../http/api-route";
import { ZIdParam } from "../http/ids";
import { TEAM_LEVEL } from "./team-level";
import { teamBookingsRoute, teamSchedulesRoute } from "./team-level.routes";
import { oooLevelRoutes } from "../out-of-office/ooo-level.routes";
import {
  createTeamMemberOutOfOffice,
  deleteTeamMemberOutOfOffice,
  listTeamMemberOutOfOffice,
  updateTeamMemberOutOfOffice,
} from "../out-of-office/out-of-office.service";

/** The team of `{teamId}`, and the permission (server/auth/permissions.ts) the use case checks on it. */
const team = (permission: Permission) => ({ param: "teamId", permission });
const ZMemberParams = z.object({ teamId: ZIdParam, userId: ZIdParam });

export const listTeamBookingsRoute = teamBookingsRoute(TEAM_LEVEL);
export const listTeamSchedulesRoute = teamSchedulesRoute(TEAM_LEVEL);

export const {
  list: listTeamMemberOooRoute,
  create: createTeamMemberOooRoute,
  update: updateTeamMemberOooRoute,
  remove: deleteTeamMemberOooRoute,
} = oooLevelRoutes({
  path: "/v2/teams/{teamId}/users/{userId}/ooo",
  peerPath: "/v2/organizations/{orgId}/users/{userId}/ooo",
  tag: "Teams / Users / OOO",
  summaries: {
    list: "Get a team member's out-of-office entries (404 for a user who is not an accepted member)",
    create:
      "Create an out-of-office entry for a team member (409 when it overlaps another of theirs; toUserId: another accepted member, who receives their round-robin bookings meanwhile)",
    update: "Update a team member's out-of-office entry",
    delete: "Delete a team member's out-of-office entry",
  },
  params: ZMemberParams,
  itemParams: ZMemberParams.extend({ oooId: ZIdParam }),
  read: { scope: "TEAM_SCHEDULE_READ", team: team("ooo.readMembers") },
  write: { scope: "TEAM_SCHEDULE_WRITE", team: team("ooo.writeMembers") },
  list: (actor, { teamId, userId }, query) => listTeamMemberOutOfOffice(actor, teamId, userId, query),
  create: (actor, { teamId, userId }, body) => createTeamMemberOutOfOffice(actor, teamId, userId, body),
  update: (actor, { teamId, userId, oooId }, body) => updateTeamMemberOutOfOffice(actor, teamId, userId, oooId, body),
  remove: (actor, { teamId, userId, oooId }) => deleteTeamMemberOutOfOffice(actor, teamId, userId, oooId),
});

export const teamResourceRoutes: ApiRoute[] = [
  listTeamBookingsRoute,
  listTeamSchedulesRoute,
  listTeamMemberOooRoute,
  createTeamMemberOooRoute,
  updateTeamMemberOooRoute,
  deleteTeamMemberOooRoute,
];
