/**
 * /v2 webhook routes. The account's (`/v2/webhooks`) are api-key-only: the spec's scope tables do not list them;
 * so are the delivery log and its actions at every level (Convene's own; webhook-deliveries.routes.ts). The event type and team event type levels are in
 * event-type-webhooks.routes.ts and team-event-type-webhooks.routes.ts; `webhookRoutes` lists all three.
 */
import type { ApiRoute } from "../http/api-route";
import { eventTypeWebhookRoutes } from "./event-type-webhooks.routes";
import { teamEventTypeWebhookRoutes } from "./team-event-type-webhooks.routes";
import { webhookLevelRoutes } from "./webhook-level.routes";
import { ZUserWebhookOutput } from "./webhook.dto";
import { ZWebhookIdParams } from "./webhook.schemas";

export const {
  list: listWebhooksRoute,
  create: createWebhookRoute,
  get: getWebhookRoute,
  update: updateWebhookRoute,
  remove: deleteWebhookRoute,
  listDeliveries: listDeliveriesRoute,
  redeliver: redeliverRoute,
  sendTest: sendTestEventRoute,
  all: accountWebhookRoutes,
} = webhookLevelRoutes({
  path: "/v2/webhooks",
  tag: "Webhooks",
  noun: "an account webhook",
  summaries: {
    list: "Get all my account's webhooks",
    create: "Create an account webhook (the answer shows its secret, once)",
    get: "Get an account webhook",
    update: "Update an account webhook (a new secret rotates: the previous one signs too for 24 hours)",
    delete: "Delete an account webhook",
  },
  itemParams: ZWebhookIdParams,
  owner: () => ({ kind: "user" }),
  read: "api-key-only",
  write: "api-key-only",
  deliveries: { read: "api-key-only", write: "api-key-only" },
  response: ZUserWebhookOutput,
});

export const webhookRoutes: ApiRoute[] = [...accountWebhookRoutes, ...eventTypeWebhookRoutes, ...teamEventTypeWebhookRoutes];
