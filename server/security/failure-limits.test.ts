import { describe, expect, it } from "vitest";
import { MemoryStore } from "./failure-limits";
import { windowSeconds } from "./rate-limits";

const WINDOW_SECONDS = windowSeconds();
const WINDOW_MS = WINDOW_SECONDS * 1000;

/** A store on a hand-driven clock: windows pass without sleeping. */
function storeAt(start = 1_000_000, maxEntries?: number) {
  const clock = { now: start };
  return { clock, store: new MemoryStore({ now: () => clock.now, maxEntries }) };
}

describe("in-memory failure counters", () => {
  it("count failures within a window and forget them when it ends", async () => {
    const { clock, store } = storeAt();
    await store.record("k");
    await store.record("k");
    expect(await store.count("k")).toEqual({ failures: 2, retryAfterSeconds: WINDOW_SECONDS });
    clock.now += WINDOW_MS - 1500;
    expect(await store.count("k")).toEqual({ failures: 2, retryAfterSeconds: 2 });
    clock.now += 1500;
    expect(await store.count("k")).toEqual({ failures: 0, retryAfterSeconds: 0 });
    await store.record("k");
    expect((await store.count("k")).failures).toBe(1);
  });

  it("drop expired keys as new failures are recorded", async () => {
    const { clock, store } = storeAt();
    for (let i = 0; i < 100; i++) await store.record(`old-${i}`);
    clock.now += WINDOW_MS / 2;
    await store.record("middle");
    expect(store.size).toBe(101);
    clock.now += WINDOW_MS / 2;
    await store.record("new");
    expect(store.size).toBe(2);
    expect((await store.count("middle")).failures).toBe(1);
  });

  it("a key whose window restarted is not swept with the keys of its old window", async () => {
    const { clock, store } = storeAt();
    await store.record("a");
    await store.record("b");
    clock.now += WINDOW_MS;
    await store.record("a"); // new window for "a"; "b" expired
    clock.now += WINDOW_MS / 2;
    await store.record("c");
    expect(store.size).toBe(2);
    expect((await store.count("a")).failures).toBe(1);
  });

  it("stay within the cap, making room by dropping the key closest to expiry", async () => {
    const { clock, store } = storeAt(0, 3);
    for (const key of ["a", "b", "c"]) {
      await store.record(key);
      clock.now += 1000;
    }
    await store.record("c"); // an existing key takes no room
    await store.record("d");
    expect(store.size).toBe(3);
    expect((await store.count("a")).failures).toBe(0);
    expect(await Promise.all(["b", "c", "d"].map(async (key) => (await store.count(key)).failures))).toEqual([1, 2, 1]);
  });
});
