/**
 * How long anything may wait on the database. Without these a hung server (stopped, partitioned) holds
 * every request for as long as it hangs; with them a request gives up and answers 503 with Retry-After
 * (server/db/unavailable.ts). The values are read from the environment so operators and tests can tune them.
 */
const millis = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export const databaseDeadlines = () => {
  const statementMs = millis("DATABASE_STATEMENT_TIMEOUT_MS", 5_000);
  return {
    /** Getting a connection: from the pool, or opening one (TCP and start-up). */
    connectMs: millis("DATABASE_CONNECT_TIMEOUT_MS", 5_000),
    /** One statement, enforced by the server (statement_timeout; it cancels and keeps the connection). */
    statementMs,
    /**
     * The same on the client, a little later: past it the query is cancelled on the server (a batch of several
     * statements can outlast statement_timeout, which bounds each one), and its answer awaited (query-deadline.ts).
     */
    queryMs: statementMs + 1_000,
    /** How long the answer to a cancelled query is awaited before the connection is dropped and the outcome is unknown. */
    cancelGraceMs: millis("DATABASE_CANCEL_GRACE_MS", 3_000),
    /** A whole interactive transaction, from its first statement to its commit. */
    transactionMs: millis("DATABASE_TRANSACTION_TIMEOUT_MS", 10_000),
  };
};

/** Seconds a client should wait before retrying a request the database could not serve. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
