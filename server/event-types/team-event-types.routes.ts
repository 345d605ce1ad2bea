/** A team's event types (/v2/teams/{teamId}/event-types): TEAM_EVENT_TYPE_READ / _WRITE and the team's permissions. */
import type { ApiRoute } from "../http/api-route";
import { teamEventTypeLevelRoutes } from "./team-event-type-level.routes";
import { ZTeamEventTypesParams } from "./team-event-type.schemas";

export const {
  list: listTeamEventTypesRoute,
  create: createTeamEventTypeRoute,
  get: getTeamEventTypeRoute,
  update: updateTeamEventTypeRoute,
  remove: deleteTeamEventTypeRoute,
  phoneCall: createPhoneCallRoute,
} = teamEventTypeLevelRoutes({
  path: "/v2/teams/{teamId}/event-types",
  tag: "Team event types",
  params: ZTeamEventTypesParams,
  read: { scope: "TEAM_EVENT_TYPE_READ", team: { param: "teamId", permission: "eventType.read" } },
  write: { scope: "TEAM_EVENT_TYPE_WRITE", team: { param: "teamId", permission: "eventType.write" } },
  onTeam: ({ teamId }, teamUseCase) => teamUseCase(teamId),
});

export const teamEventTypeRoutes: ApiRoute[] = [
  listTeamEventTypesRoute,
  createTeamEventTypeRoute,
  getTeamEventTypeRoute,
  updateTeamEventTypeRoute,
  deleteTeamEventTypeRoute,
  createPhoneCallRoute,
];
