/**
 * Database access. Services use the Prisma client; the few per-request hot paths (bearer lookups,
 * /v2/me) use `sql` — parameterised queries on the same pg pool — because Prisma's per-query overhead
 * dominated their cost (see `npm run bench`).
 */
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { log } from "../log";
import { queryRecorder } from "../http/server-timing";
import { databaseDeadlines } from "./deadlines";
import { enforceQueryDeadline } from "./query-deadline";
import { PrismaClient } from "./generated/client";
import { sharedReads } from "./shared-reads";
import { GENERIC_PLANS, StatementBatch, statementNameOf, type BatchOptions, type BatchResult, type Statement } from "./statement-batch";
import { assertOutsideTransaction, runTransactionScoped } from "./transaction-scope";

export type Db = PrismaClient;
/** A client or an interactive transaction: what a service step that can run in either accepts. */
export type Tx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

type Connection = { prisma: PrismaClient; pool: pg.Pool; listeners: Set<pg.Client> };
const globalForDb = globalThis as unknown as { conveneDb?: Connection };

/** The pool refuses a second connection to code running inside an interactive transaction (pool.query goes through connect too). */
function guardConnections(pool: pg.Pool): pg.Pool {
  const connectPool = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    assertOutsideTransaction("A pool connection");
    return connectPool(...args);
  }) as pg.Pool["connect"];
  return pool;
}

/**
 * With SERVER_TIMING=1 (the bench), every query a measured request sends is counted and timed (server-timing.ts).
 * pg answers through a callback (pool.query's own use) or a promise (Prisma's adapter): both are covered.
 */
function timeQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const record = queryRecorder();
    if (!record) return query(...args);
    const startedAt = performance.now();
    const done = () => record(performance.now() - startedAt);
    const callback = args.at(-1);
    if (typeof callback === "function") {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return callback(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  }) as pg.PoolClient["query"];
}

/**
 * A backend whose client has gone (the deadline dropped a connection that answered nothing) stops within a second of
 * noticing, instead of running on and committing what it was sent. PostgreSQL 14 and later; older ones ignore it.
 */
const CLIENT_CHECK = `DO $$ BEGIN PERFORM set_config('client_connection_check_interval', '1000', false);
  EXCEPTION WHEN undefined_object THEN NULL; END $$`;
/**
 * pglite-socket ignores start-up parameters, statement_timeout among them; a SET reaches its backend (shared by every
 * connection, so it holds for all of them alike). Its connections are queued by pglite-socket, not by the backend, and a
 * dropped one's queued messages are discarded and its transaction rolled back.
 */
const embeddedSettings = (statementMs: number) => `SET statement_timeout = ${Math.round(statementMs)}`;

const onLostIdleConnection = (error: Error) => log.warn("database connection lost while idle; the pool opens a new one when needed", { error });

function connect(): Connection {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: start Convene with `npm start`, which provides one");
  const deadlines = databaseDeadlines();
  const pool = guardConnections(
    new pg.Pool({
      connectionString,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      connectionTimeoutMillis: deadlines.connectMs,
      // No query_timeout: it answers "timed out" while the server goes on and may commit. query-deadline.ts cancels
      // the query on the server instead and waits for its answer.
      statement_timeout: deadlines.statementMs,
      // The pool awaits this hook before it hands the connection out, so it never overlaps the connection's first query.
      onConnect: (client) => {
        enforceQueryDeadline(client, { deadlineMs: deadlines.queryMs, graceMs: deadlines.cancelGraceMs });
        return client.query(isEmbeddedDatabase() ? embeddedSettings(deadlines.statementMs) : CLIENT_CHECK);
      },
    }),
  );
  // An idle connection that dies is dropped by the pool, which then emits "error": without a listener
  // that is an uncaughtException. A checked-out one that dies fails its query, which reports it; its
  // "error" event needs a listener all the same.
  pool.on("error", onLostIdleConnection);
  pool.on("connect", (client) => client.on("error", () => {}));
  if (process.env.SERVER_TIMING === "1") pool.on("connect", timeQueries);
  const prisma = new PrismaClient({
    adapter: new PrismaPg(pool),
    transactionOptions: { maxWait: deadlines.connectMs, timeout: deadlines.transactionMs },
  });
  return { pool, prisma, listeners: new Set() };
}

/** Opened on first use so that importing a service never needs a database (builds, unit tests). */
function connection(): Connection {
  globalForDb.conveneDb ??= connect();
  return globalForDb.conveneDb;
}

/** `$transaction(fn)` marks everything `fn` runs as inside the transaction (transaction-scope.ts). */
function scopedTransaction(prisma: PrismaClient): PrismaClient["$transaction"] {
  return ((input: unknown, options?: unknown) => {
    const start = prisma.$transaction.bind(prisma) as (input: unknown, options?: unknown) => Promise<unknown>;
    if (typeof input !== "function") return start(input, options);
    return runTransactionScoped((callback) => start(callback, options), input as (tx: unknown) => Promise<unknown>);
  }) as PrismaClient["$transaction"];
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    // `then` is probed by `await`, symbols by inspection; neither is a use of the client.
    if (typeof property === "symbol" || property === "then") return undefined;
    assertOutsideTransaction(`The global client (db.${property})`);
    const { prisma } = connection();
    if (property === "$transaction") return scopedTransaction(prisma);
    const value = Reflect.get(prisma, property);
    return typeof value === "function" ? value.bind(prisma) : value;
  },
});

