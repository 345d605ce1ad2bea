/**
 * An event type's private links (list, create, update, delete) declared once for the two levels that have them: my
 * own event types (/v2/event-types/{eventTypeId}/private-links) and a team's of an organization
 * (/v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/private-links). Each level says where the links
 * live, who may read or change them, what the reference calls each operation and which use case answers it.
 */
import type { z } from "zod";
import type { Actor } from "../auth/actor";
import { defineRoute } from "../http/api-route";
import type { RouteAccess } from "../http/route-definition";
import { ZDeletePrivateLinkOutput, ZPrivateLinkOutput } from "./private-link.dto";
import {
  ZCreatePrivateLinkInput,
  ZPrivateLinkId,
  ZUpdatePrivateLinkInput,
  type TCreatePrivateLinkInput,
  type TUpdatePrivateLinkInput,
} from "./private-link.schemas";

export type PrivateLinkLevel<P extends { eventTypeId: number }> = {
  /** The event type's own path, e.g. `/v2/event-types/{eventTypeId}`. */
  path: string;
  tag: string;
  summaries: { list: string; create: string; update: string; delete: string };
  /** The event type's path parameters (a link's add `linkId`). */
  params: z.ZodObject & z.ZodType<P>;
  read: RouteAccess;
  write: RouteAccess;
  list: (actor: Actor, params: P) => Promise<unknown>;
  create: (actor: Actor, params: P, body: TCreatePrivateLinkInput) => Promise<unknown>;
  update: (actor: Actor, params: P, linkId: string, body: TUpdatePrivateLinkInput) => Promise<unknown>;
  remove: (actor: Actor, params: P, linkId: string) => Promise<unknown>;
};

export function privateLinkLevelRoutes<P extends { eventTypeId: number }>(level: PrivateLinkLevel<P>) {
  const { tag, summaries, read, write } = level;
  // Typed by the level's parameters: zod's generic object types do not narrow to them on their own.
  const params = level.params as z.ZodType<P>;
  const linkParams = level.params.extend({ linkId: ZPrivateLinkId }) as unknown as z.ZodType<P & { linkId: string }>;
  const path = `${level.path}/private-links`;
  const item = `${path}/{linkId}`;
  const links = { path, tag, params } as const;
  const list = defineRoute({ ...links, method: "GET", summary: summaries.list, access: read, response: ZPrivateLinkOutput.array() }, ({ actor, params }) =>
    level.list(actor, params),
  );
  const create = defineRoute(
    { ...links, method: "POST", summary: summaries.create, access: write, body: ZCreatePrivateLinkInput, response: ZPrivateLinkOutput, successStatus: 201 },
    ({ actor, params, body }) => level.create(actor, params, body),
  );
  const oneLink = { path: item, tag, params: linkParams } as const;
  const update = defineRoute(
    { ...oneLink, method: "PATCH", summary: summaries.update, access: write, body: ZUpdatePrivateLinkInput, response: ZPrivateLinkOutput },
    ({ actor, params, body }) => level.update(actor, params, params.linkId, body),
  );
  const remove = defineRoute(
    { ...oneLink, method: "DELETE", summary: summaries.delete, access: write, response: ZDeletePrivateLinkOutput },
    ({ actor, params }) => level.remove(actor, params, params.linkId),
  );
  return { list, create, update, remove };
}
