/**
 * The client-side deadline of every query on the pool, made so that an answer never disagrees with the database.
 *
 * pg's own `query_timeout` answers "timed out" and walks away, while the server goes on with what it was sent: a
 * pipelined batch that carries its COMMIT (the common booking) waited behind a lock past the client's deadline, was
 * answered 503, and committed a moment later (issue 33). PostgreSQL's own limits cannot prevent that: statement_timeout
 * bounds each statement of a batch, not the batch, and PostgreSQL 15 has no transaction_timeout.
 *
 * So when a query passes its deadline this module asks the server to stop it (a CancelRequest, as `pg_cancel_backend`
 * does) and keeps waiting, up to a grace period, for the server's own answer, which is the truth: an error (the
 * cancel arrived first; everything the query did is rolled back) or its result (it had already committed). Only a
 * server that answers neither the query nor the cancel leaves the outcome open: the connection is then dropped (the
 * server's client_connection_check_interval ends the backend's work once it notices), and a query that could have
 * committed fails with DatabaseOutcomeUnknown instead of the usual "database unavailable, try again".
 */
import type { EventEmitter } from "node:events";
import net from "node:net";
import type pg from "pg";
import { DatabaseOutcomeUnknown } from "./outcome-unknown";
import { currentWriteIntent } from "./write-intent";

export type QueryLimits = { deadlineMs: number; graceMs: number };

const COMMITS = /^\s*(COMMIT|END)\b/i;
const BEGINS = /^\s*(BEGIN|START\s+TRANSACTION)\b/i;
/** Statements that commit nothing of their own when run outside a transaction. */
const READ_ONLY_VERB = /^(SELECT|SHOW|SET|BEGIN|START\s+TRANSACTION|ROLLBACK|ABORT|DEALLOCATE|DISCARD|LISTEN|UNLISTEN|EXPLAIN|VALUES)\b/i;
const LEADING_COMMENTS = /^(\s+|--[^\n]*\n?|\/\*[\s\S]*?\*\/)*/;
const DATA_CHANGE = /\b(INSERT|UPDATE|DELETE|MERGE)\b/i;

/** A read: a read-only verb, or a WITH query none of whose parts changes data. */
function readsOnly(text: string): boolean {
  const statement = text.replace(LEADING_COMMENTS, "");
  if (/^WITH\b/i.test(statement)) return !DATA_CHANGE.test(statement);
  return READ_ONLY_VERB.test(statement);
}

/** Every query asks, and most texts recur (the write path's statements): each text is read once, up to a bound. */
const readsOnlyByText = new Map<string, boolean>();
function writesNothing(text: string): boolean {
  let known = readsOnlyByText.get(text);
  if (known === undefined) {
    if (readsOnlyByText.size >= 2_000) readsOnlyByText.clear();
    readsOnlyByText.set(text, (known = readsOnly(text)));
  }
  return known;
}

/**
 * Whether sending these statements (one query, or one batch up to its Sync) can make something durable: a COMMIT
 * among them, or, on a connection outside any transaction and without a BEGIN, any statement that writes (it
 * autocommits, alone or as the batch's implicit transaction).
 */
export function canCommit(texts: readonly string[], inTransaction: boolean): boolean {
  if (texts.some((text) => COMMITS.test(text))) return true;
  if (inTransaction || texts.some((text) => BEGINS.test(text))) return false;
  return texts.some((text) => !writesNothing(text));
}

/** The statement texts a query sends: pg's text or config forms, or a batch that lists them (statement-batch.ts). */
function textsOf(query: unknown): string[] {
  if (typeof query === "string") return [query];
  if (typeof query !== "object" || query === null) return [];
  const sent = (query as { sentTexts?: () => string[] }).sentTexts;
  if (typeof sent === "function") return sent.call(query);
  const text = (query as { text?: unknown }).text;
  return typeof text === "string" ? [text] : [];
}

type PgInternals = {
  connection: EventEmitter & { stream: { destroy(): void } };
  processID: number | null;
  secretKey: number | null;
  host: string;
  port: number;
};

