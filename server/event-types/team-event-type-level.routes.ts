/**
 * A team's event types (list, create, get, update, delete, phone call) declared once for the two levels that reach
 * them: a team (/v2/teams/{teamId}/event-types) and a team of an organization
 * (/v2/organizations/{orgId}/teams/{teamId}/event-types). Both run the team use cases; a level says where its event
 * types live, who may read or change them, and how a use case reaches its team (the organization's level first checks
 * that the team is one of its own). The words of the reference are the same at both levels.
 */
import type { z } from "zod";
import { defineRoute } from "../http/api-route";
import type { RouteAccess } from "../http/route-definition";
import { ZIdParam } from "../http/ids";
import { ZDeleteTeamEventTypeOutput, ZTeamEventTypeOutput } from "./team-event-type.dto";
import { ZCreateTeamEventTypeInput, ZListTeamEventTypesQuery, ZUpdateTeamEventTypeInput } from "./team-event-type.schemas";
import { createTeamEventType, deleteTeamEventType, getTeamEventType, listTeamEventTypes, updateTeamEventType } from "./team-event-type.service";
import { createPhoneCall, ZCreatePhoneCallInput, ZPhoneCallOutput } from "./team-phone-call";

/** Runs a team use case on the team the path names. */
export type OnTeam<P> = <T>(params: P, teamUseCase: (teamId: number) => Promise<T>) => Promise<T>;

export type TeamEventTypeLevel<P extends { teamId: number }> = {
  /** The level's event types, e.g. `/v2/teams/{teamId}/event-types`. */
  path: string;
  tag: string;
  /** The collection's path parameters (its event types' add `eventTypeId`). */
  params: z.ZodObject & z.ZodType<P>;
  read: RouteAccess;
  write: RouteAccess;
  onTeam: OnTeam<P>;
};

export function teamEventTypeLevelRoutes<P extends { teamId: number }>(level: TeamEventTypeLevel<P>) {
  const { path, tag, read, write, onTeam } = level;
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
