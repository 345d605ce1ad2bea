/**
 * The embedded database's socket serves many connections on one PGlite backend. Each query must answer with
 * its own rows however the connections' protocol messages interleave, transactions of other connections included.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";

const saved = process.env.CONVENE_DATA_DIR;
let dataDir = "";
let stop = async () => {};
let pool: pg.Pool;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "convene-socket-"));
  process.env.CONVENE_DATA_DIR = dataDir;
  const { startEmbeddedDatabase } = await import("./embedded");
  const embedded = await startEmbeddedDatabase();
  stop = embedded.stop;
  pool = new pg.Pool({ connectionString: embedded.url, max: 8 });
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await stop();
  await rm(dataDir, { recursive: true, force: true });
  process.env.CONVENE_DATA_DIR = saved;
});

async function inTransaction(n: number): Promise<number | undefined> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ n: number }>("SELECT $1::int * 1 AS n, 'x' AS other", [n]);
    await client.query("SELECT pg_sleep(0.002)");
    await client.query("COMMIT");
    return rows[0]?.n;
  } finally {
    client.release();
  }
}

it("answers each of many concurrent queries with its own rows while other connections run transactions", async () => {
  const asked = Array.from({ length: 300 }, (_, index) => index);
  // Before the batch-aware view, a BEGIN between one connection's Parse and its Bind failed it with `portal "" does not exist`.
  const answers = await Promise.all(
    asked.map(async (n) => (n % 4 === 0 ? inTransaction(n) : (await pool.query<{ n: number }>("SELECT $1::int AS n", [n])).rows[0]?.n)),
  );
  expect(answers).toEqual(asked);
}, 60_000);
