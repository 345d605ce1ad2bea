import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ZListBookingsQuery } from "../bookings/booking-list-query";
import { arrayKeysOf, NO_QUERY } from "./schema-shapes";

describe("arrayKeysOf: the query parameters that take a list", () => {
  it("finds arrays past optional, union, pipe and default wrappers, and nothing else", () => {
    const schema = z.object({
      tag: z.array(z.string()).or(z.string()).optional(),
      ids: z
        .union([z.string(), z.array(z.string())])
        .transform((value) => [value].flat())
        .optional(),
      take: z.coerce.number().default(10),
      name: z.string(),
    });
    expect([...arrayKeysOf(schema)].sort()).toEqual(["ids", "tag"]);
    expect(arrayKeysOf(NO_QUERY).size).toBe(0);
  });

  it("finds the bookings listing's filters that take several values", () => {
    expect([...arrayKeysOf(ZListBookingsQuery)]).toEqual(expect.arrayContaining(["status", "eventTypeIds"]));
    expect(arrayKeysOf(ZListBookingsQuery).has("take")).toBe(false);
  });
});
