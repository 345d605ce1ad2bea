/**
 * Several parameterised statements sent in ONE round trip and run as one implicit transaction: each statement's
 * Parse/Bind/Describe/Execute messages back to back, then a single Sync. PostgreSQL runs them in order, each with a
 * snapshot of its own (READ COMMITTED: a statement after a lock sees what committed while it waited), and commits at
 * the Sync; the first error skips the rest and rolls all of them back (protocol-flow "Pipelining").
 * A pg "submittable" (the interface pg-cursor uses), so it goes through the pool's own clients and their query queue.
 */
import pg from "pg";

export type Statement = { text: string; values: unknown[] };
export type BatchResult = { rows: Record<string, unknown>[]; rowCount: number | null }[];

type Connection = {
  stream: { cork?: () => void; uncork?: () => void };
  parse(message: { text: string; name?: string; types?: number[] }): void;
  bind(message: { portal?: string; statement?: string; values: unknown[]; valueMapper: (value: unknown) => unknown }): void;
  describe(message: { type: "P"; name: string }): void;
  execute(message: { portal?: string; rows: number }): void;
  sync(): void;
};

type Field = { name: string; dataTypeID: number; format: string };

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

  constructor(private readonly statements: readonly Statement[]) {}

  submit(connection: Connection): Error | null {
    connection.stream.cork?.();
    try {
      for (const { text, values } of this.statements) {
        connection.parse({ text, types: [] });
        connection.bind({ values: values.map(toParameter), valueMapper: (value) => value });
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
    const callback = this.callback;
    this.callback = undefined;
    callback?.(error);
  }

  handleReadyForQuery() {
    const callback = this.callback;
    this.callback = undefined;
    callback?.(null, this.results);
  }
}
