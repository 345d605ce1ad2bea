/**
 * The writes a step would make through a transaction, captured instead of sent, so they can join a batch of
 * statements (statement-batch.ts) and commit with it. A booking written in one round trip calls the ordinary emit
 * function (events/booking-events.ts) with this in place of its transaction: the event's INSERT (with its jobs) is
 * captured and sent in the booking's batch. Reads the step makes first (pgboss's queue check, SELECT …) run at once on
 * the global client: they see committed state, as they would have at the start of the transaction.
 * Only raw statements are supported; a model call (tx.booking.create) throws, so a step that grows one is caught by the
 * tests rather than silently split from the batch.
 */
import { db, type Tx } from "./client";
import { Prisma } from "./generated/client";
import type { Statement } from "./statement-batch";

const isRead = (text: string) => /^\s*select\b/i.test(text);

export async function captureStatements(step: (tx: Tx) => Promise<unknown>): Promise<Statement[]> {
  const captured: Statement[] = [];
  const run = async (text: string, values: unknown[]) => {
    if (isRead(text)) return db.$queryRawUnsafe(text, ...values);
    captured.push({ text, values });
    return [];
  };
  const fromTemplate = (query: TemplateStringsArray | Prisma.Sql, values: unknown[]) => {
    const sql = Array.isArray(query) ? Prisma.sql(query as TemplateStringsArray, ...values) : (query as Prisma.Sql);
    return run(sql.sql, sql.values);
  };
  const capturing = {
    $queryRawUnsafe: (text: string, ...values: unknown[]) => run(text, values),
    $executeRawUnsafe: async (text: string, ...values: unknown[]) => (await run(text, values), 0),
    $queryRaw: (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => fromTemplate(query, values),
    $executeRaw: async (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => (await fromTemplate(query, values), 0),
  };
  const tx = new Proxy(capturing, {
    get(target, property) {
      if (typeof property === "string" && property in target) return target[property as keyof typeof target];
      if (typeof property === "symbol" || property === "then") return undefined;
      throw new Error(`captureStatements: tx.${property} is not supported; only raw statements can join a batch`);
    },
  }) as unknown as Tx;
  await step(tx);
  return captured;
}
