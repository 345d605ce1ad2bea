/** The peer's list filters and sort orders (routing-form-queries.schemas.ts) as Prisma conditions. */
import type { Prisma } from "../db/generated/client";
import type { TResponsesQuery, TRoutingFormsQuery } from "./routing-form-queries.schemas";

const window = (after: Date | undefined, before: Date | undefined) =>
  after || before ? { ...(after ? { gte: after } : {}), ...(before ? { lte: before } : {}) } : undefined;

function timeFilters(query: TResponsesQuery) {
  const createdAt = window(query.afterCreatedAt, query.beforeCreatedAt);
  const updatedAt = window(query.afterUpdatedAt, query.beforeUpdatedAt);
  return { ...(createdAt ? { createdAt } : {}), ...(updatedAt ? { updatedAt } : {}) };
}

export const routingFormFilters = (query: TRoutingFormsQuery): Prisma.RoutingFormWhereInput => ({
  ...timeFilters(query),
  ...(query.teamIds ? { teamId: { in: query.teamIds } } : {}),
  ...(query.routedToBookingUid ? { responses: { some: { routedToBookingUid: query.routedToBookingUid } } } : {}),
});

export const responseFilters = (query: TResponsesQuery): Prisma.RoutingFormResponseWhereInput => ({
  ...timeFilters(query),
  ...(query.routedToBookingUid ? { routedToBookingUid: query.routedToBookingUid } : {}),
});

/** Sorted as asked (creation first), then by id, so pages never overlap. */
export function orderOf(query: TResponsesQuery): { createdAt?: "asc" | "desc"; updatedAt?: "asc" | "desc"; id?: "asc" }[] {
  return [
    ...(query.sortCreatedAt ? [{ createdAt: query.sortCreatedAt }] : []),
    ...(query.sortUpdatedAt ? [{ updatedAt: query.sortUpdatedAt }] : []),
    ...(query.sortCreatedAt || query.sortUpdatedAt ? [] : [{ createdAt: "asc" as const }]),
    { id: "asc" as const },
  ];
}
