/** externalBusyTimes with fake providers: fast ones count, slow and failing ones contribute nothing and are logged. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "../log";
import { externalBusyTimes, registerBusyTimesProvider, type BusyTimesProvider } from "./busy-times";

const range = { start: new Date("2026-06-10T00:00:00Z"), end: new Date("2026-06-11T00:00:00Z") };
const block = (from: string, to: string) => ({ start: new Date(`2026-06-10T${from}:00Z`), end: new Date(`2026-06-10T${to}:00Z`) });

const unregister: (() => void)[] = [];
const register = (provider: BusyTimesProvider) => unregister.push(registerBusyTimesProvider(provider));
afterEach(() => {
  unregister.splice(0).forEach((undo) => undo());
  vi.restoreAllMocks();
});

const fast: BusyTimesProvider = { name: "fast", busyTimes: async (userId) => (userId === 1 ? [block("09:00", "10:00")] : [block("11:00", "12:00")]) };
const slow: BusyTimesProvider = {
  name: "slow",
  busyTimes: () => new Promise((resolve) => setTimeout(() => resolve([block("13:00", "14:00")]), 2_000)),
};
const failing: BusyTimesProvider = {
  name: "failing",
  busyTimes: async () => {
    throw new Error("calendar API returned 503");
  },
};
const throwingSynchronously: BusyTimesProvider = {
  name: "sync-throw",
  busyTimes: () => {
    throw new Error("not configured");
  },
};

describe("externalBusyTimes", () => {
  it("is empty when no provider is registered", async () => {
    expect(await externalBusyTimes([1, 2], range, { timeoutMs: 100 })).toEqual([]);
  });

  it("asks every provider for every user and tags each block with its user and source", async () => {
    register(fast);
    register({ name: "second", busyTimes: async () => [block("15:00", "15:30")] });
    const busy = await externalBusyTimes([1, 2, 2], range, { timeoutMs: 500 });
    expect(busy).toEqual(
      expect.arrayContaining([
        { userId: 1, ...block("09:00", "10:00"), source: "fast" },
        { userId: 2, ...block("11:00", "12:00"), source: "fast" },
        { userId: 1, ...block("15:00", "15:30"), source: "second" },
        { userId: 2, ...block("15:00", "15:30"), source: "second" },
      ]),
    );
    expect(busy).toHaveLength(4); // a repeated user id is asked once
  });

  it("does not wait for a slow provider beyond the timeout, and logs a warning", async () => {
    const warn = vi.spyOn(log, "warn");
    register(fast);
    register(slow);
    const startedAt = performance.now();
    const busy = await externalBusyTimes([1], range, { timeoutMs: 100 });
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    expect(busy).toEqual([{ userId: 1, ...block("09:00", "10:00"), source: "fast" }]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("timed out"), expect.objectContaining({ provider: "slow", userId: 1, timeoutMs: 100 }));
  });

  it("ignores failing providers (rejecting or throwing) and logs each", async () => {
    const warn = vi.spyOn(log, "warn");
    register(failing);
    register(throwingSynchronously);
    register(fast);
    expect(await externalBusyTimes([2], range, { timeoutMs: 500 })).toEqual([{ userId: 2, ...block("11:00", "12:00"), source: "fast" }]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls.map(([, fields]) => fields?.provider).sort()).toEqual(["failing", "sync-throw"]);
  });

  it("does not ask a provider for a user it knows has nothing, and asks it for the others", async () => {
    const asked: number[] = [];
    register({ ...fast, busyTimes: (userId, asking) => (asked.push(userId), fast.busyTimes(userId, asking)), hasNothingFor: (userId) => userId === 1 });
    expect(await externalBusyTimes([1, 2], range, { timeoutMs: 100 })).toEqual([{ userId: 2, ...block("11:00", "12:00"), source: "fast" }]);
    expect(asked).toEqual([2]);
  });

  it("times every user of a call out together, with one timer", async () => {
    register(slow);
    const timers = vi.spyOn(globalThis, "setTimeout");
    vi.spyOn(log, "warn").mockImplementation(() => {});
    const startedAt = performance.now();
    expect(await externalBusyTimes([1, 2, 3], range, { timeoutMs: 100 })).toEqual([]);
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    // The slow provider's own three timers, and the call's one.
    expect(timers).toHaveBeenCalledTimes(4);
  });

  it("drops malformed blocks (end not after start)", async () => {
    register({ name: "odd", busyTimes: async () => [block("10:00", "10:00"), block("12:00", "11:00"), block("08:00", "08:30")] });
    expect(await externalBusyTimes([3], range, { timeoutMs: 500 })).toEqual([{ userId: 3, ...block("08:00", "08:30"), source: "odd" }]);
  });

  it("replaces a provider registered under the same name, and unregisters it", async () => {
    const undoFirst = registerBusyTimesProvider({ name: "same", busyTimes: async () => [block("09:00", "09:30")] });
    const undoSecond = registerBusyTimesProvider({ name: "same", busyTimes: async () => [block("10:00", "10:30")] });
    expect(await externalBusyTimes([1], range, { timeoutMs: 500 })).toEqual([{ userId: 1, ...block("10:00", "10:30"), source: "same" }]);
    undoFirst(); // no longer the registered one: a no-op
    expect(await externalBusyTimes([1], range, { timeoutMs: 500 })).toHaveLength(1);
    undoSecond();
    expect(await externalBusyTimes([1], range, { timeoutMs: 500 })).toEqual([]);
  });
});
