/**
 * Forgot-password requests are limited in the shared five-minute windows (failure-limits.ts), counted before
 * anything is queued and whether or not the address has an account (so the limit tells nothing either):
 * - one e-mail address: 5, so nobody's inbox is flooded with reset mails;
 * - one network address: 20, so one client cannot mail many addresses.
 */
import { AppError } from "../errors";
import { countAttempt } from "../security/failure-limits";

export const MAX_RESET_REQUESTS_PER_EMAIL = 5;
export const MAX_RESET_REQUESTS_PER_ADDRESS = 20;

const resetLimits = (email: string, address: string) => [
  { key: `password-reset:email:${email.trim().toLowerCase()}`, max: MAX_RESET_REQUESTS_PER_EMAIL },
  { key: `password-reset:addr:${address}`, max: MAX_RESET_REQUESTS_PER_ADDRESS },
];

/** Counts one request, or throws 429 with Retry-After. */
export async function countResetRequest(email: string, address: string): Promise<void> {
  const { retryAfterSeconds } = await countAttempt(resetLimits(email, address));
  if (retryAfterSeconds === 0) return;
  const minutes = Math.ceil(retryAfterSeconds / 60);
  throw new AppError("TOO_MANY_REQUESTS", `Too many reset requests. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, undefined, {
    "Retry-After": String(retryAfterSeconds),
  });
}
