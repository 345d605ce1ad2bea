/**
 * Several parameterised statements sent in ONE round trip and run as one implicit transaction: each statement's
 * Parse/Bind/Describe/Execute messages back to back, then a single Sync. PostgreSQL runs them in order, each with a
 * snapshot of its own (READ COMMITTED: a statement after a lock sees what committed while it waited), and commits at
 * the Sync; the first error skips the rest and rolls all of them back (protocol-flow "Pipelining").
 * A pg "submittable" (the interface pg-cursor uses), so it goes through the pool's own clients and their query queue.
 *
 * Prepared (on PostgreSQL): each statement is parsed once per connection under a name from its text, and the batch
 * opens with GENERIC_PLANS (client.ts), so its statements are planned once per connection too.
 * Without it PostgreSQL re-plans a statement with array and range parameters on every call (its generic plan's estimate
 * never wins), and the planning of a booking's statements cost more than running them (`npm run bench`).
 */
import { createHash } from "node:crypto";
import pg from "pg";

export type Statement = { text: string; values: unknown[] };

/** Whether `error` is PostgreSQL's with this SQLSTATE: how a caller tells apart the checks a batch raises. */
export const hasSqlState = (error: unknown, sqlState: string) => (error as { code?: unknown } | null)?.code === sqlState;
export type BatchResult = { rows: Record<string, unknown>[]; rowCount: number | null }[];

type Connection = {
  stream: { cork?: () => void; uncork?: () => void };
  /** pg's own record of the named statements this connection has parsed (its named queries use it too). */
  parsedStatements: Record<string, string>;
  parse(message: { text: string; name?: string; types?: number[] }): void;
  close(message: { type: "S"; name: string }): void;
  bind(message: { portal?: string; statement?: string; values: unknown[]; valueMapper: (value: unknown) => unknown }): void;
  describe(message: { type: "P"; name: string }): void;
  execute(message: { portal?: string; rows: number }): void;
  sync(): void;
};

type Field = { name: string; dataTypeID: number; format: string };

/**
 * A prepared statement's name comes from its text: Next.js may load this module once per route bundle, each with its
 * own state, over the one shared pool, so a name counted per module would give two texts the same name on a connection.
 */
export const statementNameOf = (text: string) => `convene_${createHash("sha256").update(text).digest("base64url").slice(0, 32)}`;

const names = new Map<string, string>();
const nameOf = (text: string) => names.get(text) ?? names.set(text, statementNameOf(text)).get(text)!;

/**
 * Names whose Parse a failed batch sent: the error skipped every message after it, so whether each one exists on the
 * connection is unknown. The next batch closes them first (closing a statement that does not exist is no error).
 */
const uncertain = new WeakMap<Connection, Set<string>>();

/**
 * The settings of a prepared batch, for its transaction only:
 * - generic plans: planned once per connection;
 * - no parallel workers: a generic plan estimates a range over thousands of rows, so PostgreSQL would start workers
 *   for a read that finds a handful: starting them cost 5 ms where the read takes 0.2 (a host's busy times among
 *   1 000 000 bookings);
 * - no sequential scan where an index serves: the plan is made from the statistics of that moment and kept until the
 *   table is analyzed again (autovacuum's threshold: 10 % more rows, checked once a minute). A new database's first
 *   bookings had it join BookingHost to Booking by scanning Booking,
 *   then three rows; thousands of bookings later each busy read and check still did, 2 ms instead of 0.2. Every
 *   statement of the write path is a keyed lookup, which an index serves at any size.
 */
export const GENERIC_PLANS: Statement = {
  text: "SELECT set_config('plan_cache_mode', 'force_generic_plan', true), set_config('max_parallel_workers_per_gather', '0', true), set_config('enable_seqscan', 'off', true)",
  values: [],
};

/**
 * `prepared`: named statements (PostgreSQL); unnamed for PGlite, whose connections share one backend. `leading` and
 * `trailing`: statements sent around the caller's (a transaction's BEGIN and settings, its COMMIT), whose results are
 * not returned.
 */
export type BatchOptions = { prepared: boolean; leading?: readonly Statement[]; trailing?: readonly Statement[] };

/**
 * Values as Prisma's raw queries send them, so a statement captured from a `Tx` call means the same here: instants as
 * ISO text (pg's own mapping would write the process's local time), plain objects as JSON, arrays as arrays.
 */
