/**
 * The statistics refresh's behaviour, run on PostgreSQL (table-statistics.test.ts) and on the embedded PGlite, which
 * has no autovacuum worker (table-statistics.embedded.test.ts). Each case works on a table of its own, so what other
 * tests write meanwhile cannot change its answer. Modules are imported inside: the embedded file points the database
 * at PGlite first.
 */
import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";

async function load() {
  const [{ sql }, statistics] = await Promise.all([import("./client"), import("./table-statistics")]);
  return { sql, ...statistics };
}

export function statisticsRefreshCases() {
  it("analyzes a table written past the threshold since its last analyze, then leaves it until it changes again", async () => {
    const { sql, refreshStaleStatistics } = await load();
    const table = `stats_probe_${randomBytes(4).toString("hex")}`;
    const qualified = `public.${table}`;
    const rowEstimate = async () => (await sql<{ rows: number }>(`SELECT reltuples::int AS rows FROM pg_class WHERE relname = $1`, [table]))[0]!.rows;
    // The writing backend reports its counts to the statistics at its next flush, up to seconds later; forced here so
    // the case need not wait for it.
    const insert = (from: number, to: number) =>
      sql(`WITH made AS (INSERT INTO ${table} SELECT generate_series($1::int, $2::int) RETURNING 1) SELECT pg_stat_force_next_flush(), count(*) FROM made`, [
        from,
        to,
      ]);
    await sql(`CREATE TABLE ${table} (id int PRIMARY KEY)`);
    try {
      await insert(1, 500);
      expect(await rowEstimate()).toBe(-1); // never analyzed: the planner would guess

      expect(await refreshStaleStatistics()).toContain(qualified);
      expect(await rowEstimate()).toBe(500);
      expect(await refreshStaleStatistics()).not.toContain(qualified);

      await insert(501, 520); // 20 rows: under 50 + 10%
      expect(await refreshStaleStatistics()).not.toContain(qualified);
      await insert(521, 1000);
      expect(await refreshStaleStatistics()).toContain(qualified);
      expect(await rowEstimate()).toBe(1000);
    } finally {
      await sql(`DROP TABLE ${table}`);
    }
  });
}
