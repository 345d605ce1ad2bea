import type { Permission } from "../auth/permissions";
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { pageOf } from "../http/pagination";
import { ZMembershipOutput, ZTeamOutput } from "./team.dto";
import { ZCreateTeamInput, ZListTeamsQuery, ZTeamIdParams, ZUpdateTeamInput } from "./team.schemas";
import { createMembership, deleteMembership, getMembership, listMemberships, updateMembership } from "./membership.service";
import { ZInvitationWithLinkOutput } from "./invitation.dto";
import { ZInviteInput } from "./invitation.schemas";
import { inviteToTeamWithLink } from "./invitation.service";
import { createTeam, deleteTeam, getTeam, listTeams, updateTeam } from "./team.service";
import { membershipRoutes } from "./membership-routes";

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
} = membershipRoutes<{ teamId: number }>({
  base: "/v2/teams/{teamId}",
  tag,
  params: ZTeamIdParams,
  access: {
    read: { scope: "TEAM_MEMBERSHIP_READ", team: team("membership.read") },
    write: { scope: "TEAM_MEMBERSHIP_WRITE", team: team("membership.write") },
  },
  response: ZMembershipOutput,
  summaries: {
    list: "Get a team's memberships",
    create:
      "Invite a user by id: the answer is a pending membership (accepted: false, no profile) and the user is mailed a link to accept or decline; it grants nothing until they accept, and keeps its id then. accepted: true for anyone but yourself is read as this invitation (the peer's admins send it; only the user can accept), and the answer's invitation says so. An id that names nobody is answered the same way. Only an OWNER invites an OWNER",
    get: "Get a membership",
    update:
      "Update a membership's role, or suspend it (accepted: false); only the user accepts (accepted: true from anyone else: 400 on body.accepted). The last owner cannot be demoted: 409",
    delete: "Remove a membership, or revoke a pending one's invitation (the last owner cannot leave: 409)",
  },
  useCases: {
    list: (actor, { teamId }, page) => listMemberships(actor, teamId, page),
    create: (actor, { teamId }, input) => createMembership(actor, teamId, input),
    get: (actor, { teamId }, membershipId) => getMembership(actor, teamId, membershipId),
    update: (actor, { teamId }, membershipId, input) => updateMembership(actor, teamId, membershipId, input),
    delete: (actor, { teamId }, membershipId) => deleteMembership(actor, teamId, membershipId),
  },
});

export const inviteToTeamRoute = defineRoute(
  {
    method: "POST",
    path: "/v2/teams/{teamId}/invite",
    tag,
    summary:
      "Invite someone by e-mail: a single-use link valid 7 days, mailed to them and answered once (token, inviteLink) as the peer answers it, so you may hand it over yourself (an existing member or a pending invitation: 409; only an OWNER invites an OWNER)",
    access: { scope: "TEAM_MEMBERSHIP_WRITE", team: team("membership.write") },
    params: ZTeamIdParams,
    body: ZInviteInput,
    response: ZInvitationWithLinkOutput,
    successStatus: 201,
  },
  ({ actor, params, body }) => inviteToTeamWithLink(actor, params.teamId, body),
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
