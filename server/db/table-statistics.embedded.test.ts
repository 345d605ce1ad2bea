/**
 * The statistics refresh on the embedded PGlite (behind pglite-socket), which runs no autovacuum worker: without the
 * job its tables would never be analyzed.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import type { DatabaseHandle } from "./embedded";
import { statisticsRefreshCases } from "./table-statistics.cases";

const saved = { DATABASE_URL: process.env.DATABASE_URL, CONVENE_EMBEDDED_DB: process.env.CONVENE_EMBEDDED_DB, CONVENE_DATA_DIR: process.env.CONVENE_DATA_DIR };
let dataDir = "";
let embedded: DatabaseHandle;

beforeAll(async () => {
  const { disconnectDb } = await import("./client");
  await disconnectDb();
  dataDir = await mkdtemp(path.join(os.tmpdir(), "convene-embedded-"));
  process.env.CONVENE_DATA_DIR = dataDir;
  const { startEmbeddedDatabase } = await import("./embedded"); // reads CONVENE_DATA_DIR when loaded
  embedded = await startEmbeddedDatabase();
  const { applyMigrations } = await import("./schema-engine");
  await applyMigrations(embedded.url);
  process.env.DATABASE_URL = embedded.url;
  process.env.CONVENE_EMBEDDED_DB = "1";
}, 120_000);

afterAll(async () => {
  const { disconnectDb } = await import("./client");
  await disconnectDb();
  await embedded?.stop();
  await rm(dataDir, { recursive: true, force: true });
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe("refreshStaleStatistics (embedded PGlite)", () => {
  statisticsRefreshCases();
});
