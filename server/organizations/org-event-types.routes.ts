/**
 * Event types under /v2/organizations/{orgId}: every team event type of the organization, and one team's event types,
 * private links and phone calls, with the peer's paths and the team routes' bodies and outputs.
 */
import { z } from "zod";
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { Page, ZPaginationQuery } from "../http/pagination";
import { ZDeletePrivateLinkOutput, ZPrivateLinkOutput } from "../event-types/private-link.dto";
import { ZCreatePrivateLinkInput, ZUpdatePrivateLinkInput } from "../event-types/private-link.schemas";
import { ZDeleteTeamEventTypeOutput, ZTeamEventTypeOutput } from "../event-types/team-event-type.dto";
import { ZCreateTeamEventTypeInput, ZListTeamEventTypesQuery, ZUpdateTeamEventTypeInput } from "../event-types/team-event-type.schemas";
import { ZCreatePhoneCallInput, ZPhoneCallOutput } from "../event-types/team-phone-call";
import { org, orgTeam, ZOrgIdParams, ZOrgTeamEventTypeParams, ZOrgTeamParams } from "./org-teams.schemas";
import {
  createOrganizationTeamEventType,
  createOrganizationTeamPhoneCall,
  createOrganizationTeamPrivateLink,
  deleteOrganizationTeamEventType,
  deleteOrganizationTeamPrivateLink,
  getOrganizationTeamEventType,
  listOrganizationEventTypes,
  listOrganizationTeamEventTypes,
  listOrganizationTeamPrivateLinks,
  updateOrganizationTeamEventType,
  updateOrganizationTeamPrivateLink,
} from "./org-event-types.service";

const tag = "Orgs / Teams / Event Types";
const ET = "/v2/organizations/{orgId}/teams/{teamId}/event-types";
const read = { scope: "TEAM_EVENT_TYPE_READ", team: orgTeam("eventType.read") } as const;
const write = { scope: "TEAM_EVENT_TYPE_WRITE", team: orgTeam("eventType.write") } as const;
const ZLinkParams = ZOrgTeamEventTypeParams.extend({ linkId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Not a private link id") });

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
  async ({ actor, params, query }) => {
    const { items, totalItems } = await listOrganizationEventTypes(actor, params.orgId, query);
    return new Page(items, totalItems, query);
  },
);

export const listOrgTeamEventTypesRoute = defineRoute(
  {
    method: "GET",
    path: ET,
    tag,
    summary: "Get a team's event types",
    access: read,
    params: ZOrgTeamParams,
    query: ZListTeamEventTypesQuery,
    response: ZTeamEventTypeOutput.array(),
  },
  ({ actor, params, query }) => listOrganizationTeamEventTypes(actor, params.orgId, params.teamId, query),
);

export const createOrgTeamEventTypeRoute = defineRoute(
  {
    method: "POST",
    path: ET,
    tag,
    summary: "Create a team event type (managed: every host gets their own copy)",
    access: write,
    params: ZOrgTeamParams,
    body: ZCreateTeamEventTypeInput,
    response: ZTeamEventTypeOutput,
    successStatus: 201,
  },
  ({ actor, params, body }) => createOrganizationTeamEventType(actor, params.orgId, params.teamId, body),
);

export const getOrgTeamEventTypeRoute = defineRoute(
  {
    method: "GET",
    path: `${ET}/{eventTypeId}`,
    tag,
    summary: "Get a team event type",
    access: read,
    params: ZOrgTeamEventTypeParams,
    response: ZTeamEventTypeOutput,
  },
  ({ actor, params }) => getOrganizationTeamEventType(actor, params.orgId, params.teamId, params.eventTypeId),
);

export const updateOrgTeamEventTypeRoute = defineRoute(
  {
    method: "PATCH",
    path: `${ET}/{eventTypeId}`,
    tag,
    summary: "Update a team event type (a managed one's copies follow)",
    access: write,
    params: ZOrgTeamEventTypeParams,
    body: ZUpdateTeamEventTypeInput,
    response: ZTeamEventTypeOutput,
  },
  ({ actor, params, body }) => updateOrganizationTeamEventType(actor, params.orgId, params.teamId, params.eventTypeId, body),
);

export const deleteOrgTeamEventTypeRoute = defineRoute(
  {
    method: "DELETE",
    path: `${ET}/{eventTypeId}`,
    tag,
    summary: "Delete a team event type and a managed one's copies; their bookings stay, without an event type",
    access: write,
    params: ZOrgTeamEventTypeParams,
    response: ZDeleteTeamEventTypeOutput,
  },
  ({ actor, params }) => deleteOrganizationTeamEventType(actor, params.orgId, params.teamId, params.eventTypeId),
);

export const createOrgTeamPhoneCallRoute = defineRoute(
  {
    method: "POST",
    path: `${ET}/{eventTypeId}/create-phone-call`,
    tag,
    summary: "Have an AI agent call a number about this event type (400 when no phone-call provider is configured)",
    access: write,
    params: ZOrgTeamEventTypeParams,
    body: ZCreatePhoneCallInput,
    response: ZPhoneCallOutput,
    successStatus: 201,
  },
  ({ actor, params, body }) => createOrganizationTeamPhoneCall(actor, params.orgId, params.teamId, params.eventTypeId, body),
);

const linksTag = "Orgs / Teams / Event Types / Private Links";

export const listOrgTeamPrivateLinksRoute = defineRoute(
  {
    method: "GET",
    path: `${ET}/{eventTypeId}/private-links`,
    tag: linksTag,
    summary: "Get a team event type's private links",
    access: read,
    params: ZOrgTeamEventTypeParams,
    response: ZPrivateLinkOutput.array(),
  },
  ({ actor, params }) => listOrganizationTeamPrivateLinks(actor, params.orgId, params.teamId, params.eventTypeId),
);

export const createOrgTeamPrivateLinkRoute = defineRoute(
  {
    method: "POST",
    path: `${ET}/{eventTypeId}/private-links`,
    tag: linksTag,
    summary: "Create a private link to a team event type (expiresAt or maxUsageCount; one use by default)",
    access: write,
    params: ZOrgTeamEventTypeParams,
    body: ZCreatePrivateLinkInput,
    response: ZPrivateLinkOutput,
    successStatus: 201,
  },
  ({ actor, params, body }) => createOrganizationTeamPrivateLink(actor, params.orgId, params.teamId, params.eventTypeId, body),
);

export const updateOrgTeamPrivateLinkRoute = defineRoute(
  {
    method: "PATCH",
    path: `${ET}/{eventTypeId}/private-links/{linkId}`,
    tag: linksTag,
    summary: "Update a team event type's private link (the limit sent replaces the other)",
    access: write,
    params: ZLinkParams,
    body: ZUpdatePrivateLinkInput,
    response: ZPrivateLinkOutput,
  },
  ({ actor, params, body }) => updateOrganizationTeamPrivateLink(actor, params.orgId, params.teamId, params.eventTypeId, params.linkId, body),
);

export const deleteOrgTeamPrivateLinkRoute = defineRoute(
  {
    method: "DELETE",
    path: `${ET}/{eventTypeId}/private-links/{linkId}`,
    tag: linksTag,
    summary: "Delete a team event type's private link",
    access: write,
    params: ZLinkParams,
    response: ZDeletePrivateLinkOutput,
  },
  ({ actor, params }) => deleteOrganizationTeamPrivateLink(actor, params.orgId, params.teamId, params.eventTypeId, params.linkId),
);

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
