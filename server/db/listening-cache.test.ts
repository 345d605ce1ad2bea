import { afterAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "./client";
import { listeningCache } from "./listening-cache";

afterAll(() => disconnectDb());

/** The cache stores nothing until its LISTEN connection is up; wait for that with a probe entry. */
async function listeningCacheOf(channel: string) {
  const cache = listeningCache<number>(channel, { ttlMs: 60_000, maxEntries: 100 });
  for (let attempt = 0; attempt < 100; attempt++) {
    cache.get("probe");
    cache.set("probe", 1, cache.generation("probe"));
    if (cache.get("probe") === 1) return cache;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the cache never started listening");
}

describe("listeningCache", () => {
  it("keeps a read that straddles another key's invalidation, and drops one that straddles its own or a flush", async () => {
    const cache = await listeningCacheOf(`test_cache_${process.pid}`);

    const beforeOther = cache.generation("a");
    await cache.invalidate("b");
    cache.set("a", 1, beforeOther);
    expect(cache.get("a")).toBe(1);

    const beforeOwn = cache.generation("a");
    await cache.invalidate("a");
    cache.set("a", 2, beforeOwn);
    expect(cache.get("a")).toBeNull();

    const beforeFlush = cache.generation("a");
    await cache.invalidate("c");
    await cache.invalidate();
    cache.set("a", 3, beforeFlush);
    expect(cache.get("a")).toBeNull();

    cache.set("a", 4, cache.generation("a"));
    expect(cache.get("a")).toBe(4);
  });

  it("a read begun after this process's own invalidation is stored, though the NOTIFY's echo arrives after it began", async () => {
    const cache = await listeningCacheOf(`test_echo_${process.pid}`);
    await cache.invalidate("k");
    const afterOwn = cache.generation("k");
    // Time for the echo to reach this process's listener, as it may while a slow read (a calendar feed) runs.
    await new Promise((resolve) => setTimeout(resolve, 300));
    cache.set("k", 5, afterOwn);
    expect(cache.get("k")).toBe(5);
  });
});

describe("listeningCache.invalidate after a commit", () => {
  // pg_notify refuses a channel name past PostgreSQL's 63 bytes (LISTEN only truncates it), so every NOTIFY fails here.
  const unannounceable = `test_unannounceable_${process.pid}_${"x".repeat(64)}`;

  it("never rejects when the NOTIFY fails: the write it follows has committed, so the request must still succeed", async () => {
    const cache = listeningCache<number>(unannounceable, { ttlMs: 60_000, maxEntries: 100 });
    await expect(cache.invalidate("k")).resolves.toBeUndefined();
    await expect(cache.invalidate()).resolves.toBeUndefined();
  });

  it("still drops the key in this process when the NOTIFY fails, so the writer reads its own write", async () => {
    const cache = await listeningCacheOf(unannounceable);
    cache.set("k", 1, cache.generation("k"));
    expect(cache.get("k")).toBe(1);
    await cache.invalidate("k");
    expect(cache.get("k")).toBeNull();
  });

  it("refuses to invalidate inside a transaction, where nothing has committed yet", async () => {
    const cache = listeningCache<number>(`test_in_tx_${process.pid}`, { ttlMs: 60_000, maxEntries: 100 });
    await expect(db.$transaction(async () => cache.invalidate("k"))).rejects.toThrow(/inside db\.\$transaction/);
  });
});
