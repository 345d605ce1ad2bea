/** Webhooks of a personal event type: EVENT_TYPE_READ / _WRITE (the spec's user-level table); their delivery log and its actions are api-key-only. */
import { z } from "zod";
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import type { WebhookOwner } from "./webhook-access";
import { webhookDeliveryRoutes } from "./webhook-deliveries.routes";
import { ZEventTypeWebhookOutput } from "./webhook.dto";
import { ZCreateWebhookInput, ZEventTypeWebhookParams, ZEventTypeWebhooksParams, ZListWebhooksQuery, ZUpdateWebhookInput } from "./webhook.schemas";
import { createWebhook, deleteAllWebhooks, deleteWebhook, getWebhook, listWebhooks, updateWebhook } from "./webhook.service";

const ofEventType = (params: { eventTypeId: number }): WebhookOwner => ({ kind: "eventType", eventTypeId: params.eventTypeId });

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
/** Api-key-only: the spec's EVENT_TYPE_ rows do not list them (webhook-deliveries.routes.ts). */
export const {
  list: listEventTypeDeliveriesRoute,
  redeliver: redeliverEventTypeMessageRoute,
  sendTest: sendEventTypeTestEventRoute,
} = webhookDeliveryRoutes({
  path: `${ET}/{webhookId}`,
  tag: etTag,
  noun: "an event type webhook",
  params: ZEventTypeWebhookParams,
  owner: ofEventType,
  read: "api-key-only",
  write: "api-key-only",
});

export const eventTypeWebhookRoutes: ApiRoute[] = [
  listEventTypeWebhooksRoute,
  createEventTypeWebhookRoute,
  deleteEventTypeWebhooksRoute,
  getEventTypeWebhookRoute,
  updateEventTypeWebhookRoute,
  deleteEventTypeWebhookRoute,
  listEventTypeDeliveriesRoute,
  redeliverEventTypeMessageRoute,
  sendEventTypeTestEventRoute,
];
