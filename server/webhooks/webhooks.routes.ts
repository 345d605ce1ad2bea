/**
 * /v2 webhook routes at the three levels: the account (`/v2/webhooks`, api-key-only: the spec's scope tables
 * do not list it), a personal event type (EVENT_TYPE_READ / _WRITE) and a team event type (TEAM_EVENT_TYPE_READ /
 * _WRITE, team roles as role-table.ts). The delivery log and its actions are Convene's own (api-key-only).
 */
import { z } from "zod";
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import type { WebhookOwner } from "./webhook-access";
import { listDeliveries, redeliverMessage, sendTestEvent } from "./webhook-deliveries.service";
import { ZEventTypeWebhookOutput, ZUserWebhookOutput, ZWebhookDeliveryOutput } from "./webhook.dto";
import {
  ZCreateWebhookInput,
  ZEventTypeWebhookParams,
  ZEventTypeWebhooksParams,
  ZListDeliveriesQuery,
  ZListWebhooksQuery,
  ZRedeliverParams,
  ZTeamEventTypeWebhookParams,
  ZTeamEventTypeWebhooksParams,
  ZUpdateWebhookInput,
  ZWebhookIdParams,
} from "./webhook.schemas";
import { createWebhook, deleteAllWebhooks, deleteWebhook, getWebhook, listWebhooks, updateWebhook } from "./webhook.service";

const account: WebhookOwner = { kind: "user" };
const ofEventType = (params: { eventTypeId: number }): WebhookOwner => ({ kind: "eventType", eventTypeId: params.eventTypeId });
const ofTeamEventType = (params: { teamId: number; eventTypeId: number }): WebhookOwner => ({ kind: "teamEventType", ...params });

// ---------------------------------------------------------------- account level

const tag = "Webhooks";
const A = "/v2/webhooks";

export const listWebhooksRoute = defineRoute(
  {
    method: "GET",
    path: A,
    tag,
    summary: "Get all my account's webhooks",
    access: "api-key-only",
    query: ZListWebhooksQuery,
    response: ZUserWebhookOutput,
    paginated: true,
  },
  ({ actor, query }) => listWebhooks(actor, account, query),
);
export const createWebhookRoute = defineRoute(
  {
    method: "POST",
    path: A,
    tag,
    summary: "Create an account webhook (the answer shows its secret, once)",
    access: "api-key-only",
    body: ZCreateWebhookInput,
    response: ZUserWebhookOutput,
    successStatus: 201,
  },
  ({ actor, body }) => createWebhook(actor, account, body),
);
export const getWebhookRoute = defineRoute(
  {
    method: "GET",
    path: `${A}/{webhookId}`,
    tag,
    summary: "Get an account webhook",
    access: "api-key-only",
    params: ZWebhookIdParams,
    response: ZUserWebhookOutput,
  },
  ({ actor, params }) => getWebhook(actor, account, params.webhookId),
);
export const updateWebhookRoute = defineRoute(
  {
    method: "PATCH",
    path: `${A}/{webhookId}`,
    tag,
    summary: "Update an account webhook (a new secret rotates: the previous one signs too for 24 hours)",
    access: "api-key-only",
    params: ZWebhookIdParams,
    body: ZUpdateWebhookInput,
    response: ZUserWebhookOutput,
  },
  ({ actor, params, body }) => updateWebhook(actor, account, params.webhookId, body),
);
export const deleteWebhookRoute = defineRoute(
  {
    method: "DELETE",
    path: `${A}/{webhookId}`,
    tag,
    summary: "Delete an account webhook",
    access: "api-key-only",
    params: ZWebhookIdParams,
    response: ZUserWebhookOutput,
  },
  ({ actor, params }) => deleteWebhook(actor, account, params.webhookId),
);
export const listDeliveriesRoute = defineRoute(
  {
    method: "GET",
    path: `${A}/{webhookId}/deliveries`,
    tag,
    summary: "The last delivery attempts of an account webhook, newest first",
    access: "api-key-only",
    params: ZWebhookIdParams,
    query: ZListDeliveriesQuery,
    response: z.array(ZWebhookDeliveryOutput),
  },
  ({ actor, params, query }) => listDeliveries(actor, account, params.webhookId, query.take),
);
export const redeliverRoute = defineRoute(
  {
    method: "POST",
    path: `${A}/{webhookId}/messages/{messageId}/redeliver`,
    tag,
    summary: "Deliver a message again now (same webhook-id); answers the attempt",
    access: "api-key-only",
    params: ZRedeliverParams,
    response: ZWebhookDeliveryOutput,
  },
  ({ actor, params }) => redeliverMessage(actor, account, params.webhookId, params.messageId),
);
export const sendTestEventRoute = defineRoute(
  {
    method: "POST",
    path: `${A}/{webhookId}/test`,
    tag,
    summary: "Send a PING test event now; answers the attempt",
    access: "api-key-only",
    params: ZWebhookIdParams,
    response: ZWebhookDeliveryOutput,
  },
  ({ actor, params }) => sendTestEvent(actor, account, params.webhookId),
);

