/**
 * Where a request's time goes, for `npm run bench`: database round trips (count and time), named phases such as
 * the slot engine, and serialisation, sent back as a `Server-Timing` header (W3C Server Timing).
 *
 * Off unless the server runs with SERVER_TIMING=1 AND the request carries `x-convene-timing: 1`, so production
 * never exposes it and unmeasured requests pay nothing but one environment check. Attribution follows the
 * request's async context (AsyncLocalStorage): exact for requests measured one at a time, as the bench does.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export const TIMING_REQUEST_HEADER = "x-convene-timing";

type Recording = { queries: number; queryMs: number; phases: Map<string, number> };

/**
 * One store per process, kept on globalThis: Next.js bundles this module into several chunks, and the database hook
 * (installed once, by whichever chunk opened the shared pool, db/client.ts) must find the recording a route in
 * another chunk started. With a store per copy, every request's split showed "0 queries".
 */
const globalForTiming = globalThis as unknown as { conveneServerTiming?: AsyncLocalStorage<Recording> };
const storage = (globalForTiming.conveneServerTiming ??= new AsyncLocalStorage<Recording>());

const enabled = () => process.env.SERVER_TIMING === "1";

/** Whether this request asked to be measured (and the server allows it). */
export const wantsServerTiming = (request: Request) => enabled() && request.headers.get(TIMING_REQUEST_HEADER) === "1";

/** Runs `fn` recording its phases; `header()` then renders what was recorded plus `total`. */
export async function recordServerTiming<T>(fn: () => Promise<T>): Promise<{ result: T; header: () => string }> {
  const recording: Recording = { queries: 0, queryMs: 0, phases: new Map() };
  const startedAt = performance.now();
  const result = await storage.run(recording, fn);
  return { result, header: () => renderHeader(recording, performance.now() - startedAt) };
}

/** Adds the time `fn` takes to the named phase of the request being recorded (if any). */
export function timePhase<T>(name: string, fn: () => T): T {
  const recording = storage.getStore();
  if (!recording) return fn();
  const startedAt = performance.now();
  const add = () => recording.phases.set(name, (recording.phases.get(name) ?? 0) + performance.now() - startedAt);
  const result = fn();
  if (result instanceof Promise) return result.finally(add) as T;
  add();
  return result;
}

/** The recording of the request running now, for the database hook: null when none is measured. */
export function queryRecorder(): ((ms: number) => void) | null {
  const recording = storage.getStore();
  if (!recording) return null;
  return (ms) => {
    recording.queries += 1;
    recording.queryMs += ms;
  };
}

const metric = (name: string, ms: number, description?: string) => `${name};dur=${ms.toFixed(3)}${description ? `;desc="${description}"` : ""}`;

function renderHeader(recording: Recording, totalMs: number): string {
  return [
    metric("db", recording.queryMs, `${recording.queries} queries`),
    ...[...recording.phases].map(([name, ms]) => metric(name, ms)),
    metric("total", totalMs),
  ].join(", ");
}

/** Parses a header written by renderHeader: `{ db: {ms, queries}, <phase>: {ms}, total: {ms} }`. */
export function parseServerTiming(header: string): Record<string, { ms: number; queries?: number }> {
  const out: Record<string, { ms: number; queries?: number }> = {};
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().split(";");
    const ms = Number(params.find((param) => param.startsWith("dur="))?.slice(4));
    const queries = params.find((param) => param.startsWith("desc="))?.match(/(\d+) queries/)?.[1];
    if (name && Number.isFinite(ms)) out[name] = queries === undefined ? { ms } : { ms, queries: Number(queries) };
  }
  return out;
}
