import type { Permission } from "../auth/permissions";
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { Page } from "../http/pagination";
import { ZMembershipOutput, ZTeamOutput } from "./team.dto";
import {
  ZCreateMembershipInput,
  ZCreateTeamInput,
  ZListMembershipsQuery,
  ZListTeamsQuery,
  ZMembershipParams,
  ZTeamIdParams,
  ZUpdateMembershipInput,
  ZUpdateTeamInput,
} from "./team.schemas";
import { createMembership, deleteMembership, getMembership, listMemberships, updateMembership } from "./membership.service";
import { ZInvitationOutput } from "./invitation.dto";
import { ZInviteInput } from "./invitation.schemas";
import { inviteToTeam } from "./invitation.service";
import { createTeam, deleteTeam, getTeam, listTeams, updateTeam } from "./team.service";

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
  async ({ actor, query }) => {
    const { items, totalItems } = await listTeams(actor, query);
    return new Page(items, totalItems, query);
  },
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

export const listMembershipsRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/teams/{teamId}/memberships",
    tag,
    summary: "Get a team's memberships",
    access: { scope: "TEAM_MEMBERSHIP_READ", team: team("membership.read") },
    params: ZTeamIdParams,
    query: ZListMembershipsQuery,
    response: ZMembershipOutput,
    paginated: true,
  },
  async ({ actor, params, query }) => {
    const { items, totalItems } = await listMemberships(actor, params.teamId, query);
    return new Page(items, totalItems, query);
  },
);

export const createMembershipRoute = defineRoute(
  {
    method: "POST",
    path: "/v2/teams/{teamId}/memberships",
    tag,
    summary:
      "Invite a user by id: the answer is a pending membership (accepted: false, no profile) and the user is mailed a link to accept or decline; it grants nothing until they accept, and keeps its id then. accepted: true for anyone but yourself is a 400 on body.accepted. An id that names nobody is answered the same way. Only an OWNER invites an OWNER",
    access: { scope: "TEAM_MEMBERSHIP_WRITE", team: team("membership.write") },
    params: ZTeamIdParams,
    body: ZCreateMembershipInput,
    response: ZMembershipOutput,
    successStatus: 201,
  },
  ({ actor, params, body }) => createMembership(actor, params.teamId, body),
);

export const getMembershipRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/teams/{teamId}/memberships/{membershipId}",
    tag,
    summary: "Get a membership",
    access: { scope: "TEAM_MEMBERSHIP_READ", team: team("membership.read") },
    params: ZMembershipParams,
    response: ZMembershipOutput,
  },
  ({ actor, params }) => getMembership(actor, params.teamId, params.membershipId),
);

export const updateMembershipRoute = defineRoute(
  {
    method: "PATCH",
    path: "/v2/teams/{teamId}/memberships/{membershipId}",
    tag,
    summary:
      "Update a membership's role, or suspend it (accepted: false); only the user accepts (accepted: true from anyone else: 400 on body.accepted). The last owner cannot be demoted: 409",
    access: { scope: "TEAM_MEMBERSHIP_WRITE", team: team("membership.write") },
    params: ZMembershipParams,
    body: ZUpdateMembershipInput,
    response: ZMembershipOutput,
  },
  ({ actor, params, body }) => updateMembership(actor, params.teamId, params.membershipId, body),
);

export const deleteMembershipRoute = defineRoute(
  {
    method: "DELETE",
    path: "/v2/teams/{teamId}/memberships/{membershipId}",
    tag,
    summary: "Remove a membership, or revoke a pending one's invitation (the last owner cannot leave: 409)",
    access: { scope: "TEAM_MEMBERSHIP_WRITE", team: team("membership.write") },
    params: ZMembershipParams,
    response: ZMembershipOutput,
  },
  ({ actor, params }) => deleteMembership(actor, params.teamId, params.membershipId),
);

export const inviteToTeamRoute = defineRoute(
  {
    method: "POST",
    path: "/v2/teams/{teamId}/invite",
    tag,
    summary: "Invite someone by e-mail: a single-use link valid 7 days (an existing member or a pending invitation: 409; only an OWNER invites an OWNER)",
    access: { scope: "TEAM_MEMBERSHIP_WRITE", team: team("membership.write") },
    params: ZTeamIdParams,
    body: ZInviteInput,
    response: ZInvitationOutput,
    successStatus: 201,
  },
  ({ actor, params, body }) => inviteToTeam(actor, params.teamId, body),
);

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
