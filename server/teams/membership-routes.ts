/**
 * The five membership operations (list, create, get, update, delete) of a membership's owner — a team
 * (/v2/teams/{teamId}), an organization (/v2/organizations/{orgId}) or a team of an organization
 * (/v2/organizations/{orgId}/teams/{teamId}) — declared once. Each variant names its path, scopes and permissions,
 * its output, its words and its use cases; the shape of the five routes, their bodies and their paging are the same.
 */
import { z } from "zod";
import type { Actor } from "../auth/actor";
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { ZIdParam } from "../http/ids";
import { pageOf, ZPaginationQuery, type TPaginationQuery } from "../http/pagination";
import type { RouteAccess } from "../http/route-definition";
import { ZCreateMembershipInput, ZUpdateMembershipInput, type TCreateMembershipInput, type TUpdateMembershipInput } from "./team.schemas";

type Operation = "list" | "create" | "get" | "update" | "delete";

/** What a variant's use cases are given: the owner's path parameters as parsed (`{ teamId }`, `{ orgId }`, …). */
export type MembershipUseCases<P> = {
  list: (actor: Actor, owner: P, page: TPaginationQuery) => Promise<{ items: unknown[]; totalItems: number }>;
  create: (actor: Actor, owner: P, input: TCreateMembershipInput) => Promise<unknown>;
  get: (actor: Actor, owner: P, membershipId: number) => Promise<unknown>;
  update: (actor: Actor, owner: P, membershipId: number, input: TUpdateMembershipInput) => Promise<unknown>;
  delete: (actor: Actor, owner: P, membershipId: number) => Promise<unknown>;
};

export type MembershipRouteVariant<P extends Record<string, number>> = {
  /** The owner's path, `/v2/teams/{teamId}`: the routes are `{base}/memberships` and `{base}/memberships/{membershipId}`. */
  base: string;
  tag: string;
  /** The owner's path parameters. */
  params: z.ZodObject<{ [K in keyof P]: typeof ZIdParam }>;
  access: { read: RouteAccess; write: RouteAccess };
  response: z.ZodType;
  summaries: Record<Operation, string>;
  useCases: MembershipUseCases<P>;
};

export function membershipRoutes<P extends Record<string, number>>(variant: MembershipRouteVariant<P>): Record<Operation, ApiRoute> {
  const { tag, access, response, summaries, useCases } = variant;
  const collection = `${variant.base}/memberships`;
  const one = `${collection}/{membershipId}`;
  const ownerParams = variant.params as unknown as z.ZodObject<Record<string, typeof ZIdParam>>;
  const oneParams = ownerParams.extend({ membershipId: ZIdParam });
  // The parsed parameters hold the owner's ids and, on one membership, its id: the use cases get them apart.
  const ownerOf = (params: Record<string, number>) => params as unknown as P;
  const membershipIdOf = (params: Record<string, number>) => (params as { membershipId: number }).membershipId;
  return {
    list: defineRoute(
      {
        method: "GET",
        path: collection,
        tag,
        summary: summaries.list,
        access: access.read,
        params: ownerParams,
        query: ZPaginationQuery,
        response,
        paginated: true,
      },
      ({ actor, params, query }) => pageOf(useCases.list(actor as Actor, ownerOf(params), query), query),
    ),
    create: defineRoute(
      {
        method: "POST",
        path: collection,
        tag,
        summary: summaries.create,
        access: access.write,
        params: ownerParams,
        body: ZCreateMembershipInput,
        response,
        successStatus: 201,
      },
      ({ actor, params, body }) => useCases.create(actor as Actor, ownerOf(params), body),
    ),
    get: defineRoute({ method: "GET", path: one, tag, summary: summaries.get, access: access.read, params: oneParams, response }, ({ actor, params }) =>
      useCases.get(actor as Actor, ownerOf(params), membershipIdOf(params)),
    ),
    update: defineRoute(
      { method: "PATCH", path: one, tag, summary: summaries.update, access: access.write, params: oneParams, body: ZUpdateMembershipInput, response },
      ({ actor, params, body }) => useCases.update(actor as Actor, ownerOf(params), membershipIdOf(params), body),
    ),
    delete: defineRoute(
      { method: "DELETE", path: one, tag, summary: summaries.delete, access: access.write, params: oneParams, response },
      ({ actor, params }) => useCases.delete(actor as Actor, ownerOf(params), membershipIdOf(params)),
    ),
  };
}
