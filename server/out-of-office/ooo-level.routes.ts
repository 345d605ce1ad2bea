/**
 * Out-of-office routes (list, create, update, delete) declared once for the three levels whose entries they reach:
 * my own (/v2/me/ooo), an organization's member and a team's member. Each level says where the entries live (path,
 * params), who may read or change them, what the reference calls each operation and which use case answers it.
 */
import type { z } from "zod";
import type { Actor } from "../auth/actor";
import { defineRoute, type ApiRoute } from "../http/api-route";
import { pageOf } from "../http/pagination";
import type { RouteAccess } from "../http/route-definition";
import { ZOooOutput } from "./out-of-office.dto";
import { ZCreateOooInput, ZListOooQuery, ZUpdateOooInput, type TCreateOooInput, type TListOooQuery, type TUpdateOooInput } from "./out-of-office.schemas";

type Listed = { items: unknown[]; totalItems: number };

export type OooLevel<P extends object, I extends P & { oooId: number }> = {
  /** The level's entries, e.g. `/v2/me/ooo`. */
  path: string;
  tag: string;
  summaries: { list: string; create: string; update: string; delete: string };
  /** The collection's path parameters; none for my own entries. */
  params?: z.ZodObject & z.ZodType<P>;
  /** One entry's path parameters. */
  itemParams: z.ZodObject & z.ZodType<I>;
  read: RouteAccess;
  write: RouteAccess;
  /** Where the peer has these operations, when under another path (its organization-scoped OOO API). */
  peerPath?: string;
  list: (actor: Actor, params: P, query: TListOooQuery) => Promise<Listed>;
  create: (actor: Actor, params: P, body: TCreateOooInput) => Promise<unknown>;
  update: (actor: Actor, params: I, body: TUpdateOooInput) => Promise<unknown>;
  remove: (actor: Actor, params: I) => Promise<unknown>;
};

export function oooLevelRoutes<P extends object, I extends P & { oooId: number }>(level: OooLevel<P, I>) {
  const { path, tag, summaries, read, write, peerPath } = level;
  // Typed by the level's parameters: zod's generic object types do not narrow to them on their own.
  const collection = level.params ? { params: level.params as z.ZodType<P> } : {};
  const params = level.itemParams as z.ZodType<I>;
  const of = (values: unknown) => (values ?? {}) as P;
  const item = `${path}/{oooId}`;
  const peer = (operation: string) => (peerPath ? { peerOperation: operation.replace(path, peerPath) } : {});
  const list = defineRoute(
    {
      method: "GET",
      path,
      ...peer(`GET ${path}`),
      tag,
      summary: summaries.list,
      access: read,
      ...collection,
      query: ZListOooQuery,
      response: ZOooOutput,
      paginated: true,
    },
    ({ actor, params, query }) => pageOf(level.list(actor, of(params), query), query),
  );
  const create = defineRoute(
    {
      method: "POST",
      path,
      ...peer(`POST ${path}`),
      tag,
      summary: summaries.create,
      access: write,
      ...collection,
      body: ZCreateOooInput,
      response: ZOooOutput,
      successStatus: 201,
    },
    ({ actor, params, body }) => level.create(actor, of(params), body),
  );
  const update = defineRoute(
    {
      method: "PATCH",
      path: item,
      ...peer(`PATCH ${item}`),
      tag,
      summary: summaries.update,
      access: write,
      params,
      body: ZUpdateOooInput,
      response: ZOooOutput,
    },
    ({ actor, params, body }) => level.update(actor, params, body),
  );
  const remove = defineRoute(
    { method: "DELETE", path: item, ...peer(`DELETE ${item}`), tag, summary: summaries.delete, access: write, params, response: ZOooOutput },
    ({ actor, params }) => level.remove(actor, params),
  );
  const all: ApiRoute[] = [list, create, update, remove];
  return { list, create, update, remove, all };
}
