/**
 * Database access. Services use the Prisma client; the few per-request hot paths (bearer lookups,
 * /v2/me) use `sql` — parameterised queries on the same pg pool — because Prisma's per-query overhead
 * dominated their cost (see `npm run bench`).
 */
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/client";

export type Db = PrismaClient;
/** A client or an interactive transaction: what a service step that can run in either accepts. */
export type Tx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

type Connection = { prisma: PrismaClient; pool: pg.Pool; listeners: Set<pg.Client> };
const globalForDb = globalThis as unknown as { conveneDb?: Connection };

function connect(): Connection {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: start Convene with `npm start`, which provides one");
  const pool = new pg.Pool({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  return { pool, prisma: new PrismaClient({ adapter: new PrismaPg(pool) }), listeners: new Set() };
}

/** Opened on first use so that importing a service never needs a database (builds, unit tests). */
function connection(): Connection {
  globalForDb.conveneDb ??= connect();
  return globalForDb.conveneDb;
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const { prisma } = connection();
    const value = Reflect.get(prisma, property);
    return typeof value === "function" ? value.bind(prisma) : value;
  },
});

/** The current instant as a zone-less UTC timestamp, comparable with the columns Prisma writes. */
export const UTC_NOW = "(now() AT TIME ZONE 'UTC')";

/**
 * True when DATABASE_URL points at the embedded PGlite (set by the start script and the CLI). PGlite runs
 * every connection on one backend, so per-connection state — named prepared statements, LISTEN — is not
 * what it is on PostgreSQL.
 */
export const isEmbeddedDatabase = () => process.env.CONVENE_EMBEDDED_DB === "1";

const statementNames = new Map<string, string>();

/**
 * One parameterised query on the shared pool: `sql<Row>("SELECT … WHERE id = $1", [id])`. On PostgreSQL
 * each distinct text becomes a named prepared statement, parsed and planned once per connection.
 */
export async function sql<Row extends object>(text: string, values: unknown[] = []): Promise<Row[]> {
  if (isEmbeddedDatabase()) return (await connection().pool.query<Row>(text, values)).rows;
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `convene_${statementNames.size}`));
  return (await connection().pool.query<Row>({ name, text, values })).rows;
}

/** A dedicated LISTEN connection (listening-cache.ts), closed with the rest by disconnectDb(). */
export function newListenerClient(): pg.Client {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  const { listeners } = connection();
  listeners.add(client);
  client.once("end", () => listeners.delete(client));
  return client;
}

export async function disconnectDb() {
  const current = globalForDb.conveneDb;
  globalForDb.conveneDb = undefined;
  await Promise.all([...(current?.listeners ?? [])].map((client) => client.end().catch(() => {})));
  await current?.prisma.$disconnect();
  await current?.pool.end();
}
