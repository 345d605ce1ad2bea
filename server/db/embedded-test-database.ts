/**
 * For service tests on the embedded PGlite: registers a beforeAll that starts one in a temporary data directory,
 * migrates it and points the database client at it, and an afterAll that stops it and restores the environment.
 * Modules that use the database must be imported inside the tests (after beforeAll), not at the top of the file.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "./embedded";

export function runOnEmbeddedDatabase(): void {
  const saved = {
    DATABASE_URL: process.env.DATABASE_URL,
    CONVENE_EMBEDDED_DB: process.env.CONVENE_EMBEDDED_DB,
    CONVENE_DATA_DIR: process.env.CONVENE_DATA_DIR,
  };
  let dataDir = "";
  let embedded: DatabaseHandle | undefined;

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
}
