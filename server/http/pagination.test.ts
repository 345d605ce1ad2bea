import { describe, expect, it } from "vitest";
import { DEFAULT_TAKE, MAX_TAKE, Page, paginationFor, ZPaginationQuery } from "./pagination";

describe("paginationFor", () => {
  it.each([
    {
      case: "first of three pages",
      total: 250,
      returned: 100,
      take: 100,
      skip: 0,
      expected: { currentPage: 1, totalPages: 3, remainingItems: 150, hasNextPage: true, hasPreviousPage: false },
    },
    {
      case: "middle page",
      total: 250,
      returned: 100,
      take: 100,
      skip: 100,
      expected: { currentPage: 2, totalPages: 3, remainingItems: 50, hasNextPage: true, hasPreviousPage: true },
    },
    {
      case: "short last page",
      total: 250,
      returned: 50,
      take: 100,
      skip: 200,
      expected: { currentPage: 3, totalPages: 3, remainingItems: 0, hasNextPage: false, hasPreviousPage: true },
    },
    {
      case: "full last page",
      total: 200,
      returned: 100,
      take: 100,
      skip: 100,
      expected: { currentPage: 2, totalPages: 2, remainingItems: 0, hasNextPage: false, hasPreviousPage: true },
    },
    {
      case: "empty collection",
      total: 0,
      returned: 0,
      take: 10,
      skip: 0,
      expected: { currentPage: 1, totalPages: 0, remainingItems: 0, hasNextPage: false, hasPreviousPage: false },
    },
    {
      case: "skip beyond the total",
      total: 10,
      returned: 0,
      take: 10,
      skip: 50,
      expected: { currentPage: 6, totalPages: 1, remainingItems: 0, hasNextPage: false, hasPreviousPage: true },
    },
    {
      case: "skip not a multiple of take",
      total: 30,
      returned: 10,
      take: 10,
      skip: 5,
      expected: { currentPage: 1, totalPages: 3, remainingItems: 15, hasNextPage: true, hasPreviousPage: true },
    },
  ])("$case", ({ total, returned, take, skip, expected }) => {
    expect(paginationFor(total, returned, { take, skip })).toEqual({
      totalItems: total,
      returnedItems: returned,
      itemsPerPage: take,
      ...expected,
    });
  });

  it("is what a Page reports for its items", () => {
    const page = new Page(["a", "b"], 5, { take: 2, skip: 2 });
    expect(page.pagination).toEqual(paginationFor(5, 2, { take: 2, skip: 2 }));
    expect(page.pagination).toMatchObject({ currentPage: 2, totalPages: 3, remainingItems: 1, hasNextPage: true });
  });
});

describe("ZPaginationQuery", () => {
  it.each([
    { query: {}, expected: { take: DEFAULT_TAKE, skip: 0 } },
    { query: { take: "25", skip: "50" }, expected: { take: 25, skip: 50 } },
    { query: { take: String(MAX_TAKE) }, expected: { take: MAX_TAKE, skip: 0 } },
  ])("accepts $query", ({ query, expected }) => {
    expect(ZPaginationQuery.parse(query)).toEqual(expected);
  });

  it.each([
    { query: { take: String(MAX_TAKE + 1) }, path: "take" },
    { query: { take: "0" }, path: "take" },
    { query: { take: "2.5" }, path: "take" },
    { query: { take: "ten" }, path: "take" },
    { query: { skip: "-1" }, path: "skip" },
  ])("refuses $query", ({ query, path }) => {
    const result = ZPaginationQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual([path]);
  });
});
