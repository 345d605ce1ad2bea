/** Webhooks of a team event type: TEAM_EVENT_TYPE_READ / _WRITE, members read, OWNERs and ADMINs change (role-table.ts). */
import { z } from "zod";
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import type { WebhookOwner } from "./webhook-access";
import { webhookDeliveryRoutes } from "./webhook-deliveries.routes";
import { ZEventTypeWebhookOutput } from "./webhook.dto";
import { ZCreateWebhookInput, ZListWebhooksQuery, ZTeamEventTypeWebhookParams, ZTeamEventTypeWebhooksParams, ZUpdateWebhookInput } from "./webhook.schemas";
import { createWebhook, deleteAllWebhooks, deleteWebhook, getWebhook, listWebhooks, updateWebhook } from "./webhook.service";

const ofTeamEventType = ({ teamId, eventTypeId }: { teamId: number; eventTypeId: number }): WebhookOwner => ({ kind: "teamEventType", teamId, eventTypeId });

const teamTag = "Team event type webhooks";
const TET = "/v2/teams/{teamId}/event-types/{eventTypeId}/webhooks";
const teamRead = { scope: "TEAM_EVENT_TYPE_READ", team: { param: "teamId", permission: "eventType.read" } } as const;
const teamWrite = { scope: "TEAM_EVENT_TYPE_WRITE", team: { param: "teamId", permission: "eventType.write" } } as const;

export const listTeamEventTypeWebhooksRoute = defineRoute(
  {
    method: "GET",
    path: TET,
    tag: teamTag,
    summary: "Get a team event type's webhooks",
    access: teamRead,
    params: ZTeamEventTypeWebhooksParams,
    query: ZListWebhooksQuery,
    response: ZEventTypeWebhookOutput,
    paginated: true,
  },
  ({ actor, params, query }) => listWebhooks(actor, ofTeamEventType(params), query),
);
export const createTeamEventTypeWebhookRoute = defineRoute(
  {
    method: "POST",
    path: TET,
    tag: teamTag,
    summary: "Create a team event type webhook (the answer shows its secret, once)",
    access: teamWrite,
    params: ZTeamEventTypeWebhooksParams,
    body: ZCreateWebhookInput,
    response: ZEventTypeWebhookOutput,
    successStatus: 201,
  },
  ({ actor, params, body }) => createWebhook(actor, ofTeamEventType(params), body),
);
export const deleteTeamEventTypeWebhooksRoute = defineRoute(
  {
    method: "DELETE",
    path: TET,
    tag: teamTag,
    summary: "Delete all of a team event type's webhooks",
    access: teamWrite,
    params: ZTeamEventTypeWebhooksParams,
    response: z.string(),
  },
  ({ actor, params }) => deleteAllWebhooks(actor, ofTeamEventType(params)),
);
export const getTeamEventTypeWebhookRoute = defineRoute(
  {
    method: "GET",
    path: `${TET}/{webhookId}`,
    tag: teamTag,
    summary: "Get a team event type webhook",
    access: teamRead,
    params: ZTeamEventTypeWebhookParams,
    response: ZEventTypeWebhookOutput,
  },
  ({ actor, params }) => getWebhook(actor, ofTeamEventType(params), params.webhookId),
);
export const updateTeamEventTypeWebhookRoute = defineRoute(
  {
    method: "PATCH",
    path: `${TET}/{webhookId}`,
    tag: teamTag,
    summary: "Update a team event type webhook",
    access: teamWrite,
    params: ZTeamEventTypeWebhookParams,
    body: ZUpdateWebhookInput,
    response: ZEventTypeWebhookOutput,
  },
  ({ actor, params, body }) => updateWebhook(actor, ofTeamEventType(params), params.webhookId, body),
);
export const deleteTeamEventTypeWebhookRoute = defineRoute(
  {
    method: "DELETE",
    path: `${TET}/{webhookId}`,
    tag: teamTag,
    summary: "Delete a team event type webhook",
    access: teamWrite,
    params: ZTeamEventTypeWebhookParams,
    response: ZEventTypeWebhookOutput,
  },
  ({ actor, params }) => deleteWebhook(actor, ofTeamEventType(params), params.webhookId),
);

/**
 * Api-key-only, the spec's TEAM_EVENT_TYPE_ rows not listing them, and held to the team's roles like the webhook's
 * own routes: every member reads the log, OWNERs and ADMINs act (role-table.ts, CONVENE_TEAM_OPERATIONS).
 */
export const {
  list: listTeamEventTypeDeliveriesRoute,
  redeliver: redeliverTeamEventTypeMessageRoute,
  sendTest: sendTeamEventTypeTestEventRoute,
} = webhookDeliveryRoutes({
  path: `${TET}/{webhookId}`,
  tag: teamTag,
  noun: "a team event type webhook",
  params: ZTeamEventTypeWebhookParams,
  owner: ofTeamEventType,
  read: { scope: null, team: teamRead.team },
  write: { scope: null, team: teamWrite.team },
});

export const teamEventTypeWebhookRoutes: ApiRoute[] = [
  listTeamEventTypeWebhooksRoute,
  createTeamEventTypeWebhookRoute,
  deleteTeamEventTypeWebhooksRoute,
  getTeamEventTypeWebhookRoute,
  updateTeamEventTypeWebhookRoute,
  deleteTeamEventTypeWebhookRoute,
  listTeamEventTypeDeliveriesRoute,
  redeliverTeamEventTypeMessageRoute,
  sendTeamEventTypeTestEventRoute,
];
