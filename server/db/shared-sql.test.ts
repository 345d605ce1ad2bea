/**
 * sharedSql(): a burst of the same read (text and values) from one process sends one query while it runs, and one more
 * for everyone who arrived during it, never a result read before the caller arrived. A sequence tells the queries apart.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { disconnectDb, sharedSql, sql } from "./client";

const SEQUENCE = `shared_sql_test_${process.pid}`;
const NEXT = `SELECT nextval('${SEQUENCE}')::int AS n, $1::int AS asked`;
const next = async (asked: number) => (await sharedSql<{ n: number; asked: number }>(NEXT, [asked]))[0]!;

beforeAll(async () => void (await sql(`CREATE SEQUENCE ${SEQUENCE}`)));
afterAll(async () => {
  await sql(`DROP SEQUENCE ${SEQUENCE}`);
  await disconnectDb();
});

it("shares one query among callers that send the same read at the same moment", async () => {
  const burst = await Promise.all(Array.from({ length: 20 }, () => next(1)));
  // The first caller's query, then one for all who came while it ran.
  expect(new Set(burst.map(({ n }) => n)).size).toBeLessThanOrEqual(2);
  expect(burst.every(({ asked }) => asked === 1)).toBe(true);
});

it("reads anew for a caller that comes after a read answered, and apart for other values", async () => {
  const first = await next(2);
  const later = await next(2);
  expect(later.n).toBeGreaterThan(first.n);
  const [one, other] = await Promise.all([next(3), next(4)]);
  expect([one.asked, other.asked]).toEqual([3, 4]);
  expect(one.n).not.toBe(other.n);
});
