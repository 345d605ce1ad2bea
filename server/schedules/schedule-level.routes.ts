/**
 * Schedule routes (list, create, get, update, delete) declared once for the two levels whose schedules they reach:
 * my own (/v2/schedules) and an organization's member (/v2/organizations/{orgId}/users/{userId}/schedules). Each level
 * says where the schedules live, who may read or change them, what the reference calls each operation and which use
 * case answers it. The lists of several members' schedules (a team's, an organization's) stay with their levels.
 */
import { z } from "zod";
import type { Actor } from "../auth/actor";
import { defineRoute } from "../http/api-route";
import { pageOf, type TPaginationQuery } from "../http/pagination";
import type { RouteAccess } from "../http/route-definition";
import { ZScheduleOutput } from "./schedule.dto";
import {
  ZCreateScheduleInput,
  ZDeleteScheduleQuery,
  ZUpdateScheduleInput,
  type TCreateScheduleInput,
  type TDeleteScheduleQuery,
  type TUpdateScheduleInput,
} from "./schedule.schemas";

type Listed = { items: unknown[]; totalItems: number };

export type ScheduleLevel<P extends object, I extends P & { scheduleId: number }, Q extends TPaginationQuery> = {
  /** The level's schedules, e.g. `/v2/schedules`. */
  path: string;
  tag: string;
  summaries: { list: string; create: string; get: string; update: string; delete: string };
  /** The collection's path parameters; none for my own schedules. */
  params?: z.ZodObject & z.ZodType<P>;
  /** One schedule's path parameters. */
  itemParams: z.ZodObject & z.ZodType<I>;
  listQuery: z.ZodType<Q>;
  read: RouteAccess;
  write: RouteAccess;
  list: (actor: Actor, params: P, query: Q) => Promise<Listed>;
  create: (actor: Actor, params: P, body: TCreateScheduleInput) => Promise<unknown>;
  get: (actor: Actor, params: I) => Promise<unknown>;
  update: (actor: Actor, params: I, body: TUpdateScheduleInput) => Promise<unknown>;
  remove: (actor: Actor, params: I, query: TDeleteScheduleQuery) => Promise<unknown>;
};

export function scheduleLevelRoutes<P extends object, I extends P & { scheduleId: number }, Q extends TPaginationQuery>(level: ScheduleLevel<P, I, Q>) {
  const { path, tag, summaries, read, write } = level;
  // Typed by the level's parameters: zod's generic object types do not narrow to them on their own.
  const collection = level.params ? { params: level.params as z.ZodType<P> } : {};
  const params = level.itemParams as z.ZodType<I>;
  const of = (values: unknown) => (values ?? {}) as P;
  const item = `${path}/{scheduleId}`;
  const list = defineRoute(
    { method: "GET", path, tag, summary: summaries.list, access: read, ...collection, query: level.listQuery, response: ZScheduleOutput, paginated: true },
    ({ actor, params, query }) => pageOf(level.list(actor, of(params), query), query),
  );
  const create = defineRoute(
    {
      method: "POST",
      path,
      tag,
      summary: summaries.create,
      access: write,
      ...collection,
      body: ZCreateScheduleInput,
      response: ZScheduleOutput,
      successStatus: 201,
    },
    ({ actor, params, body }) => level.create(actor, of(params), body),
  );
  const get = defineRoute({ method: "GET", path: item, tag, summary: summaries.get, access: read, params, response: ZScheduleOutput }, ({ actor, params }) =>
    level.get(actor, params),
  );
  const update = defineRoute(
    { method: "PATCH", path: item, tag, summary: summaries.update, access: write, params, body: ZUpdateScheduleInput, response: ZScheduleOutput },
    ({ actor, params, body }) => level.update(actor, params, body),
  );
  const remove = defineRoute(
    { method: "DELETE", path: item, tag, summary: summaries.delete, access: write, params, query: ZDeleteScheduleQuery, response: z.null() },
    async ({ actor, params, query }) => {
      await level.remove(actor, params, query);
      return null;
    },
  );
  return { list, create, get, update, remove };
}
