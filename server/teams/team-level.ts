/**
 * The two places a team's resources are reached from: the team itself (/v2/teams/{teamId}) and a team of an
 * organization (/v2/organizations/{orgId}/teams/{teamId}). The routes on a team (its event types, bookings, members'
 * schedules) are declared once for both by factories that take one of these levels: it says where the team's path
 * is, how the route names the team to check (`team(permission)`), how a team use case reaches the team (the
 * organization's level first checks that the team is one of its own) and which tag the reference files them under.
 */
import type { z } from "zod";
import type { Permission } from "../auth/permissions";
import type { TeamAccess } from "../http/route-definition";
import { ZTeamIdParams } from "./team.schemas";

/** Runs a team use case on the team the path names. */
export type OnTeam<P> = <T>(params: P, teamUseCase: (teamId: number) => Promise<T>) => Promise<T>;

export type TeamLevel<P extends { teamId: number }> = {
  /** The team's own path, e.g. `/v2/teams/{teamId}`. */
  path: string;
  params: z.ZodObject & z.ZodType<P>;
  team: (permission: Permission) => TeamAccess;
  onTeam: OnTeam<P>;
  tags: { eventTypes: string; bookings: string; schedules: string };
};

export const TEAM_LEVEL: TeamLevel<{ teamId: number }> = {
  path: "/v2/teams/{teamId}",
  params: ZTeamIdParams,
  team: (permission) => ({ param: "teamId", permission }),
  onTeam: ({ teamId }, teamUseCase) => teamUseCase(teamId),
  tags: { eventTypes: "Team event types", bookings: "Teams / Bookings", schedules: "Teams / Schedules" },
};
