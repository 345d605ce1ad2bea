/**
 * Vitest global setup: one scratch database per run on a real PostgreSQL (TEST_DATABASE_URL, else
 * DATABASE_URL, else the local server), migrated, and dropped when the run ends. Workers start after
 * this returns and inherit process.env, so services reach it through DATABASE_URL; the URL is also
 * provided as `databaseUrl` so a test can check that the two agree.
 */
import type { TestProject } from "vitest/node";
import { applyMigrations } from "../../server/db/schema-engine";
import { createScratchDatabase } from "../../server/db/scratch-database";
import { postgresServerUrl } from "./test-server";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const database = await createScratchDatabase(postgresServerUrl(), "convene_unit");
  try {
    await applyMigrations(database.url);
  } catch (error) {
    await database.drop();
    throw error;
  }
  process.env.DATABASE_URL = database.url;
  project.provide("databaseUrl", database.url);
  return () => database.drop();
}
