/**
 * A team's event types (list, create, get, update, delete, phone call) declared once for the two levels that reach
 * them: a team (/v2/teams/{teamId}/event-types) and a team of an organization
 * (/v2/organizations/{orgId}/teams/{teamId}/event-types). Both run the team use cases; the level says where the event
 * types live and how a use case reaches its team (server/teams/team-level.ts); the scopes, permissions and words of
 * the reference are the same at both levels.
 */
import type { z } from "zod";
import { defineRoute } from "../http/api-route";
import type { TeamLevel } from "../teams/team-level";
import { ZIdParam } from "../http/ids";
import { ZDeleteTeamEventTypeOutput, ZTeamEventTypeOutput } from "./team-event-type.dto";
import { ZCreateTeamEventTypeInput, ZListTeamEventTypesQuery, ZUpdateTeamEventTypeInput } from "./team-event-type.schemas";
import { createTeamEventType, deleteTeamEventType, getTeamEventType, listTeamEventTypes, updateTeamEventType } from "./team-event-type.service";
import { createPhoneCall, ZCreatePhoneCallInput, ZPhoneCallOutput } from "./team-phone-call";

export function teamEventTypeLevelRoutes<P extends { teamId: number }>(level: TeamLevel<P>) {
  const { onTeam } = level;
  const path = `${level.path}/event-types`;
  const tag = level.tags.eventTypes;
  const read = { scope: "TEAM_EVENT_TYPE_READ", team: level.team("eventType.read") } as const;
  const write = { scope: "TEAM_EVENT_TYPE_WRITE", team: level.team("eventType.write") } as const;
  // Typed by the level's parameters: zod's generic object types do not narrow to them on their own.
  const params = level.params as z.ZodType<P>;
  const itemParams = level.params.extend({ eventTypeId: ZIdParam }) as unknown as z.ZodType<P & { eventTypeId: number }>;
  const item = `${path}/{eventTypeId}`;
  const list = defineRoute(
    {
      method: "GET",
      path,
      tag,
      summary: "Get a team's event types",
      access: read,
      params,
      query: ZListTeamEventTypesQuery,
      response: ZTeamEventTypeOutput.array(),
    },
    ({ actor, params, query }) => onTeam(params, (teamId) => listTeamEventTypes(actor, teamId, query)),
  );
  const create = defineRoute(
    {
      method: "POST",
      path,
      tag,
      summary: "Create a team event type (managed: every host gets their own copy)",
      access: write,
      params,
      body: ZCreateTeamEventTypeInput,
      response: ZTeamEventTypeOutput,
      successStatus: 201,
    },
    ({ actor, params, body }) => onTeam(params, (teamId) => createTeamEventType(actor, teamId, body)),
  );
  const get = defineRoute(
    { method: "GET", path: item, tag, summary: "Get a team event type", access: read, params: itemParams, response: ZTeamEventTypeOutput },
    ({ actor, params }) => onTeam(params, (teamId) => getTeamEventType(actor, teamId, params.eventTypeId)),
  );
  const update = defineRoute(
    {
      method: "PATCH",
      path: item,
      tag,
      summary: "Update a team event type (a managed one's copies follow)",
      access: write,
      params: itemParams,
      body: ZUpdateTeamEventTypeInput,
      response: ZTeamEventTypeOutput,
    },
    ({ actor, params, body }) => onTeam(params, (teamId) => updateTeamEventType(actor, teamId, params.eventTypeId, body)),
  );
  const remove = defineRoute(
    {
      method: "DELETE",
      path: item,
      tag,
      summary: "Delete a team event type and a managed one's copies; their bookings stay, without an event type",
      access: write,
      params: itemParams,
      response: ZDeleteTeamEventTypeOutput,
    },
    ({ actor, params }) => onTeam(params, (teamId) => deleteTeamEventType(actor, teamId, params.eventTypeId)),
  );
  const phoneCall = defineRoute(
    {
      method: "POST",
      path: `${item}/create-phone-call`,
      tag,
      summary: "Have an AI agent call a number about this event type (400 when no phone-call provider is configured)",
      access: write,
      params: itemParams,
      body: ZCreatePhoneCallInput,
      response: ZPhoneCallOutput,
      successStatus: 201,
    },
    ({ actor, params, body }) => onTeam(params, (teamId) => createPhoneCall(actor, teamId, params.eventTypeId, body)),
  );
  return { list, create, get, update, remove, phoneCall, all: [list, create, get, update, remove, phoneCall] };
}
