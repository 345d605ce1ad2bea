/** Between measurements: the jobs earlier requests caused must not share the CPU with the next one. */
import { sql } from "../../server/db/client";
import { refreshStaleStatistics } from "../../server/db/table-statistics";

const IDLE_TIMEOUT_MS = 60_000;

/**
 * Waits (at most IDLE_TIMEOUT_MS) until no job is due or running: the jobs of earlier bookings (mails, calendar sync,
 * webhook messages) would otherwise share the CPU with whichever measurement comes next. Retries scheduled later are
 * not waited for. Then the planner's statistics as the every-minute job keeps them (table-statistics.ts): a bench's
 * fresh database grows by thousands of rows between two of its runs, and a measurement would otherwise find the
 * plans of empty tables, which no running service keeps for more than a minute.
 */
export async function queuesIdle(): Promise<void> {
  const deadline = Date.now() + IDLE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const rows = await sql<{ due: number }>(
      `SELECT count(*)::int AS due FROM pgboss.job WHERE state = 'active' OR (state IN ('created', 'retry') AND start_after <= now())`,
    );
    if (rows[0]?.due === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await refreshStaleStatistics();
}
