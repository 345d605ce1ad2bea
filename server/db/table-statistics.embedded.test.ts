/**
 * The statistics refresh on the embedded PGlite (behind pglite-socket), which runs no autovacuum worker: without the
 * job its tables would never be analyzed.
 */
import { describe } from "vitest";
import { runOnEmbeddedDatabase } from "./embedded-test-database";
import { statisticsRefreshCases } from "./table-statistics.cases";

runOnEmbeddedDatabase();

describe("refreshStaleStatistics (embedded PGlite)", () => {
  statisticsRefreshCases();
});
