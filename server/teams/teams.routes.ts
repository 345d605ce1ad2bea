import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { pageOf } from "../http/pagination";
import { ZTeamOutput } from "./team.dto";
import { ZCreateTeamInput, ZListTeamsQuery, ZTeamIdParams, ZUpdateTeamInput } from "./team.schemas";
import { createTeam, deleteTeam, getTeam, listTeams, updateTeam } from "./team.service";
import { TEAM_LEVEL } from "./team-level";
import { teamMembershipRoutes } from "./team-level.routes";

const tag = "Teams";
/** The team of `{teamId}`, and the permission (server/auth/permissions.ts) the use case checks on it. */
const { team } = TEAM_LEVEL;

/** What the routes on my teams, and on one of them, share. */
const myTeams = { tag, path: "/v2/teams", response: ZTeamOutput } as const;
const oneTeam = { tag, path: "/v2/teams/{teamId}", params: ZTeamIdParams, response: ZTeamOutput } as const;
const read = { scope: "TEAM_PROFILE_READ" } as const;
const write = { scope: "TEAM_PROFILE_WRITE" } as const;

export const listTeamsRoute = defineRoute(
  { ...myTeams, method: "GET", summary: "Get my teams, with their organization", access: read, query: ZListTeamsQuery, paginated: true },
  ({ actor, query }) => pageOf(listTeams(actor, query), query),
);
export const createTeamRoute = defineRoute(
  { ...myTeams, method: "POST", summary: "Create a team (you become its OWNER)", access: write, body: ZCreateTeamInput, successStatus: 201 },
  ({ actor, body }) => createTeam(actor, body),
);
export const getTeamRoute = defineRoute(
  { ...oneTeam, method: "GET", summary: "Get a team", access: { ...read, team: team("team.read") } },
  ({ actor, params }) => getTeam(actor, params.teamId),
);
export const updateTeamRoute = defineRoute(
  { ...oneTeam, method: "PATCH", summary: "Update a team", access: { ...write, team: team("team.update") }, body: ZUpdateTeamInput },
  ({ actor, params, body }) => updateTeam(actor, params.teamId, body),
);
export const deleteTeamRoute = defineRoute(
  {
    ...oneTeam,
    method: "DELETE",
    summary: "Delete a team: its memberships and event types go with it; their bookings stay, without an event type",
    access: { ...write, team: team("team.delete") },
  },
  ({ actor, params }) => deleteTeam(actor, params.teamId),
);

export const {
  list: listMembershipsRoute,
  create: createMembershipRoute,
  get: getMembershipRoute,
  update: updateMembershipRoute,
  delete: deleteMembershipRoute,
  invite: inviteToTeamRoute,
} = teamMembershipRoutes(TEAM_LEVEL, {
  tag,
  summaries: {
    list: "Get a team's memberships",
    create:
      "Invite a user by id: the answer is a pending membership (accepted: false, no profile) and the user is mailed a link to accept or decline; it grants nothing until they accept, and keeps its id then. accepted: true for anyone but yourself is read as this invitation (the peer's admins send it; only the user can accept), and the answer's invitation says so. An id that names nobody is answered the same way. Only an OWNER invites an OWNER",
    get: "Get a membership",
    update:
      "Update a membership's role, or suspend it (accepted: false); only the user accepts (accepted: true from anyone else: 400 on body.accepted). The last owner cannot be demoted: 409",
    delete: "Remove a membership, or revoke a pending one's invitation (the last owner cannot leave: 409)",
    invite:
      "Invite someone by e-mail: a single-use link valid 7 days, mailed to them and answered once (token, inviteLink) as the peer answers it, so you may hand it over yourself (an existing member or a pending invitation: 409; only an OWNER invites an OWNER)",
  },
  inviteStatus: 201,
});

export const teamRoutes: ApiRoute[] = [
  listTeamsRoute,
  createTeamRoute,
  getTeamRoute,
  updateTeamRoute,
  deleteTeamRoute,
  listMembershipsRoute,
  createMembershipRoute,
  getMembershipRoute,
  updateMembershipRoute,
  deleteMembershipRoute,
  inviteToTeamRoute,
];
