/**
 * Throwaway databases on a real PostgreSQL server: one per test run, and the shadow database the
 * schema engine replays migrations into when writing a new one.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export const LOCAL_POSTGRES_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

export type ScratchDatabase = { url: string; name: string; drop: () => Promise<void> };

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function runOnServer(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates an empty database named `<prefix>_<random>` on the server `serverUrl` points at. */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await runOnServer(serverUrl, `CREATE DATABASE "${name}"`);
  return {
    name,
    url: withDatabase(serverUrl, name),
    drop: () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
