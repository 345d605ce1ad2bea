/**
 * A webhook's routes (list, create, get, update, delete, and where the level has it, delete all), with its delivery
 * log and actions (webhook-deliveries.routes.ts), declared once for the four levels: the account, an event type, a
 * team's event type and an organization. Each level says where its webhooks live (path, params, owner), who may read
 * or change them, and what the reference calls each operation.
 */
import { z } from "zod";
import { defineRoute, type ApiRoute } from "../http/api-route";
import type { RouteAccess } from "../http/route-definition";
import type { WebhookOwner } from "./webhook-access";
import { webhookDeliveryRoutes } from "./webhook-deliveries.routes";
import { ZCreateWebhookInput, ZListWebhooksQuery, ZUpdateWebhookInput } from "./webhook.schemas";
import { createWebhook, deleteAllWebhooks, deleteWebhook, getWebhook, listWebhooks, updateWebhook } from "./webhook.service";

type Summaries = { list: string; create: string; get: string; update: string; delete: string; deleteAll?: string };

export type WebhookRoutesLevel<P extends object, I extends P & { webhookId: number }> = {
  /** The level's webhooks, e.g. `/v2/event-types/{eventTypeId}/webhooks`. */
  path: string;
  tag: string;
  /** What the delivery routes' summaries call one of them: "an event type webhook". */
  noun: string;
  summaries: Summaries;
  /** The collection's path parameters; none at the account level. */
  params?: z.ZodObject & z.ZodType<P>;
  /** One webhook's path parameters. */
  itemParams: z.ZodObject & z.ZodType<I>;
  owner: (params: P) => WebhookOwner;
  read: RouteAccess;
  write: RouteAccess;
  /** The delivery log and its actions (webhook-deliveries.routes.ts). */
  deliveries: { read: RouteAccess; write: RouteAccess };
  response: z.ZodType;
};

/** A level whose summaries name "delete all" has that route; the others have none (null). */
type DeleteAll<S extends Summaries> = S["deleteAll"] extends string ? ApiRoute : null;

export function webhookLevelRoutes<P extends object, I extends P & { webhookId: number }, S extends Summaries>(
  level: WebhookRoutesLevel<P, I> & { summaries: S },
) {
  const { path, tag, summaries, owner, read, write, response } = level;
  // Typed by the level's parameters: zod's generic object types do not narrow to them on their own.
  const collection = level.params ? { params: level.params as z.ZodType<P> } : {};
  const params = level.itemParams as z.ZodType<I>;
  const ownerOf = (values: unknown) => owner((values ?? {}) as P);
  const list = defineRoute(
    { method: "GET", path, tag, summary: summaries.list, access: read, ...collection, query: ZListWebhooksQuery, response, paginated: true },
    ({ actor, params, query }) => listWebhooks(actor, ownerOf(params), query),
  );
  const create = defineRoute(
    { method: "POST", path, tag, summary: summaries.create, access: write, ...collection, body: ZCreateWebhookInput, response, successStatus: 201 },
    ({ actor, params, body }) => createWebhook(actor, ownerOf(params), body),
  );
  const deleteAll = (
    summaries.deleteAll === undefined
      ? null
      : defineRoute({ method: "DELETE", path, tag, summary: summaries.deleteAll, access: write, ...collection, response: z.string() }, ({ actor, params }) =>
          deleteAllWebhooks(actor, ownerOf(params)),
        )
  ) as DeleteAll<S>;
  const item = `${path}/{webhookId}`;
  const get = defineRoute({ method: "GET", path: item, tag, summary: summaries.get, access: read, params, response }, ({ actor, params }) =>
    getWebhook(actor, owner(params), params.webhookId),
  );
  const update = defineRoute(
    { method: "PATCH", path: item, tag, summary: summaries.update, access: write, params, body: ZUpdateWebhookInput, response },
    ({ actor, params, body }) => updateWebhook(actor, owner(params), params.webhookId, body),
  );
  const remove = defineRoute({ method: "DELETE", path: item, tag, summary: summaries.delete, access: write, params, response }, ({ actor, params }) =>
    deleteWebhook(actor, owner(params), params.webhookId),
  );
  const deliveries = webhookDeliveryRoutes({ path: item, tag, noun: level.noun, params: level.itemParams, owner, ...level.deliveries });
  const all: ApiRoute[] = [list, create, ...(deleteAll ? [deleteAll] : []), get, update, remove, deliveries.list, deliveries.redeliver, deliveries.sendTest];
  return { list, create, deleteAll, get, update, remove, listDeliveries: deliveries.list, redeliver: deliveries.redeliver, sendTest: deliveries.sendTest, all };
}
