/**
 * Issue 33 on a real PostgreSQL (write-deadlines.cases.ts), in a scratch database of its own: locking whole tables
 * would stall every other test file's bookings.
 */
import { afterAll, beforeAll } from "vitest";
import { postgresServerUrl } from "../../e2e/support/test-server";
import { disconnectDb } from "./client";
import { applyMigrations } from "./schema-engine";
import { createScratchDatabase, type ScratchDatabase } from "./scratch-database";
import { batchBehindLocksInTurnCases, DEADLINES, seedForDeadlines, writesHeldPastEveryDeadlineCases } from "./write-deadlines.cases";

let scratch: ScratchDatabase;
const previousUrl = process.env.DATABASE_URL;

beforeAll(async () => {
  scratch = await createScratchDatabase(postgresServerUrl(), "convene_deadlines");
  await applyMigrations(scratch.url);
  await disconnectDb();
  process.env.DATABASE_URL = scratch.url;
}, 120_000);

afterAll(async () => {
  await disconnectDb();
  for (const name of Object.keys(DEADLINES)) delete process.env[name];
  process.env.DATABASE_URL = previousUrl;
  await scratch?.drop();
});

seedForDeadlines();
batchBehindLocksInTurnCases();
writesHeldPastEveryDeadlineCases();
