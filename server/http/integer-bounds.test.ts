/**
 * Every integer a /v2 route accepts is bounded by PostgreSQL's int4, so an oversized number is a 400 from the schema,
 * never a 500 from the database (22003). A new route or field without a bound fails here, before any fuzzing.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_DB_INT } from "./ids";
import { ROUTE_CATALOG } from "./route-catalog";

type JsonSchema = {
  type?: string | string[];
  maximum?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  [key: string]: unknown;
};

/** Paths of integer schemas (anywhere in `schema`) lacking a maximum within int4 or a minimum within int4. */
function unboundedIntegers(schema: unknown, path = ""): string[] {
  if (typeof schema !== "object" || schema === null) return [];
  const node = schema as JsonSchema;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  const max = node.maximum ?? node.exclusiveMaximum;
  const min = node.minimum ?? node.exclusiveMinimum;
  const bounded = max !== undefined && max <= MAX_DB_INT && min !== undefined && min >= -MAX_DB_INT - 1;
  const own = types.includes("integer") && !bounded ? [path || "(root)"] : [];
  return [...own, ...Object.entries(node).flatMap(([key, value]) => unboundedIntegers(value, `${path}/${key}`))];
}

describe("integer inputs of every /v2 route", () => {
  const parts = ROUTE_CATALOG.flatMap((route) =>
    (["params", "query", "body"] as const)
      .filter((part) => route[part])
      .map((part) => ({ name: `${route.method} ${route.path} ${part}`, schema: route[part]! })),
  );

  it.each(parts)("$name: every integer is within PostgreSQL's int4", ({ schema }) => {
    expect(unboundedIntegers(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }))).toEqual([]);
  });
});
