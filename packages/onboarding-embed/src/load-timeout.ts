/**
 * The iframe's first page always posts `onboarding:resize` as it mounts, so silence means Convene never
 * loaded: wrong host, Convene down, the frame refused (CSP), or a network failure. The browser tells
 * the embedding page none of this (an iframe's load event fires for error pages too), so a timer is
 * the only signal. It is reported as UNKNOWN, the spec's code for an unexpected error.
 */
import type { OnboardingError } from "./types.js";

export const LOAD_TIMEOUT_MS = 20_000;

export const LOAD_TIMEOUT_ERROR: OnboardingError = {
  code: "UNKNOWN",
  message: `Convene's onboarding did not load within ${LOAD_TIMEOUT_MS / 1000} seconds; check the host prop and the network`,
};

type Timers = { set: (callback: () => void, ms: number) => unknown; clear: (handle: unknown) => void };
const realTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Starts waiting for the iframe's first message. `heard()` when one arrives, `stop()` when the dialog
 * closes; otherwise `onTimeout` runs once after `ms`. Both are idempotent.
 */
export function watchFirstMessage(onTimeout: () => void, ms = LOAD_TIMEOUT_MS, timers: Timers = realTimers) {
  let pending = true;
  const handle = timers.set(() => {
    if (!pending) return;
    pending = false;
    onTimeout();
  }, ms);
  const stop = () => {
    if (!pending) return;
    pending = false;
    timers.clear(handle);
  };
  return { heard: stop, stop };
}
