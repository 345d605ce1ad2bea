import { performance } from "node:perf_hooks";

/**
 * How busy this process's event loop has been lately: the share of the last window (at least WINDOW_MS) it spent
 * running code rather than waiting for I/O, 0 to 1. Read lazily by whoever asks, so an idle process runs no timer.
 */
const WINDOW_MS = 50;

type Sample = { utilization: number; mark: ReturnType<typeof performance.eventLoopUtilization>; markedAt: number };

// On globalThis for the same reason as the gate in foreground-first.ts: one reading per process, not per bundle.
const holder = globalThis as unknown as { conveneLoopLoad?: Sample };

export function recentLoopUtilization(): number {
  const now = performance.now();
  const sample = (holder.conveneLoopLoad ??= { utilization: 0, mark: performance.eventLoopUtilization(), markedAt: now });
  if (now - sample.markedAt >= WINDOW_MS) {
    const mark = performance.eventLoopUtilization();
    sample.utilization = performance.eventLoopUtilization(mark, sample.mark).utilization;
    sample.mark = mark;
    sample.markedAt = now;
  }
  return sample.utilization;
}
