/**
 * A routing form's public page takes submissions from anyone, and each one stores a response, fires FORM_SUBMITTED to
 * the owner's webhooks and queues a job: so submissions are limited per network address (quota configurable:
 * server/security/rate-limit-table.ts), counted before anything is written, so a refused one leaves nothing behind.
 */
import { AppError } from "../errors";
import { countAttempt } from "../security/failure-limits";
import { countedLimit } from "../security/rate-limits";

/** Counts one submission from `address`, or throws 429 with Retry-After. */
export async function countFormSubmission(address: string): Promise<void> {
  const { retryAfterSeconds } = await countAttempt([countedLimit("ROUTING_FORM_SUBMISSIONS_PER_ADDRESS", `routing-form:addr:${address}`)]);
  if (retryAfterSeconds === 0) return;
  const minutes = Math.ceil(retryAfterSeconds / 60);
  throw new AppError(
    "TOO_MANY_REQUESTS",
    `Too many answers sent from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    undefined,
    { "Retry-After": String(retryAfterSeconds) },
  );
}
