/**
 * Planner statistics kept fresh where autovacuum does not: the embedded PGlite runs no autovacuum worker at all, and a
 * PostgreSQL may run with autovacuum off. Without statistics the planner keeps an empty table's row counts, and a
 * booking's check joins its host rows to Booking by reading the whole table once per row: every booking costs more
 * than the last (measured: 30–40 ms for the busy-time read at 2 000 bookings, 1 ms once analyzed).
 *
 * The `db.refresh-statistics` job analyzes, every minute, each table changed beyond autovacuum's own default
 * threshold (50 rows plus 10% of the table) since it was last analyzed. Where autovacuum runs it has usually done
 * so first, and the job finds nothing to do.
 */
import { sql } from "./client";
import { defineJob } from "../jobs/queue";
import { log } from "../log";

export const REFRESH_STATISTICS_JOB = "db.refresh-statistics";
export const REFRESH_STATISTICS_CRON = "* * * * *";

/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor's defaults. */
const STALE_TABLES = `
  SELECT format('%I.%I', schemaname, relname) AS name
    FROM pg_stat_user_tables
   WHERE n_mod_since_analyze > 50 + 0.1 * GREATEST(n_live_tup, 0)
   ORDER BY n_mod_since_analyze DESC`;

/** Analyzes the tables whose statistics lag their contents; returns their qualified names. */
export async function refreshStaleStatistics(): Promise<string[]> {
  const stale = await sql<{ name: string }>(STALE_TABLES);
  // One table at a time: ANALYZE samples at most 30 000 rows each, and takes no lock that blocks reads or writes.
  for (const { name } of stale) await sql(`ANALYZE ${name}`);
  return stale.map(({ name }) => name);
}

const holder = globalThis as unknown as { conveneStatisticsRefreshRegistered?: boolean };

/** The every-minute job, registered once per process (server/jobs/workers.ts). */
export function registerStatisticsRefresh(): void {
  if (holder.conveneStatisticsRefreshRegistered) return;
  holder.conveneStatisticsRefreshRegistered = true;
  defineJob(
    REFRESH_STATISTICS_JOB,
    async () => {
      const analyzed = await refreshStaleStatistics();
      if (analyzed.length > 0) log.info("statistics refreshed", { tables: analyzed });
    },
    { cron: REFRESH_STATISTICS_CRON, retryLimit: 0, expireInSeconds: 300 },
  );
}
