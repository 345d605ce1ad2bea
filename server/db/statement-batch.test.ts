/**
 * batch() on PostgreSQL: its statements are prepared once per connection and planned once (a generic plan), the
 * plan setting does not outlive the batch, and a batch that fails midway leaves the connection usable for the next.
 * One connection (pool size 1), so every batch and the checks below meet on it.
 */
import { afterAll, beforeAll, expect, it } from "vitest";

process.env.DATABASE_POOL_SIZE = "1";
const { batch, disconnectDb, sql } = await import("./client");
const { statementNameOf } = await import("./statement-batch");

beforeAll(async () => disconnectDb()); // a pool opened before this file would have another size
afterAll(async () => disconnectDb());

type Prepared = { name: string; generic_plans: number; custom_plans: number };
const preparedNamed = async (text: string) =>
  (await sql<Prepared>("SELECT name, generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE name = $1", [statementNameOf(text)]))[0] ?? null;

// Parameters of an array and a range, the kind PostgreSQL keeps planning anew when left to decide.
const RANGE_COUNT = `SELECT count(*)::int AS n FROM generate_series(1, 20) AS g(i) WHERE i = ANY($1::int[]) AND int4range($2::int, $3::int) @> i`;

it("prepares each statement once per connection and plans it once, generically", async () => {
  for (let round = 0; round < 8; round++) {
    const [result] = await batch([{ text: RANGE_COUNT, values: [[1, 5, 9, 30], 1, 10] }]);
    expect(result!.rows).toEqual([{ n: 3 }]);
  }
  expect(await preparedNamed(RANGE_COUNT)).toMatchObject({ generic_plans: 8, custom_plans: 0 });
});

it("plans generically without parallel workers nor sequential scans inside the batch, and leaves the session's settings as they were", async () => {
  const settings =
    "SELECT current_setting('plan_cache_mode') AS mode, current_setting('max_parallel_workers_per_gather') AS workers, current_setting('enable_seqscan') AS seqscan";
  const [inside] = await batch([{ text: settings, values: [] }]);
  expect(inside!.rows).toEqual([{ mode: "force_generic_plan", workers: "0", seqscan: "off" }]);
  const [after] = await sql<{ mode: string; workers: string; seqscan: string }>(settings);
  expect(after!.mode).toBe("auto");
  expect(after!.workers).not.toBe("0");
  expect(after!.seqscan).toBe("on");
});

it("plans keyed lookups as index scans however small the table was when the plan was made", async () => {
  // The plan lives until the table is analyzed again: a sequential scan chosen while a table held three rows (a new
  // database's first bookings) would still run once it holds thousands (the busy reads took 2 ms so in the bench, 0.2 by index).
  await sql(`CREATE TABLE "PlanProbe" (id int PRIMARY KEY, v int)`);
  await sql(`INSERT INTO "PlanProbe" VALUES (1, 10), (2, 20), (3, 30)`);
  await sql(`ANALYZE "PlanProbe"`);
  const lookup = `SELECT v FROM "PlanProbe" WHERE id = $1`;
  const [found] = await batch([{ text: lookup, values: [2] }]);
  expect(found!.rows).toEqual([{ v: 20 }]);
  const scanOf = (rows: Record<string, unknown>[]) => (rows[0]!["QUERY PLAN"] as [{ Plan: { "Node Type": string } }])[0].Plan["Node Type"];
  const [cached] = await batch([{ text: `EXPLAIN (FORMAT JSON) EXECUTE "${statementNameOf(lookup)}"(2)`, values: [] }]);
  expect(scanOf(cached!.rows)).toBe("Index Scan");
  // The same lookup planned outside a batch scans the three rows: the batch's settings made the difference.
  expect(scanOf(await sql(`EXPLAIN (FORMAT JSON) SELECT v FROM "PlanProbe" WHERE id = 2`))).toBe("Seq Scan");
});

it("runs a statement given twice in its first batch, parsing it once", async () => {
  const text = "SELECT $1::int * 2 AS twice";
  const results = await batch([
    { text, values: [2] },
    { text, values: [21] },
  ]);
  expect(results.map((result) => result.rows)).toEqual([[{ twice: 4 }], [{ twice: 42 }]]);
});

it("after a batch that failed past a statement it was preparing, the next batch with that statement still runs", async () => {
  const text = "SELECT $1::int + 1 AS next";
  const failing = batch([
    { text, values: [1] },
    { text: "SELECT 1 / $1::int AS boom", values: [0] },
  ]);
  await expect(failing).rejects.toMatchObject({ code: "22012" });
  // The first statement was parsed before the error; the client cannot tell, so it closes it and parses it again.
  expect((await batch([{ text, values: [41] }]))[0]!.rows).toEqual([{ next: 42 }]);
  expect((await batch([{ text: "SELECT 1 / $1::int AS boom", values: [1] }]))[0]!.rows).toEqual([{ boom: 1 }]);
  expect(await preparedNamed(text)).not.toBeNull();
});
