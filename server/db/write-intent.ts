/**
 * What a request's write would leave behind if it committed (the uid of the booking it creates), kept for the one
 * answer that needs it: when the database stops answering after a commit was sent, the request cannot tell whether
 * the write happened, and the client is told where to look (the booking's uid) instead of "try again"
 * (server/db/outcome-unknown.ts). Each /v2 request and each tRPC procedure runs in a fresh intent of its own.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export type WriteIntent = { bookingUid?: string };

// On globalThis: Next.js may load this module once per route bundle; the query wrapper and the routes must share it.
const holder = globalThis as unknown as { conveneWriteIntent?: AsyncLocalStorage<WriteIntent> };
const storage = (holder.conveneWriteIntent ??= new AsyncLocalStorage<WriteIntent>());

export const withWriteIntent = <T>(work: () => T): T => storage.run({}, work);

/** Records what the current request is about to write; outside a request (a job, a script) there is nobody to tell. */
export function declareWriteIntent(intent: WriteIntent): void {
  const current = storage.getStore();
  if (current) Object.assign(current, intent);
}

export const currentWriteIntent = (): WriteIntent => ({ ...storage.getStore() });
