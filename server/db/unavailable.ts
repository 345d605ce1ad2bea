/**
 * The one place that decides whether an error means "the database cannot serve this now": a connection
 * refused, reset or cut, a deadline passed (connect, statement, transaction), the server shutting down.
 * Such a request is answered 503 SERVICE_UNAVAILABLE with Retry-After by every transport, not 500.
 * Errors reach us wrapped (Prisma's driver adapter, Prisma's known errors), so the whole cause chain is read.
 */
import { AppError } from "../errors";
import { DATABASE_RETRY_AFTER_SECONDS } from "./deadlines";
import { outcomeUnknownIn, type DatabaseOutcomeUnknown } from "./outcome-unknown";

const NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ECONNABORTED"]);
/** Prisma: can't reach, timed out, closed the connection; P2024 pool timeout; P2028 transaction API (maxWait/timeout passed). */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]);
/** Driver adapter error kinds for the same. */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "TransactionAlreadyClosed"]);
/** SQLSTATE: query_canceled (statement_timeout), admin/crash/cannot-connect-now shutdowns, class 08 connection exceptions, too many connections. */
const isUnavailableSqlState = (code: string) =>
  code === "57014" || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300" || /^08[0-9A-Z]{3}$/.test(code);
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Query read timeout/i,
  /connection timeout/i,
  /Client has encountered a connection error/i,
  /Transaction already closed/i,
  /Unable to start a transaction in the given time/i,
  /canceling statement due to statement timeout/i,
  /the database system is (shutting down|starting up)/i,
  /Can't reach database server/i,
  /ECONNREFUSED|ECONNRESET/,
];

type Inspectable = { code?: unknown; kind?: unknown; originalCode?: unknown; message?: unknown; cause?: unknown; meta?: unknown };

function matchesOne(error: Inspectable): boolean {
  for (const code of [error.code, error.originalCode]) {
    if (typeof code !== "string") continue;
    if (NODE_CODES.has(code) || PRISMA_CODES.has(code) || isUnavailableSqlState(code)) return true;
  }
  if (typeof error.kind === "string" && ADAPTER_KINDS.has(error.kind)) return true;
  const message = typeof error.message === "string" ? error.message : "";
  return MESSAGES.some((pattern) => pattern.test(message));
}

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (typeof current !== "object" || current === null || seen.has(current)) continue;
    seen.add(current);
    const inspectable = current as Inspectable;
    if (matchesOne(inspectable) || (current instanceof Error && current.name === "DatabaseOutcomeUnknown")) return true;
    queue.push(inspectable.cause, inspectable.meta, (inspectable.meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError);
    if (current instanceof AggregateError) queue.push(...current.errors);
  }
  return false;
}

export const RETRY_AFTER = { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) };

export const databaseUnavailableError = () =>
  new AppError("SERVICE_UNAVAILABLE", "The service cannot reach its database right now; try again shortly", undefined, RETRY_AFTER);

/** The error as transports should answer it: a database outage becomes the 503 AppError, anything else is returned as is. */
/** The answer to a write whose commit was sent but never acknowledged: what to look up instead of retrying. */
export function outcomeUnknownError(unknown: DatabaseOutcomeUnknown): AppError {
  const { bookingUid } = unknown.intent;
  const lookUp = bookingUid
    ? `Look the booking up (GET /v2/bookings/${bookingUid}) before booking again: if it exists, it was made.`
    : "Check whether the change is there before repeating it: repeating it blindly could make it twice.";
  return new AppError(
    "OUTCOME_UNKNOWN",
    `The database stopped answering after this change was sent, so Convene cannot tell whether it was saved. ${lookUp}`,
    bookingUid ? { outcome: "unknown", bookingUid } : { outcome: "unknown" },
  );
}

/**
 * The AppError a database failure is answered with, or null when `error` is no database failure: OUTCOME_UNKNOWN when a
 * commit may have happened, SERVICE_UNAVAILABLE (nothing was written; try again) otherwise.
 */
export function databaseFailureAsAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return null;
  const unknown = outcomeUnknownIn(error);
  if (unknown) return outcomeUnknownError(unknown);
  return isDatabaseUnavailable(error) ? databaseUnavailableError() : null;
}

export const asServiceError = (error: unknown): unknown => databaseFailureAsAppError(error) ?? error;
