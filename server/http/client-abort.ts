/**
 * A client that goes away before its request arrived in full (a slow body cut off, a closed tab): Node reports the
 * body's end as `Error: aborted` with code ECONNRESET, which reads like a database connection reset. Every transport
 * asks this first, so such a request is logged as aborted by its client, not as "database unavailable" (and counts in
 * no outage figure).
 */
import { findInCauseChain } from "../cause-chain";

export class ClientAbortedRequest extends Error {
  constructor(readonly cause: unknown) {
    super("The client closed the connection before its request arrived in full");
    this.name = "ClientAbortedRequest";
  }
}

type Inspectable = { name?: unknown; message?: unknown; code?: unknown; cause?: unknown };

function isAbortShaped(error: Inspectable): boolean {
  if (error.name === "ClientAbortedRequest" || error.name === "AbortError") return true;
  // node:http's IncomingMessage when its socket closes mid-body; undici's request body when the client aborts.
  return (error.message === "aborted" && error.code === "ECONNRESET") || error.code === "UND_ERR_ABORTED";
}

export const isClientAbort = (error: unknown): boolean => findInCauseChain(error, (candidate) => isAbortShaped(candidate as Inspectable)) !== null;
