/**
 * A client that goes away before its request arrived in full (a slow body cut off, a closed tab): Node reports the
 * body's end as `Error: aborted` with code ECONNRESET, which reads like a database connection reset. Every transport
 * asks this first, so such a request is logged as aborted by its client, not as "database unavailable" (and counts in
 * no outage figure).
 */
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

export function isClientAbort(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; typeof current === "object" && current !== null && !seen.has(current);) {
    seen.add(current);
    if (isAbortShaped(current as Inspectable)) return true;
    current = (current as Inspectable).cause;
  }
  return false;
}
