/**
 * A webhook's delivery log and its two actions (redeliver a message, send a test event) as /v2 routes, declared
 * once for the three levels: each level says where its webhook lives (path, params, owner) and who may read or act.
 */
import { z } from "zod";
import { defineRoute } from "../http/api-route";
import type { RouteAccess } from "../http/route-definition";
import type { WebhookOwner } from "./webhook-access";
import { listDeliveries, redeliverMessage, sendTestEvent } from "./webhook-deliveries.service";
import { ZWebhookDeliveryOutput } from "./webhook.dto";
import { ZListDeliveriesQuery, ZMessageIdParam } from "./webhook.schemas";

export type WebhookLevel<P extends { webhookId: number }> = {
  /** The webhook's own path, e.g. `/v2/webhooks/{webhookId}`. */
  path: string;
  tag: string;
  /** What the summaries call the webhook: "an account webhook". */
  noun: string;
  params: z.ZodObject & z.ZodType<P>;
  owner: (params: P) => WebhookOwner;
  read: RouteAccess;
  write: RouteAccess;
};

export function webhookDeliveryRoutes<P extends { webhookId: number }>(level: WebhookLevel<P>) {
  const { path, tag, noun, owner } = level;
  // Typed by the level's parameters: zod's generic object types do not narrow to them on their own.
  const params = level.params as z.ZodType<P>;
  const messageParams = level.params.extend({ messageId: ZMessageIdParam }) as unknown as z.ZodType<P & { messageId: string }>;
  const list = defineRoute(
    {
      method: "GET",
      path: `${path}/deliveries`,
      tag,
      summary: `The last delivery attempts of ${noun}, newest first`,
      access: level.read,
      params,
      query: ZListDeliveriesQuery,
      response: z.array(ZWebhookDeliveryOutput),
    },
    ({ actor, params, query }) => listDeliveries(actor, owner(params), params.webhookId, query.take),
  );
  const redeliver = defineRoute(
    {
      method: "POST",
      path: `${path}/messages/{messageId}/redeliver`,
      tag,
      summary: `Deliver a message of ${noun} again now (same webhook-id); answers the attempt`,
      access: level.write,
      params: messageParams,
      response: ZWebhookDeliveryOutput,
    },
    ({ actor, params }) => redeliverMessage(actor, owner(params), params.webhookId, params.messageId),
  );
  const sendTest = defineRoute(
    {
      method: "POST",
      path: `${path}/test`,
      tag,
      summary: `Send a PING test event to ${noun} now; answers the attempt`,
      access: level.write,
      params,
      response: ZWebhookDeliveryOutput,
    },
    ({ actor, params }) => sendTestEvent(actor, owner(params), params.webhookId),
  );
  return { list, redeliver, sendTest };
}
