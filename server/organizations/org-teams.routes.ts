/**
 * /v2/organizations/{orgId}/teams…: the organization's teams, their memberships and invitations, with the peer's paths.
 * Scopes per the spec's tables (the team level's for one team, the organization level's for the list, create, update
 * and delete); the team operations call the team use cases (org-teams.service.ts), which check the team permission.
 */
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { pageOf } from "../http/pagination";
import { teamMembershipRoutes } from "../teams/team-level.routes";
import { ZTeamOutput } from "../teams/team.dto";
import { ZCreateTeamInput, ZListTeamsQuery, ZUpdateTeamInput } from "../teams/team.schemas";
import { org, orgTeam, ZOrgIdParams, ZOrgTeamParams } from "./org-teams.schemas";
import { ORG_TEAM_LEVEL } from "./org-team-level";
import {
  createOrganizationTeam,
  deleteOrganizationTeam,
  getOrganizationTeam,
  listMyOrganizationTeams,
  listOrganizationTeams,
  updateOrganizationTeam,
} from "./org-teams.service";

const tag = "Orgs / Teams";
const ORG_TEAMS = "/v2/organizations/{orgId}/teams";
const ORG_TEAM = `${ORG_TEAMS}/{teamId}`;

/** What the routes on the organization's teams, and on one of them, share. */
const teams = { tag, path: ORG_TEAMS, params: ZOrgIdParams, response: ZTeamOutput } as const;
const oneTeam = { tag, path: ORG_TEAM, params: ZOrgTeamParams, response: ZTeamOutput } as const;
const teamsWrite = { scope: "ORG_PROFILE_WRITE", org: org("org.teams.write") } as const;

export const listOrgTeamsRoute = defineRoute(
  {
    ...teams,
    method: "GET",
    summary: "Get all teams of the organization",
    access: { scope: "ORG_PROFILE_READ", org: org("org.teams.read") },
    query: ZListTeamsQuery,
    paginated: true,
  },
  ({ actor, params, query }) => pageOf(listOrganizationTeams(actor, params.orgId, query), query),
);
export const listMyOrgTeamsRoute = defineRoute(
  {
    ...teams,
    method: "GET",
    path: `${ORG_TEAMS}/me`,
    summary: "Get the organization's teams you are an accepted member of",
    access: { scope: "ORG_PROFILE_READ", org: org("org.read") },
    query: ZListTeamsQuery,
    paginated: true,
  },
  ({ actor, params, query }) => pageOf(listMyOrganizationTeams(actor, params.orgId, query), query),
);
export const createOrgTeamRoute = defineRoute(
  {
    ...teams,
    method: "POST",
    summary: "Create a team in the organization (you become its OWNER; the slug is unique within the organization)",
    access: teamsWrite,
    body: ZCreateTeamInput,
    successStatus: 201,
  },
  ({ actor, params, body }) => createOrganizationTeam(actor, params.orgId, body),
);
export const getOrgTeamRoute = defineRoute(
  { ...oneTeam, method: "GET", summary: "Get a team of the organization", access: { scope: "TEAM_PROFILE_READ", team: orgTeam("team.read") } },
  ({ actor, params }) => getOrganizationTeam(actor, params.orgId, params.teamId),
);
export const updateOrgTeamRoute = defineRoute(
  { ...oneTeam, method: "PATCH", summary: "Update a team of the organization (its owners and admins)", access: teamsWrite, body: ZUpdateTeamInput },
  ({ actor, params, body }) => updateOrganizationTeam(actor, params.orgId, params.teamId, body),
);
export const deleteOrgTeamRoute = defineRoute(
  {
    ...oneTeam,
    method: "DELETE",
    summary:
      "Delete a team of the organization (its owners and admins): its memberships and event types go with it; their bookings stay, without an event type",
    access: teamsWrite,
  },
  ({ actor, params }) => deleteOrganizationTeam(actor, params.orgId, params.teamId),
);

export const {
  list: listOrgTeamMembershipsRoute,
  create: createOrgTeamMembershipRoute,
  get: getOrgTeamMembershipRoute,
  update: updateOrgTeamMembershipRoute,
  delete: deleteOrgTeamMembershipRoute,
  invite: inviteToOrgTeamRoute,
} = teamMembershipRoutes(ORG_TEAM_LEVEL, {
  tag: "Orgs / Teams / Memberships",
  summaries: {
    list: "Get the memberships of a team of the organization",
    create:
      "Add a member of the organization to one of its teams, as POST /v2/teams/{teamId}/memberships does (membership is consent); someone outside the organization: 409",
    get: "Get a membership of a team of the organization",
    update: "Update a membership of a team of the organization (role, or suspend it); the last owner cannot be demoted: 409",
    delete: "Remove a membership of a team of the organization (the last owner cannot leave: 409)",
    invite: "Invite someone by e-mail to a team of the organization: a single-use link valid 7 days",
  },
  inviteStatus: 200,
});

export const orgTeamRoutes: ApiRoute[] = [
  listOrgTeamsRoute,
  listMyOrgTeamsRoute,
  createOrgTeamRoute,
  getOrgTeamRoute,
  updateOrgTeamRoute,
  deleteOrgTeamRoute,
  listOrgTeamMembershipsRoute,
  createOrgTeamMembershipRoute,
  getOrgTeamMembershipRoute,
  updateOrgTeamMembershipRoute,
  deleteOrgTeamMembershipRoute,
  inviteToOrgTeamRoute,
];
