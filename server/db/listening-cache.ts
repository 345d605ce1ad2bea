/**
 * A small in-memory cache whose entries other processes can invalidate: it LISTENs on a PostgreSQL
 * channel, and a NOTIFY with a key payload drops that key (an empty payload drops everything). While
 * its listener connection is not up (starting, or lost) it caches nothing, so a change announced by any
 * process is never missed. Entries also expire after a TTL.
 * A process's own NOTIFY comes back to its listener too, after it already dropped the key when it sent it: that echo
 * is skipped (known by the sending backend's pid), or a read begun between the two would be refused its store, and
 * under load the entry might never fill.
 */
import { log } from "../log";
import { connectionPool, isEmbeddedDatabase, newListenerClient, sql } from "./client";
import { assertOutsideTransaction } from "./transaction-scope";

type Entry<V> = { value: V; validUntil: number };
type State<V> = {
  entries: Map<string, Entry<V>>;
  /**
   * When things were invalidated, so a read that straddles an invalidation does not store what it read before it.
   * `clock` counts invalidations; `droppedAllAt` and `droppedAt` (per key) are its values at the last one that hit
   * everything or that key. Another key's invalidation leaves a read's value good.
   */
  clock: number;
  droppedAllAt: number;
  droppedAt: Map<string, number>;
  isListening: boolean;
  listener: Promise<void> | null;
  /** Notifications this process sent and has not yet heard back, by `${backend pid}\n${key}`, with their count. */
  ownEchoes: Map<string, number>;
};

export type ListeningCache<V> = {
  get(key: string): V | null;
  /** Taken before reading `key`'s value from its source; hand it to set(). */
  generation(key: string): number;
  /** Stores `value` unless `key` (or everything) was invalidated since `generation` was taken. */
  set(key: string, value: V, generation: number, validUntil?: number | null): void;
  /**
   * Drops `key` (or everything) here and in every other process. Call after the change has committed. Never
   * rejects: a NOTIFY that cannot be sent is logged, not thrown into the request whose write already committed.
   */
  invalidate(key?: string): Promise<void>;
};

export function listeningCache<V>(channel: string, options: { ttlMs: number; maxEntries: number }): ListeningCache<V> {
  // On globalThis: Next.js may load this module once per route bundle; all must share one cache.
  const registry = ((globalThis as unknown as { conveneCaches?: Map<string, State<unknown>> }).conveneCaches ??= new Map());
  if (!registry.has(channel))
    registry.set(channel, { entries: new Map(), clock: 0, droppedAllAt: 0, droppedAt: new Map(), isListening: false, listener: null, ownEchoes: new Map() });
  const state = registry.get(channel) as State<V>;

  const drop = (key: string) => {
    state.clock += 1;
    // Past maxEntries remembered keys, forget them and count it as dropping everything: wasteful, never stale.
    if (key && state.droppedAt.size < options.maxEntries) {
      state.droppedAt.set(key, state.clock);
      state.entries.delete(key);
      return;
    }
    state.droppedAllAt = state.clock;
    state.droppedAt.clear();
    state.entries.clear();
  };
  // Only grows for a key, and changes with every invalidation that touches it (the clock never repeats a value).
  const generationOf = (key: string) => Math.max(state.droppedAllAt, state.droppedAt.get(key) ?? 0);
  const stop = () => {
    state.isListening = false;
    state.listener = null;
    state.ownEchoes.clear();
    drop("");
  };
  /** Counts `echo` as expected (+1) or heard (−1); true when it was expected. */
  const countEcho = (echo: string, change: 1 | -1) => {
    const pending = state.ownEchoes.get(echo) ?? 0;
    if (change < 0 && pending === 0) return false;
    if (pending + change === 0) state.ownEchoes.delete(echo);
    else state.ownEchoes.set(echo, pending + change);
    return true;
  };

  /** NOTIFY every process; from a connection of known pid when listening, so the echo can be told apart. */
  async function announce(key: string) {
    if (!state.isListening) return void (await sql("SELECT pg_notify($1, $2)", [channel, key]));
    const client = await connectionPool().connect();
    const echo = `${(client as unknown as { processID: number }).processID}\n${key}`; // pg sets it from BackendKeyData; its types omit it
    countEcho(echo, 1);
    try {
      await client.query("SELECT pg_notify($1, $2)", [channel, key]);
      client.release();
    } catch (error) {
      countEcho(echo, -1);
      client.release(error as Error);
      throw error;
    }
  }

  function ensureListening() {
    // The embedded database serves a single app process; it caches nothing rather than rely on LISTEN there.
    if (state.listener || !process.env.DATABASE_URL || isEmbeddedDatabase()) return;
    const client = newListenerClient();
    client.on("notification", (message) => {
      if (!countEcho(`${message.processId}\n${message.payload ?? ""}`, -1)) drop(message.payload ?? "");
    });
    client.on("error", (error) => {
      log.warn("cache listener lost; serving without cache", { channel, error });
      stop();
    });
    client.on("end", stop);
    state.listener = client
      .connect()
      .then(() => client.query(`LISTEN ${channel}`))
      .then(() => {
        state.isListening = true;
      })
      .catch((error: unknown) => {
        log.warn("cannot LISTEN; serving without cache", { channel, error });
        void client.end().catch(() => {});
      });
  }

  return {
    get(key) {
      ensureListening();
      if (!state.isListening) return null;
      const entry = state.entries.get(key);
      if (!entry) return null;
      if (entry.validUntil > Date.now()) return entry.value;
      state.entries.delete(key);
      return null;
    },
    generation: generationOf,
    set(key, value, generation, validUntil) {
      if (!state.isListening || generation !== generationOf(key)) return;
      if (state.entries.size >= options.maxEntries) state.entries.delete(state.entries.keys().next().value!);
      state.entries.set(key, { value, validUntil: Math.min(Date.now() + options.ttlMs, validUntil ?? Infinity) });
    },
    async invalidate(key = "") {
      // Inside a transaction the change has not committed yet: a mistake in the caller, refused (and rolled back).
      assertOutsideTransaction("A listening cache's invalidate()");
      drop(key);
      try {
        await announce(key);
      } catch (error) {
        // The change this announces has committed, so the request that made it must still answer success ("a 2xx
        // means committed; an error means nothing was written"). Other processes keep their entry until its TTL
        // at worst (a lost listener drops all of its own); the log says so.
        log.error("cache invalidation not announced to other processes; their entries expire with the TTL", { channel, key, error });
      }
    },
  };
}
