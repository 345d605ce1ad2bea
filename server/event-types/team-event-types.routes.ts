import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { ZDeleteTeamEventTypeOutput, ZTeamEventTypeOutput } from "./team-event-type.dto";
import {
  ZCreateTeamEventTypeInput,
  ZListTeamEventTypesQuery,
  ZTeamEventTypeParams,
  ZTeamEventTypesParams,
  ZUpdateTeamEventTypeInput,
} from "./team-event-type.schemas";
import { createTeamEventType, deleteTeamEventType, getTeamEventType, listTeamEventTypes, updateTeamEventType } from "./team-event-type.service";
import { createPhoneCall, ZCreatePhoneCallInput, ZPhoneCallOutput } from "./team-phone-call";

const tag = "Team event types";
const read = { scope: "TEAM_EVENT_TYPE_READ", team: { param: "teamId", permission: "eventType.read" } } as const;
const write = { scope: "TEAM_EVENT_TYPE_WRITE", team: { param: "teamId", permission: "eventType.write" } } as const;

export const listTeamEventTypesRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/teams/{teamId}/event-types",
    tag,
    summary: "Get a team's event types",
    access: read,
    params: ZTeamEventTypesParams,
    query: ZListTeamEventTypesQuery,
    response: ZTeamEventTypeOutput.array(),
  },
  ({ actor, params, query }) => listTeamEventTypes(actor, params.teamId, query),
);

export const createTeamEventTypeRoute = defineRoute(
  {
    method: "POST",
    path: "/v2/teams/{teamId}/event-types",
    tag,
    summary: "Create a team event type (managed: every host gets their own copy)",
    access: write,
    params: ZTeamEventTypesParams,
    body: ZCreateTeamEventTypeInput,
    response: ZTeamEventTypeOutput,
    successStatus: 201,
  },
  ({ actor, params, body }) => createTeamEventType(actor, params.teamId, body),
);

export const getTeamEventTypeRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/teams/{teamId}/event-types/{eventTypeId}",
    tag,
    summary: "Get a team event type",
    access: read,
    params: ZTeamEventTypeParams,
    response: ZTeamEventTypeOutput,
  },
  ({ actor, params }) => getTeamEventType(actor, params.teamId, params.eventTypeId),
);

export const updateTeamEventTypeRoute = defineRoute(
  {
    method: "PATCH",
    path: "/v2/teams/{teamId}/event-types/{eventTypeId}",
    tag,
    summary: "Update a team event type (a managed one's copies follow)",
    access: write,
    params: ZTeamEventTypeParams,
    body: ZUpdateTeamEventTypeInput,
    response: ZTeamEventTypeOutput,
  },
  ({ actor, params, body }) => updateTeamEventType(actor, params.teamId, params.eventTypeId, body),
);

export const deleteTeamEventTypeRoute = defineRoute(
  {
    method: "DELETE",
    path: "/v2/teams/{teamId}/event-types/{eventTypeId}",
    tag,
    summary: "Delete a team event type and a managed one's copies; their bookings stay, without an event type",
    access: write,
    params: ZTeamEventTypeParams,
    response: ZDeleteTeamEventTypeOutput,
  },
  ({ actor, params }) => deleteTeamEventType(actor, params.teamId, params.eventTypeId),
);

export const createPhoneCallRoute = defineRoute(
  {
    method: "POST",
    path: "/v2/teams/{teamId}/event-types/{eventTypeId}/create-phone-call",
    tag,
    summary: "Have an AI agent call a number about this event type (400 when no phone-call provider is configured)",
    access: write,
    params: ZTeamEventTypeParams,
    body: ZCreatePhoneCallInput,
    response: ZPhoneCallOutput,
    successStatus: 201,
  },
  ({ actor, params, body }) => createPhoneCall(actor, params.teamId, params.eventTypeId, body),
);

export const teamEventTypeRoutes: ApiRoute[] = [
  listTeamEventTypesRoute,
  createTeamEventTypeRoute,
  getTeamEventTypeRoute,
  updateTeamEventTypeRoute,
  deleteTeamEventTypeRoute,
  createPhoneCallRoute,
];
