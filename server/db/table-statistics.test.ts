/** The statistics refresh on PostgreSQL (the cases: table-statistics.cases.ts), and its job on pg-boss's cron. */
import { afterAll, describe, expect, it } from "vitest";
import { disconnectDb, sql } from "./client";
import { statisticsRefreshCases } from "./table-statistics.cases";
import { REFRESH_STATISTICS_CRON, REFRESH_STATISTICS_JOB } from "./table-statistics";

afterAll(() => disconnectDb());

describe("refreshStaleStatistics (PostgreSQL)", () => {
  statisticsRefreshCases();

  it("has its queue, made by the migration, for the every-minute job", async () => {
    const queues = await sql<{ name: string }>(`SELECT name FROM pgboss.queue WHERE name = $1`, [REFRESH_STATISTICS_JOB]);
    expect(queues).toHaveLength(1);
    expect(REFRESH_STATISTICS_CRON).toBe("* * * * *");
  });
});
