/**
 * What follows one delivery attempt. Pure, so the schedule is unit-tested:
 * - 2xx: delivered.
 * - no answer (network error, timeout, refused address), 5xx and 429: retried with exponential backoff and full
 *   jitter on the upper half (5 s × 4^(n-1), capped at 12 h), the first retry within about 10 s, for three days
 *   from the first attempt; a `Retry-After` (seconds or an HTTP date) replaces the backoff, bounded to
 *   [1 s, 6 h]. Past three days: given up, and the webhook is disabled (its owner is mailed).
 * - 410 Gone: the subscriber says the endpoint is gone: the webhook is disabled.
 * - any other status (3xx — redirects are never followed — and 4xx): final for this message.
 */
export const RETRY_WINDOW_MS = 72 * 60 * 60 * 1000;
const BASE_DELAY_MS = 5_000;
const MAX_DELAY_MS = 12 * 60 * 60 * 1000;
const RETRY_AFTER_BOUNDS_MS = [1_000, 6 * 60 * 60 * 1000] as const;

export type AttemptResult = { status: number | null; retryAfter?: string | null };
export type NextStep =
  { action: "delivered" } | { action: "retry"; delayMs: number } | { action: "drop"; reason: string } | { action: "disable"; reason: string };

export const isRetryable = (status: number | null) => status === null || status === 429 || status >= 500;

/** The backoff before retry number `attempt` (1 = the first retry), before jitter. */
export const backoffMs = (attempt: number) => Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 4 ** Math.max(0, attempt - 1));

/** Retry-After in milliseconds, bounded; null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: Date): number | null {
  if (!header) return null;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header.trim()) * 1000 : Date.parse(header) - now.getTime();
  if (!Number.isFinite(seconds)) return null;
  return Math.min(RETRY_AFTER_BOUNDS_MS[1], Math.max(RETRY_AFTER_BOUNDS_MS[0], seconds));
}

/**
 * @param attempt the attempt that just ended (1 = the first delivery)
 * @param firstAttemptAt when the message's first attempt was made
 * @param random a number in [0, 1) (Math.random), passed in so tests pin the jitter
 */
export function nextStep(result: AttemptResult, attempt: number, firstAttemptAt: Date, now: Date, random: number = Math.random()): NextStep {
  const { status } = result;
  if (status !== null && status >= 200 && status < 300) return { action: "delivered" };
  if (status === 410) return { action: "disable", reason: "The subscriber answered 410 Gone" };
  if (!isRetryable(status)) return { action: "drop", reason: `The subscriber answered ${status}; not retried` };
  const backoff = backoffMs(attempt);
  const delayMs = retryAfterMs(result.retryAfter, now) ?? Math.round(backoff / 2 + (backoff / 2) * random);
  if (now.getTime() + delayMs - firstAttemptAt.getTime() > RETRY_WINDOW_MS) {
    return { action: "disable", reason: "Deliveries failed for three days" };
  }
  return { action: "retry", delayMs };
}
