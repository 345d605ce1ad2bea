/**
 * The one failure after which Convene cannot say whether a write happened: a statement that commits (COMMIT, the Sync
 * of an implicit transaction, an autocommit write) was sent and the database never answered, not even to the cancel
 * request that followed (server/db/query-deadline.ts). Every other database error means nothing was written, and is
 * answered "try again" (503 SERVICE_UNAVAILABLE); this one is answered OUTCOME_UNKNOWN, with what the client can look
 * up to find out (the booking's uid, its idempotency key), never "try again": a retry could do the write twice.
 */
import { findInCauseChain } from "../cause-chain";
import type { WriteIntent } from "./write-intent";

export class DatabaseOutcomeUnknown extends Error {
  constructor(
    readonly cause: unknown,
    /** What the request would have written, as the query found it when it was sent (write-intent.ts). */
    readonly intent: WriteIntent,
  ) {
    super("The database stopped answering after a commit was sent; whether it committed is unknown");
    this.name = "DatabaseOutcomeUnknown";
  }
}

/** The error itself wherever it sits in a cause chain (Prisma and its driver adapter wrap what pg throws). */
export const outcomeUnknownIn = (error: unknown): DatabaseOutcomeUnknown | null =>
  findInCauseChain(error, (candidate): candidate is DatabaseOutcomeUnknown => (candidate as Error).name === "DatabaseOutcomeUnknown");
