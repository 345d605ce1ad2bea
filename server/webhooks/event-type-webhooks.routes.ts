/** Webhooks of a personal event type: EVENT_TYPE_READ / _WRITE (the spec's user-level table); their delivery log and its actions are api-key-only. */
import { webhookLevelRoutes } from "./webhook-level.routes";
import { ZEventTypeWebhookOutput } from "./webhook.dto";
import { ZEventTypeWebhookParams, ZEventTypeWebhooksParams } from "./webhook.schemas";

export const {
  list: listEventTypeWebhooksRoute,
  create: createEventTypeWebhookRoute,
  deleteAll: deleteEventTypeWebhooksRoute,
  get: getEventTypeWebhookRoute,
  update: updateEventTypeWebhookRoute,
  remove: deleteEventTypeWebhookRoute,
  listDeliveries: listEventTypeDeliveriesRoute,
  redeliver: redeliverEventTypeMessageRoute,
  sendTest: sendEventTypeTestEventRoute,
  all: eventTypeWebhookRoutes,
} = webhookLevelRoutes({
  path: "/v2/event-types/{eventTypeId}/webhooks",
  tag: "Event type webhooks",
  noun: "an event type webhook",
  summaries: {
    list: "Get an event type's webhooks",
    create: "Create an event type webhook (the answer shows its secret, once)",
    deleteAll: "Delete all of an event type's webhooks",
    get: "Get an event type webhook",
    update: "Update an event type webhook",
    delete: "Delete an event type webhook",
  },
  params: ZEventTypeWebhooksParams,
  itemParams: ZEventTypeWebhookParams,
  owner: ({ eventTypeId }) => ({ kind: "eventType", eventTypeId }),
  read: { scope: "EVENT_TYPE_READ" },
  write: { scope: "EVENT_TYPE_WRITE" },
  // The spec's EVENT_TYPE_ rows do not list them (webhook-deliveries.routes.ts).
  deliveries: { read: "api-key-only", write: "api-key-only" },
  response: ZEventTypeWebhookOutput,
});
