/** `take`/`skip` for list routes and the pagination object that answers them. */
import { z } from "zod";
import { ZDecimalIntParam } from "./ids";

export const MAX_TAKE = 250;
export const DEFAULT_TAKE = 100;

export const ZPaginationQuery = z.object({
  take: ZDecimalIntParam({ min: 1, max: MAX_TAKE }).default(DEFAULT_TAKE).describe(`Items per page, at most ${MAX_TAKE}`),
  skip: ZDecimalIntParam({ min: 0 }).default(0).describe("Items to skip"),
});

export type TPaginationQuery = z.infer<typeof ZPaginationQuery>;

export const ZPaginationOutput = z.object({
  totalItems: z.number().int(),
  remainingItems: z.number().int(),
  returnedItems: z.number().int(),
  itemsPerPage: z.number().int(),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  hasNextPage: z.boolean(),
  hasPreviousPage: z.boolean(),
  nextCursor: z.string().optional().describe("On lists that take `cursor`: pass it to get the next page (left out on the last page)"),
});
export type TPagination = z.infer<typeof ZPaginationOutput>;

/** `skip`: the items before this page (for a cursor page, counted from where the cursor points). */
export function paginationFor(totalItems: number, returnedItems: number, { take, skip }: TPaginationQuery): TPagination {
  const totalPages = Math.ceil(totalItems / take);
  const currentPage = Math.floor(skip / take) + 1;
  return {
    totalItems,
    remainingItems: Math.max(0, totalItems - skip - returnedItems),
    returnedItems,
    itemsPerPage: take,
    currentPage,
    totalPages,
    hasNextPage: skip + returnedItems < totalItems,
    hasPreviousPage: skip > 0,
  };
}

/**
 * What a list handler returns: the page and the query it answers; the route wrapper builds the envelope.
 * A list that takes cursors passes `keyset`: whether a next page exists is then known exactly (it read one row
 * more), and `query.skip` is the number of items before the page as the cursor recorded it.
 */
export class Page<T> {
  constructor(
    readonly items: T[],
    readonly totalItems: number,
    readonly query: TPaginationQuery,
    readonly keyset?: { nextCursor?: string },
  ) {}

  get pagination(): TPagination {
    const pagination = paginationFor(this.totalItems, this.items.length, this.query);
    if (!this.keyset) return pagination;
    const { nextCursor } = this.keyset;
    if (nextCursor === undefined) return { ...pagination, hasNextPage: false, remainingItems: 0 };
    return { ...pagination, hasNextPage: true, remainingItems: Math.max(1, pagination.remainingItems), nextCursor };
  }
}

/** A use case's listing (`{ items, totalItems }`) as the page the route answers. */
export async function pageOf<T>(listing: Promise<{ items: T[]; totalItems: number }>, query: TPaginationQuery): Promise<Page<T>> {
  const { items, totalItems } = await listing;
  return new Page(items, totalItems, query);
}
