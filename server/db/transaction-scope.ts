/**
 * Which code runs inside an interactive transaction (`db.$transaction(async (tx) => …)`). Such a
 * transaction holds one pool connection until it ends; a query through the global client from inside it
 * waits for a second one. On PostgreSQL that deadlocks once every connection of the pool is held this
 * way; on the embedded PGlite, whose single backend serves every connection, the second query waits
 * for the transaction and the transaction for the query. client.ts refuses such a use outright.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** `isOpen` is cleared when the callback ends, so background work it started may use the global client afterwards. */
type TransactionScope = { isOpen: boolean };

// On globalThis: Next.js may load this module once per route bundle; all must agree on the scope.
const holder = globalThis as unknown as { conveneTransactionScope?: AsyncLocalStorage<TransactionScope> };
const storage = (holder.conveneTransactionScope ??= new AsyncLocalStorage<TransactionScope>());

export class SecondConnectionError extends Error {
  constructor(what: string) {
    super(
      `${what} was used inside db.$transaction(async (tx) => …): use the transaction's \`tx\` instead (pass it down), ` +
        "or read what you need before the transaction starts. A second connection while the transaction holds one deadlocks the pool.",
    );
    this.name = "SecondConnectionError";
  }
}

export const isInsideTransaction = () => storage.getStore()?.isOpen === true;

export function assertOutsideTransaction(what: string): void {
  if (isInsideTransaction()) throw new SecondConnectionError(what);
}

/** Runs `start(callback)` so that everything `callback` does, and only while it runs, counts as inside the transaction. */
export function runTransactionScoped<Tx, T>(start: (callback: (tx: Tx) => Promise<T>) => Promise<T>, callback: (tx: Tx) => Promise<T>): Promise<T> {
  const scope: TransactionScope = { isOpen: false };
  return storage.run(scope, () =>
    start(async (tx) => {
      scope.isOpen = true;
      try {
        return await callback(tx);
      } finally {
        scope.isOpen = false;
      }
    }),
  );
}
