/** A team's event types (/v2/teams/{teamId}/event-types): TEAM_EVENT_TYPE_READ / _WRITE and the team's permissions. */
import type { ApiRoute } from "../http/api-route";
import { teamEventTypeLevelRoutes } from "./team-event-type-level.routes";
import { TEAM_LEVEL } from "../teams/team-level";

export const {
  list: listTeamEventTypesRoute,
  create: createTeamEventTypeRoute,
  get: getTeamEventTypeRoute,
  update: updateTeamEventTypeRoute,
  remove: deleteTeamEventTypeRoute,
  phoneCall: createPhoneCallRoute,
} = teamEventTypeLevelRoutes(TEAM_LEVEL);

export const teamEventTypeRoutes: ApiRoute[] = [
  listTeamEventTypesRoute,
  createTeamEventTypeRoute,
  getTeamEventTypeRoute,
  updateTeamEventTypeRoute,
  deleteTeamEventTypeRoute,
  createPhoneCallRoute,
];
