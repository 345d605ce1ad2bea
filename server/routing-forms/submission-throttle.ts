/**
 * A routing form's public page takes submissions from anyone, and each one stores a response, fires FORM_SUBMITTED to
 * the owner's webhooks and queues a job: so submissions are limited per network address (quota configurable:
 * server/security/rate-limit-table.ts), counted before anything is written, so a refused one leaves nothing behind.
 */
import { countAttemptOrRefuse } from "../security/failure-limits";
import { countedLimit } from "../security/rate-limits";

/** Counts one submission from `address`, or throws 429 with Retry-After. */
export const countFormSubmission = (address: string): Promise<void> =>
  countAttemptOrRefuse([countedLimit("ROUTING_FORM_SUBMISSIONS_PER_ADDRESS", `routing-form:addr:${address}`)], "answers sent from your network");
