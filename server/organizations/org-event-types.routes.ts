/**
 * Event types under /v2/organizations/{orgId}: every team event type of the organization, and one team's event types,
 * private links and phone calls, with the peer's paths and the team routes' bodies and outputs.
 */
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { pageOf, ZPaginationQuery } from "../http/pagination";
import { privateLinkLevelRoutes } from "../event-types/private-link-level.routes";
import { ZTeamEventTypeOutput } from "../event-types/team-event-type.dto";
import { teamEventTypeLevelRoutes } from "../event-types/team-event-type-level.routes";
import { org, orgTeam, ZOrgIdParams, ZOrgTeamEventTypeParams } from "./org-teams.schemas";
import {
  createOrganizationTeamPrivateLink,
  deleteOrganizationTeamPrivateLink,
  listOrganizationEventTypes,
  listOrganizationTeamPrivateLinks,
  updateOrganizationTeamPrivateLink,
} from "./org-event-types.service";
import { ORG_TEAM_LEVEL } from "./org-team-level";

const tag = "Orgs / Teams / Event Types";
const read = { scope: "TEAM_EVENT_TYPE_READ", team: orgTeam("eventType.read") } as const;
const write = { scope: "TEAM_EVENT_TYPE_WRITE", team: orgTeam("eventType.write") } as const;

export const listOrgEventTypesRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/organizations/{orgId}/teams/event-types",
    tag,
    summary: "Get the event types of every team of the organization",
    access: { scope: "ORG_EVENT_TYPE_READ", org: org("org.eventTypes.read") },
    params: ZOrgIdParams,
    query: ZPaginationQuery,
    response: ZTeamEventTypeOutput,
    paginated: true,
  },
  ({ actor, params, query }) => pageOf(listOrganizationEventTypes(actor, params.orgId, query), query),
);

export const {
  list: listOrgTeamEventTypesRoute,
  create: createOrgTeamEventTypeRoute,
  get: getOrgTeamEventTypeRoute,
  update: updateOrgTeamEventTypeRoute,
  remove: deleteOrgTeamEventTypeRoute,
  phoneCall: createOrgTeamPhoneCallRoute,
} = teamEventTypeLevelRoutes(ORG_TEAM_LEVEL);

export const {
  list: listOrgTeamPrivateLinksRoute,
  create: createOrgTeamPrivateLinkRoute,
  update: updateOrgTeamPrivateLinkRoute,
  remove: deleteOrgTeamPrivateLinkRoute,
} = privateLinkLevelRoutes({
  path: "/v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}",
  tag: "Orgs / Teams / Event Types / Private Links",
  summaries: {
    list: "Get a team event type's private links",
    create: "Create a private link to a team event type (expiresAt or maxUsageCount; one use by default)",
    update: "Update a team event type's private link (the limit sent replaces the other)",
    delete: "Delete a team event type's private link",
  },
  params: ZOrgTeamEventTypeParams,
  read,
  write,
  list: (actor, { orgId, teamId, eventTypeId }) => listOrganizationTeamPrivateLinks(actor, orgId, teamId, eventTypeId),
  create: (actor, { orgId, teamId, eventTypeId }, body) => createOrganizationTeamPrivateLink(actor, orgId, teamId, eventTypeId, body),
  update: (actor, { orgId, teamId, eventTypeId }, linkId, body) => updateOrganizationTeamPrivateLink(actor, orgId, teamId, eventTypeId, linkId, body),
  remove: (actor, { orgId, teamId, eventTypeId }, linkId) => deleteOrganizationTeamPrivateLink(actor, orgId, teamId, eventTypeId, linkId),
});

export const orgEventTypeRoutes: ApiRoute[] = [
  listOrgEventTypesRoute,
  listOrgTeamEventTypesRoute,
  createOrgTeamEventTypeRoute,
  getOrgTeamEventTypeRoute,
  updateOrgTeamEventTypeRoute,
  deleteOrgTeamEventTypeRoute,
  createOrgTeamPhoneCallRoute,
  listOrgTeamPrivateLinksRoute,
  createOrgTeamPrivateLinkRoute,
  updateOrgTeamPrivateLinkRoute,
  deleteOrgTeamPrivateLinkRoute,
];