/** The pool itself, for state that belongs to one database connection (bookings/create/sharing.ts: id blocks). */
export const connectionPool = (): pg.Pool => connection().pool;

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
 * each distinct text becomes a named prepared statement, parsed once per connection; PostgreSQL decides after five
 * calls whether to keep a generic plan.
 */
export async function sql<Row extends object>(text: string, values: unknown[] = []): Promise<Row[]> {
  assertOutsideTransaction("sql()");
  if (isEmbeddedDatabase()) return (await connection().pool.query<Row>(text, values)).rows;
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = statementNameOf(text)));
  return (await connection().pool.query<Row>({ name, text, values })).rows;
}

/**
 * Reads by their text and values (JSON: numbers, strings, booleans, null and arrays of them, as the hot reads send),
 * as a batch of one: on PostgreSQL planned once per connection (statement-batch.ts), since their array and range
 * parameters make PostgreSQL re-plan them on every call otherwise.
 */
const readShared = sharedReads(async (key: string) => {
  const { text, values } = JSON.parse(key) as Statement;
  return isEmbeddedDatabase() ? sql<object>(text, values) : (await batch([{ text, values }]))[0]!.rows;
});

/**
 * sql() with a generic plan, for a hot read that a burst of requests sends alike (fifty bookings of one round-robin
 * slot read the same hosts' busy times and last bookings): callers that send the same text and values while it runs
 * share one query (shared-reads.ts), each still seeing everything committed before it arrived. Rows are shared too:
 * callers must not change them.
 */
export function sharedSql<Row extends object>(text: string, values: unknown[]): Promise<Row[]> {
  assertOutsideTransaction("sharedSql()");
  return readShared(JSON.stringify({ text, values })) as Promise<Row[]>;
}

/**
 * `statements` in one round trip on one pool connection, as one transaction (statement-batch.ts): all of them
 * commit, or the first error rolls every one back and is thrown. Outside any transaction, as sql(). On PostgreSQL
 * they are prepared statements with generic plans, each parsed and planned once per connection.
 */
export async function batch(statements: readonly Statement[]): Promise<BatchResult> {
  assertOutsideTransaction("batch()");
  const client = await connection().pool.connect();
  const sent = sendBatch(client, statements, { prepared: !isEmbeddedDatabase(), leading: isEmbeddedDatabase() ? [] : [GENERIC_PLANS] });
  try {
    return await sent.results;
  } finally {
    client.release(sent.broken());
  }
}

/** One batch on `client`; `broken()`: the error that left the connection unusable, if one did (not a statement's error). */
function sendBatch(client: pg.PoolClient, statements: readonly Statement[], options: BatchOptions) {
  let broken: Error | undefined;
  const results = new Promise<BatchResult>((resolve, reject) => {
    client.query(new StatementBatch(statements, options) as unknown as pg.QueryConfig, (error: Error | null, results?: unknown) => {
      if (!error) return resolve(results as BatchResult);
      // A statement's error leaves the connection ready; any other (a timeout, a lost connection) does not.
      if (!(error instanceof pg.DatabaseError)) broken = error;
      reject(error);
    });
  });
  return { results, broken: () => broken };
}

/** Sends statements of a pipelined transaction; `commit`: COMMIT travels after them, ending it. */
export type PipelinedSend = (statements: readonly Statement[], options?: { commit?: boolean }) => Promise<BatchResult>;

const BEGIN: Statement = { text: "BEGIN", values: [] };
const COMMIT: Statement = { text: "COMMIT", values: [] };

/**
 * A transaction on one pool connection whose statements travel in batches (statement-batch.ts): a step that needs an
 * answer before its next statements (round robin's claim: which host it got) costs one round trip per batch, BEGIN
 * riding with the first and COMMIT with the last. On PostgreSQL the statements are prepared with generic plans, as in
 * batch(). `work` may only use `send` (the connection is held, so the global client is refused inside it:
 * transaction-scope.ts). An error, or `work` returning without a commit, rolls the transaction back.
 */
export async function pipelinedTransaction<T>(work: (send: PipelinedSend) => Promise<T>): Promise<T> {
  assertOutsideTransaction("pipelinedTransaction()");
  const prepared = !isEmbeddedDatabase();
  const idleLimit = { text: `SET LOCAL idle_in_transaction_session_timeout = ${Math.round(databaseDeadlines().transactionMs)}`, values: [] };
  const client = await connection().pool.connect();
  const transaction: { state: "new" | "open" | "committed" } = { state: "new" };
  let broken: Error | undefined;
  const send: PipelinedSend = async (statements, { commit = false } = {}) => {
    if (transaction.state === "committed") throw new Error("pipelinedTransaction: the transaction has already committed");
    const leading = transaction.state === "open" ? [] : prepared ? [BEGIN, GENERIC_PLANS, idleLimit] : [BEGIN, idleLimit];
    transaction.state = "open";
    const sent = sendBatch(client, statements, { prepared, leading, trailing: commit ? [COMMIT] : [] });
    try {
      const results = await sent.results;
      if (commit) transaction.state = "committed";
      return results;
    } finally {
      broken ??= sent.broken();
    }
  };
  try {
    return await runTransactionScoped<PipelinedSend, T>((callback) => callback(send), work);
  } finally {
    // After an error the transaction is aborted (or was never begun, or COMMIT itself failed): ROLLBACK ends it either way.
    if (transaction.state === "open" && !broken) await client.query("ROLLBACK").catch((error: Error) => (broken = error));
    client.release(broken);
  }
}

/** A dedicated LISTEN connection (listening-cache.ts), closed with the rest by disconnectDb(). */
export function newListenerClient(): pg.Client {
  assertOutsideTransaction("A listener connection");
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: databaseDeadlines().connectMs });
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