export function toParameter(value: unknown): string | Buffer | null {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** A PostgreSQL array literal, elements quoted and escaped as pg writes them. */
function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((value) => {
    if (value === undefined || value === null) return "NULL";
    if (Array.isArray(value)) return arrayLiteral(value);
    const text = value instanceof Date ? value.toISOString() : typeof value === "object" ? JSON.stringify(value) : String(value);
    return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(",")}}`;
}

export class StatementBatch {
  callback: ((error: Error | null, results?: BatchResult) => void) | undefined;
  private readonly results: BatchResult = [];
  private fields: Field[] | null = null;
  private rows: Record<string, unknown>[] = [];

  private connection: Connection | null = null;
  /** Names this batch parses on its connection: recorded as parsed once the batch succeeds. */
  private parsing: { name: string; text: string }[] = [];
  private failed = false;

  private readonly prepared: boolean;
  private readonly leading: readonly Statement[];
  private readonly trailing: readonly Statement[];

  constructor(
    private readonly statements: readonly Statement[],
    { prepared, leading = [], trailing = [] }: BatchOptions,
  ) {
    this.prepared = prepared;
    this.leading = leading;
    this.trailing = trailing;
  }

  /** Every statement this batch sends, its BEGIN and COMMIT among them (query-deadline.ts: can it commit?). */
  sentTexts(): string[] {
    return [...this.leading, ...this.statements, ...this.trailing].map((statement) => statement.text);
  }

  /** The results of the caller's statements, without the leading and trailing ones. */
  private get ownResults(): BatchResult {
    return this.results.slice(this.leading.length, this.leading.length + this.statements.length);
  }

  submit(connection: Connection): Error | null {
    this.connection = connection;
    const statements = [...this.leading, ...this.statements, ...this.trailing];
    const unsure = uncertain.get(connection);
    connection.stream.cork?.();
    try {
      for (const { text, values } of statements) {
        const name = this.prepared ? nameOf(text) : "";
        const parsed = name && (connection.parsedStatements[name] === text || this.parsing.some((statement) => statement.name === name));
        if (!parsed) {
          if (name && unsure?.delete(name)) connection.close({ type: "S", name });
          connection.parse({ text, name, types: [] });
          if (name) this.parsing.push({ name, text });
        }
        connection.bind({ statement: name, values: values.map(toParameter), valueMapper: (value) => value });
        connection.describe({ type: "P", name: "" });
        connection.execute({ rows: 0 });
      }
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(message: { fields: Field[] }) {
    this.fields = message.fields;
    this.rows = [];
  }

  handleDataRow(message: { fields: (string | null)[] }) {
    const row: Record<string, unknown> = {};
    this.fields?.forEach((field, index) => {
      const raw = message.fields[index] ?? null;
      row[field.name] = raw === null ? null : pg.types.getTypeParser(field.dataTypeID, "text")(raw);
    });
    this.rows.push(row);
  }

  handleCommandComplete(message: { rowCount?: number | null }) {
    this.results.push({ rows: this.rows, rowCount: message.rowCount ?? null });
    this.fields = null;
    this.rows = [];
  }

  handleEmptyQuery() {
    this.results.push({ rows: [], rowCount: null });
  }

  handlePortalSuspended() {}

  handleCopyInResponse() {}

  handleCopyData() {}

  /**
   * The first error ends the batch: the server skips the rest up to the Sync and rolls back. pg's client stops routing
   * messages to a query once it has reported an error (the ReadyForQuery that follows goes to none), so answer now.
   */
  handleError(error: Error) {
    this.failed = true;
    if (this.connection && this.parsing.length > 0) {
      const unsure = uncertain.get(this.connection) ?? new Set<string>();
      for (const { name } of this.parsing) unsure.add(name);
      uncertain.set(this.connection, unsure);
    }
    const callback = this.callback;
    this.callback = undefined;
    callback?.(error);
  }

  handleReadyForQuery() {
    if (this.failed) return;
    for (const { name, text } of this.parsing) if (this.connection) this.connection.parsedStatements[name] = text;
    const callback = this.callback;
    this.callback = undefined;
    callback?.(null, this.ownResults);
  }
}
