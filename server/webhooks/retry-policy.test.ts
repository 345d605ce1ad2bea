/** The retry schedule: what is retried, how soon, for how long; Retry-After; 410 and other 4xx. */
import { describe, expect, it } from "vitest";
import { backoffMs, nextStep, retryAfterMs, RETRY_WINDOW_MS } from "./retry-policy";

const first = new Date("2031-01-01T00:00:00Z");
const later = (ms: number) => new Date(first.getTime() + ms);

describe("nextStep", () => {
  it("2xx is delivered", () => {
    expect(nextStep({ status: 204 }, 1, first, first)).toEqual({ action: "delivered" });
  });

  it.each([[null], [500], [503], [429]])("retries %s, the first retry within about 10 seconds", (status) => {
    const step = nextStep({ status }, 1, first, first, 0.999);
    expect(step.action).toBe("retry");
    expect(step.action === "retry" && step.delayMs).toBeLessThanOrEqual(10_000);
    expect(step.action === "retry" && step.delayMs).toBeGreaterThanOrEqual(2_500);
  });

  it("jitters within the upper half of the backoff", () => {
    const delays = [0, 0.5, 0.999].map((random) => nextStep({ status: 500 }, 3, first, first, random));
    expect(delays.map((step) => (step.action === "retry" ? step.delayMs : -1))).toEqual([40_000, 60_000, 79_960]);
  });

  it("grows exponentially to a 12 hour cap", () => {
    expect([1, 2, 3, 4, 8, 9, 20].map(backoffMs)).toEqual([5_000, 20_000, 80_000, 320_000, 12 * 3600_000, 12 * 3600_000, 12 * 3600_000]);
  });

  it("keeps retrying for about three days, then disables the webhook", () => {
    let at = first;
    let attempt = 1;
    for (;;) {
      const step = nextStep({ status: 500 }, attempt, first, at, 0.5);
      if (step.action !== "retry") {
        expect(step).toEqual({ action: "disable", reason: "Deliveries failed for three days" });
        break;
      }
      at = later(at.getTime() - first.getTime() + step.delayMs);
      attempt += 1;
    }
    expect(at.getTime() - first.getTime()).toBeGreaterThan(RETRY_WINDOW_MS - 12 * 3600_000);
    expect(at.getTime() - first.getTime()).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(attempt).toBeGreaterThan(8);
  });

  it("honours Retry-After in seconds or as a date, bounded", () => {
    expect(nextStep({ status: 429, retryAfter: "120" }, 1, first, first)).toEqual({ action: "retry", delayMs: 120_000 });
    expect(nextStep({ status: 503, retryAfter: later(30_000).toUTCString() }, 1, first, first)).toEqual({ action: "retry", delayMs: 30_000 });
    expect(retryAfterMs("0", first)).toBe(1_000);
    expect(retryAfterMs("9999999", first)).toBe(6 * 3600_000);
    expect(retryAfterMs("soon", first)).toBeNull();
  });

  it("410 disables the webhook; other 4xx and 3xx are final for the message", () => {
    expect(nextStep({ status: 410 }, 1, first, first).action).toBe("disable");
    for (const status of [400, 401, 404, 301, 302]) expect(nextStep({ status }, 1, first, first).action).toBe("drop");
  });
});
