import { afterAll, describe, expect, it } from "vitest";
import { disconnectDb } from "./client";
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
