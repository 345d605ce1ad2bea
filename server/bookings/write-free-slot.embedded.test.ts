/**
 * The one-round-trip booking on the embedded database (PGlite behind pglite-socket, ONE backend for every
 * connection): the batch of statements is one implicit transaction there too, rolled back whole on a taken slot.
 */
process.env.SERVER_TIMING = "1";

import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import type { DatabaseHandle } from "../db/embedded";
import { freeSlotCases } from "./write-free-slot.cases";

const saved = { DATABASE_URL: process.env.DATABASE_URL, CONVENE_EMBEDDED_DB: process.env.CONVENE_EMBEDDED_DB, CONVENE_DATA_DIR: process.env.CONVENE_DATA_DIR };
let dataDir = "";
let embedded: DatabaseHandle;

beforeAll(async () => {
  const { disconnectDb } = await import("../db/client");
  await disconnectDb();
  dataDir = await mkdtemp(path.join(os.tmpdir(), "convene-embedded-"));
  process.env.CONVENE_DATA_DIR = dataDir;
  const { startEmbeddedDatabase } = await import("../db/embedded"); // reads CONVENE_DATA_DIR when loaded
  embedded = await startEmbeddedDatabase();
  const { applyMigrations } = await import("../db/schema-engine");
  await applyMigrations(embedded.url);
  process.env.DATABASE_URL = embedded.url;
  process.env.CONVENE_EMBEDDED_DB = "1";
}, 120_000);

afterAll(async () => {
  const { disconnectDb } = await import("../db/client");
  await disconnectDb();
  await embedded?.stop();
  await rm(dataDir, { recursive: true, force: true });
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe("the common booking's write in one round trip (embedded PGlite)", () => {
  // One more than on PostgreSQL: PGlite has no LISTEN, so the connected-calendar lookup is not cached
  // (db/listening-cache.ts) and reads SelectedCalendar on every booking, as it did before.
  freeSlotCases({ maxRoundTrips: 5 });
});
