import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// A fresh gate per test: its state lives on globalThis (one per process, whatever Next.js bundles), and a fake clock
// starts anew in each test.
let backgroundTurn: () => Promise<void>;
let requestStarted: () => void;
let requestEnded: () => void;

// The loop's recent load, as the gate reads it: full unless a test says otherwise.
const loop = vi.hoisted(() => ({ utilization: 1 }));
vi.mock("./event-loop-load", () => ({ recentLoopUtilization: () => loop.utilization }));

/** Turns that resolved so far, by index, and when (fake ms). */
function track(count: number) {
  const resolvedAt: (number | null)[] = Array.from({ length: count }, () => null);
  for (let index = 0; index < count; index++) void backgroundTurn().then(() => (resolvedAt[index] = performance.now()));
  return resolvedAt;
}

describe("foreground first: background jobs give way to requests", () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    vi.stubEnv("JOBS_BUSY_RATE", "20"); // one turn per 50 ms while serving
    loop.utilization = 1;
    vi.advanceTimersByTime(1_000);
    delete (globalThis as { conveneForegroundGate?: unknown }).conveneForegroundGate;
    vi.resetModules();
    ({ backgroundTurn, requestEnded, requestStarted } = await import("./foreground-first"));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  it("lets every job start at once while no request is under way", async () => {
    const resolvedAt = track(5);
    await vi.advanceTimersByTimeAsync(0);
    expect(resolvedAt.every((at) => at !== null)).toBe(true);
  });

  it("starts one job per busy interval, in arrival order, while a request is in flight", async () => {
    requestStarted();
    const startedAt = performance.now();
    const resolvedAt = track(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(resolvedAt.filter((at) => at !== null)).toHaveLength(1); // the first turn: none was taken for a while
    await vi.advanceTimersByTimeAsync(60);
    expect(resolvedAt.filter((at) => at !== null)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(resolvedAt.filter((at) => at !== null)).toHaveLength(4);
    const offsets = resolvedAt.map((at) => at! - startedAt);
    for (let index = 1; index < offsets.length; index++) expect(offsets[index]! - offsets[index - 1]!).toBeGreaterThanOrEqual(50);
    requestEnded();
  });

  it("releases every waiting job once requests have stopped for a moment", async () => {
    requestStarted();
    const resolvedAt = track(6);
    await vi.advanceTimersByTimeAsync(10);
    expect(resolvedAt.filter((at) => at !== null)).toHaveLength(1);
    requestEnded();
    const endedAt = performance.now();
    await vi.advanceTimersByTimeAsync(40);
    expect(resolvedAt.every((at) => at !== null)).toBe(true);
    // Not before the quiet period: back-to-back requests leave gaps that must not count as idle.
    expect(Math.max(...resolvedAt.slice(1).map((at) => at!))).toBeGreaterThanOrEqual(endedAt + 25);
  });

  it("keeps jobs moving under load that never stops", async () => {
    requestStarted();
    const resolvedAt = track(10);
    // Requests keep arriving and ending, never leaving the quiet period.
    for (let ms = 0; ms < 500; ms += 10) {
      requestStarted();
      await vi.advanceTimersByTimeAsync(10);
      requestEnded();
    }
    expect(resolvedAt.filter((at) => at !== null)).toHaveLength(10);
    requestEnded();
  });

  it("lets jobs start at once while requests leave the event loop time to spare", async () => {
    loop.utilization = 0.5;
    requestStarted();
    const resolvedAt = track(5);
    await vi.advanceTimersByTimeAsync(0);
    expect(resolvedAt.every((at) => at !== null)).toBe(true);
    requestEnded();
  });

  it("starts the jobs that have waited JOBS_MAX_DEFER_MS however long a full load lasts", async () => {
    vi.stubEnv("JOBS_MAX_DEFER_MS", "200");
    requestStarted();
    const askedAt = performance.now();
    const resolvedAt = track(20);
    await vi.advanceTimersByTimeAsync(150);
    expect(resolvedAt.filter((at) => at !== null).length).toBeLessThanOrEqual(4); // the rate alone, so far
    await vi.advanceTimersByTimeAsync(60);
    expect(resolvedAt.every((at) => at !== null && at - askedAt <= 210)).toBe(true);
    // A job asked for later waits its own turn again.
    const later = track(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(later.filter((at) => at !== null).length).toBeLessThanOrEqual(1);
    requestEnded();
  });
});