// ---------------------------------------------------------------- personal event types

const etTag = "Event type webhooks";
const ET = "/v2/event-types/{eventTypeId}/webhooks";
const etRead = { scope: "EVENT_TYPE_READ" } as const;
const etWrite = { scope: "EVENT_TYPE_WRITE" } as const;

export const listEventTypeWebhooksRoute = defineRoute(
  {
    method: "GET",
    path: ET,
    tag: etTag,
    summary: "Get an event type's webhooks",
    access: etRead,
    params: ZEventTypeWebhooksParams,
    query: ZListWebhooksQuery,
    response: ZEventTypeWebhookOutput,
    paginated: true,
  },
  ({ actor, params, query }) => listWebhooks(actor, ofEventType(params), query),
);
export const createEventTypeWebhookRoute = defineRoute(
  {
    method: "POST",
    path: ET,
    tag: etTag,
    summary: "Create an event type webhook (the answer shows its secret, once)",
    access: etWrite,
    params: ZEventTypeWebhooksParams,
    body: ZCreateWebhookInput,
    response: ZEventTypeWebhookOutput,
    successStatus: 201,
  },
  ({ actor, params, body }) => createWebhook(actor, ofEventType(params), body),
);
export const deleteEventTypeWebhooksRoute = defineRoute(
  {
    method: "DELETE",
    path: ET,
    tag: etTag,
    summary: "Delete all of an event type's webhooks",
    access: etWrite,
    params: ZEventTypeWebhooksParams,
    response: z.string(),
  },
  ({ actor, params }) => deleteAllWebhooks(actor, ofEventType(params)),
);
export const getEventTypeWebhookRoute = defineRoute(
  {
    method: "GET",
    path: `${ET}/{webhookId}`,
    tag: etTag,
    summary: "Get an event type webhook",
    access: etRead,
    params: ZEventTypeWebhookParams,
    response: ZEventTypeWebhookOutput,
  },
  ({ actor, params }) => getWebhook(actor, ofEventType(params), params.webhookId),
);
export const updateEventTypeWebhookRoute = defineRoute(
  {
    method: "PATCH",
    path: `${ET}/{webhookId}`,
    tag: etTag,
    summary: "Update an event type webhook",
    access: etWrite,
    params: ZEventTypeWebhookParams,
    body: ZUpdateWebhookInput,
    response: ZEventTypeWebhookOutput,
  },
  ({ actor, params, body }) => updateWebhook(actor, ofEventType(params), params.webhookId, body),
);
export const deleteEventTypeWebhookRoute = defineRoute(
  {
    method: "DELETE",
    path: `${ET}/{webhookId}`,
    tag: etTag,
    summary: "Delete an event type webhook",
    access: etWrite,
    params: ZEventTypeWebhookParams,
    response: ZEventTypeWebhookOutput,
  },
  ({ actor, params }) => deleteWebhook(actor, ofEventType(params), params.webhookId),
);
export const listEventTypeDeliveriesRoute = defineRoute(
  {
    method: "GET",
    path: `${ET}/{webhookId}/deliveries`,
    tag: etTag,
    summary: "The last delivery attempts of an event type webhook, newest first",
    access: "api-key-only",
    params: ZEventTypeWebhookParams,
    query: ZListDeliveriesQuery,
    response: z.array(ZWebhookDeliveryOutput),
  },
  ({ actor, params, query }) => listDeliveries(actor, ofEventType(params), params.webhookId, query.take),
);

// ---------------------------------------------------------------- team event types

const teamTag = "Team event type webhooks";
const TET = "/v2/teams/{teamId}/event-types/{eventTypeId}/webhooks";
const team = (roles: readonly ("OWNER" | "ADMIN" | "MEMBER")[]) => ({ param: "teamId", roles });
const teamRead = { scope: "TEAM_EVENT_TYPE_READ", team: team(["OWNER", "ADMIN", "MEMBER"]) } as const;
const teamWrite = { scope: "TEAM_EVENT_TYPE_WRITE", team: team(["OWNER", "ADMIN"]) } as const;

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

export const webhookRoutes: ApiRoute[] = [
  listWebhooksRoute,
  createWebhookRoute,
  getWebhookRoute,
  updateWebhookRoute,
  deleteWebhookRoute,
  listDeliveriesRoute,
  redeliverRoute,
  sendTestEventRoute,
  listEventTypeWebhooksRoute,
  createEventTypeWebhookRoute,
  deleteEventTypeWebhooksRoute,
  getEventTypeWebhookRoute,
  updateEventTypeWebhookRoute,
  deleteEventTypeWebhookRoute,
  listEventTypeDeliveriesRoute,
  listTeamEventTypeWebhooksRoute,
  createTeamEventTypeWebhookRoute,
  deleteTeamEventTypeWebhooksRoute,
  getTeamEventTypeWebhookRoute,
  updateTeamEventTypeWebhookRoute,
  deleteTeamEventTypeWebhookRoute,
];
