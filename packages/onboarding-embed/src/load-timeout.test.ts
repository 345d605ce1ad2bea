import { describe, expect, it, vi } from "vitest";
import { LOAD_TIMEOUT_ERROR, LOAD_TIMEOUT_MS, watchFirstMessage } from "./load-timeout";

/** Timers driven by hand: `advance(ms)` runs what is due. */
function manualTimers() {
  let now = 0;
  const due = new Map<number, { at: number; callback: () => void }>();
  let next = 0;
  return {
    set: (callback: () => void, ms: number) => (due.set(++next, { at: now + ms, callback }), next),
    clear: (handle: unknown) => void due.delete(handle as number),
    advance(ms: number) {
      now += ms;
      for (const [handle, timer] of [...due]) {
        if (timer.at > now) continue;
        due.delete(handle);
        timer.callback();
      }
    },
    pending: () => due.size,
  };
}

describe("watchFirstMessage", () => {
  it("reports once when no message arrives in time", () => {
    const timers = manualTimers();
    const onTimeout = vi.fn();
    watchFirstMessage(onTimeout, LOAD_TIMEOUT_MS, timers);
    timers.advance(LOAD_TIMEOUT_MS - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    timers.advance(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    timers.advance(LOAD_TIMEOUT_MS);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it("stays silent once the first message is heard, and after the dialog closes", () => {
    const timers = manualTimers();
    const onTimeout = vi.fn();
    const heard = watchFirstMessage(onTimeout, LOAD_TIMEOUT_MS, timers);
    timers.advance(5_000);
    heard.heard();
    heard.heard();
    const closed = watchFirstMessage(onTimeout, LOAD_TIMEOUT_MS, timers);
    closed.stop();
    expect(timers.pending()).toBe(0);
    timers.advance(LOAD_TIMEOUT_MS * 2);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it("uses the spec's UNKNOWN code and a 20 second default", () => {
    expect(LOAD_TIMEOUT_MS).toBe(20_000);
    expect(LOAD_TIMEOUT_ERROR).toEqual({ code: "UNKNOWN", message: expect.stringContaining("20 seconds") });
  });
});