/** PostgreSQL's CancelRequest (protocol "Canceling Requests in Progress"): resolves once sent and closed, or on failure, within `timeoutMs`. */
export function sendCancelRequest(target: { host: string; port: number; processID: number; secretKey: number }, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = target.host.startsWith("/") ? net.connect(`${target.host}/.s.PGSQL.${target.port}`) : net.connect({ host: target.host, port: target.port });
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    socket.once("connect", () => {
      const message = Buffer.alloc(16);
      message.writeInt32BE(16, 0);
      message.writeInt32BE(80877102, 4);
      message.writeInt32BE(target.processID, 8);
      message.writeInt32BE(target.secretKey, 12);
      socket.end(message);
    });
    // The server closes the socket once it has signalled the backend: the cancel has then reached it.
    socket.once("close", done);
    socket.on("error", done);
  });
}

type Callback = (error: Error | null, result?: unknown) => void;

const CLOSE_NOTICE_MS = 100;

/** Installs the deadline on one pool client (client.ts calls it for every connection the pool opens). */
export function enforceQueryDeadline(client: pg.ClientBase, limits: QueryLimits): void {
  const internals = client as unknown as PgInternals;
  let inTransaction = false;
  internals.connection.on("readyForQuery", (message: { status?: string }) => (inTransaction = message.status !== "I"));

  const guard = (committing: boolean, callback: Callback): Callback => {
    // Read now, in the request's context: pg reports a lost connection from the socket's.
    const intent = currentWriteIntent();
    let settled = false;
    let gaveUp = false;
    let cancelling: Promise<void> | null = null;
    const settle: Callback = (error, result) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearTimeout(grace);
      callback(error, result);
    };
    let grace: NodeJS.Timeout | undefined;
    const deadline = setTimeout(() => {
      const { processID, secretKey, host, port } = internals;
      if (processID !== null && secretKey !== null) cancelling = sendCancelRequest({ host, port, processID, secretKey }, limits.graceMs);
      grace = setTimeout(() => {
        // Neither the query nor the cancel was answered: drop the connection (the pool discards it) and say what is known.
        gaveUp = true;
        internals.connection.stream.destroy();
        const timedOut = new Error("Query read timeout: the database answered neither the query nor its cancel request");
        // Answered a moment later, so that a server which is merely slow sees the connection gone before the client hears
        // back (pglite-socket then drops what the connection still had queued).
        setTimeout(() => settle(committing ? new DatabaseOutcomeUnknown(timedOut, intent) : timedOut), CLOSE_NOTICE_MS);
      }, limits.graceMs);
    }, limits.deadlineMs);
    return (error, result) => {
      if (gaveUp) return; // what pg reports of the connection it lost: the answer is already on its way
      // A lost connection while a commit was on its way: the commit may or may not have happened.
      const outcome = error && committing && !isServerError(error) ? new DatabaseOutcomeUnknown(error, intent) : error;
      // After a cancel, answer once it has reached the server, so it cannot stop the connection's next query instead.
      if (cancelling) void cancelling.then(() => settle(outcome, result));
      else settle(outcome, result);
    };
  };

  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const last = args.at(-1);
    const submittable = typeof (args[0] as { submit?: unknown } | null)?.submit === "function";
    if (submittable && typeof last !== "function") return query(...args);
    const committing = canCommit(textsOf(args[0]), inTransaction);
    if (typeof last === "function") {
      args[args.length - 1] = guard(committing, last as Callback);
      return query(...args);
    }
    return new Promise((resolve, reject) => {
      query(
        ...args,
        guard(committing, (error, result) => (error ? reject(error) : resolve(result))),
      );
    });
  }) as pg.ClientBase["query"];
}

/** An error the server sent (it has a SQLSTATE and a severity): the server answered, so its outcome is known. */
const isServerError = (error: Error) =>
  typeof (error as { severity?: unknown }).severity === "string" && typeof (error as { code?: unknown }).code === "string";
