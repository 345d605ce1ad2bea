/** A team of an organization as a team level (server/teams/team-level.ts): /v2/organizations/{orgId}/teams/{teamId}. */
import type { TeamLevel } from "../teams/team-level";
import { orgTeam, ZOrgTeamParams } from "./org-teams.schemas";
import { onTeamOfOrganization } from "./org-teams.service";

export const ORG_TEAM_LEVEL: TeamLevel<{ orgId: number; teamId: number }> = {
  path: "/v2/organizations/{orgId}/teams/{teamId}",
  params: ZOrgTeamParams,
  team: orgTeam,
  onTeam: ({ orgId, teamId }, teamUseCase) => onTeamOfOrganization(orgId, teamId, () => teamUseCase(teamId)),
  tags: { eventTypes: "Orgs / Teams / Event Types", bookings: "Orgs / Teams / Bookings", schedules: "Orgs / Teams / Schedules" },
};
