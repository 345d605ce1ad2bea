/**
 * sql()'s prepared statements when Next.js loads client.ts once per route bundle: every copy shares the one pool, so two
 * copies must never give two different texts the same statement name on a connection.
 */
import { afterAll, expect, it, vi } from "vitest";

afterAll(async () => (await import("./client")).disconnectDb());

it("two copies of the module, one connection: each text keeps its own statement", async () => {
  process.env.DATABASE_POOL_SIZE = "1"; // one connection, so both copies' statements meet on it
  const first = await import("./client");
  await first.disconnectDb(); // a pool opened before this test would have another size
  vi.resetModules();
  const second = await import("./client");
  expect(second.sql).not.toBe(first.sql);
  expect(await first.sql("SELECT 1 AS one")).toEqual([{ one: 1 }]);
  expect(await second.sql("SELECT 2 AS two")).toEqual([{ two: 2 }]);
  expect(await first.sql("SELECT 2 AS two")).toEqual([{ two: 2 }]);
  expect(await second.sql("SELECT 1 AS one")).toEqual([{ one: 1 }]);
});
