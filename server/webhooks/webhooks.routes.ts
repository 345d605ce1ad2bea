/**
 * /v2 webhook routes. The account's (`/v2/webhooks`) are api-key-only: the spec's scope tables do not list them;
 * so are the delivery log and its actions at every level (Convene's own; webhook-deliveries.routes.ts). The event type and team event type levels are in
 * event-type-webhooks.routes.ts and team-event-type-webhooks.routes.ts; `webhookRoutes` lists all three.
 */
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import type { WebhookOwner } from "./webhook-access";
import { eventTypeWebhookRoutes } from "./event-type-webhooks.routes";
import { teamEventTypeWebhookRoutes } from "./team-event-type-webhooks.routes";
import { webhookDeliveryRoutes } from "./webhook-deliveries.routes";
import { ZUserWebhookOutput } from "./webhook.dto";
import { ZCreateWebhookInput, ZListWebhooksQuery, ZUpdateWebhookInput, ZWebhookIdParams } from "./webhook.schemas";
import { createWebhook, deleteWebhook, getWebhook, listWebhooks, updateWebhook } from "./webhook.service";

const account: WebhookOwner = { kind: "user" };

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
export const {
  list: listDeliveriesRoute,
  redeliver: redeliverRoute,
  sendTest: sendTestEventRoute,
} = webhookDeliveryRoutes({
  path: `${A}/{webhookId}`,
  tag,
  noun: "an account webhook",
  params: ZWebhookIdParams,
  owner: () => account,
  read: "api-key-only",
  write: "api-key-only",
});

export const webhookRoutes: ApiRoute[] = [
  listWebhooksRoute,
  createWebhookRoute,
  getWebhookRoute,
  updateWebhookRoute,
  deleteWebhookRoute,
  listDeliveriesRoute,
  redeliverRoute,
  sendTestEventRoute,
  ...eventTypeWebhookRoutes,
  ...teamEventTypeWebhookRoutes,
];
