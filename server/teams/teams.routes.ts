import type { Permission } from "../auth/permissions";
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
const team = (permission: Permission) => ({ param: "teamId", permission });

export const listTeamsRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/teams",
    tag,
    summary: "Get my teams, with their organization",
    access: { scope: "TEAM_PROFILE_READ" },
    query: ZListTeamsQuery,
    response: ZTeamOutput,
    paginated: true,
  },
  ({ actor, query }) => pageOf(listTeams(actor, query), query),
);

export const createTeamRoute = defineRoute(
  {
    method: "POST",
    path: "/v2/teams",
    tag,
    summary: "Create a team (you become its OWNER)",
    access: { scope: "TEAM_PROFILE_WRITE" },
    body: ZCreateTeamInput,
    response: ZTeamOutput,
    successStatus: 201,
  },
  ({ actor, body }) => createTeam(actor, body),
);

export const getTeamRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/teams/{teamId}",
    tag,
    summary: "Get a team",
    access: { scope: "TEAM_PROFILE_READ", team: team("team.read") },
    params: ZTeamIdParams,
    response: ZTeamOutput,
  },
  ({ actor, params }) => getTeam(actor, params.teamId),
);

export const updateTeamRoute = defineRoute(
  {
    method: "PATCH",
    path: "/v2/teams/{teamId}",
    tag,
    summary: "Update a team",
    access: { scope: "TEAM_PROFILE_WRITE", team: team("team.update") },
    params: ZTeamIdParams,
    body: ZUpdateTeamInput,
    response: ZTeamOutput,
  },
  ({ actor, params, body }) => updateTeam(actor, params.teamId, body),
);

export const deleteTeamRoute = defineRoute(
  {
    method: "DELETE",
    path: "/v2/teams/{teamId}",
    tag,
    summary: "Delete a team: its memberships and event types go with it; their bookings stay, without an event type",
    access: { scope: "TEAM_PROFILE_WRITE", team: team("team.delete") },
    params: ZTeamIdParams,
    response: ZTeamOutput,
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
