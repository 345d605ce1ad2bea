/**
 * Forgot-password requests are limited in the shared windows (quotas configurable: server/security/rate-limit-table.ts),
 * counted before anything is queued and whether or not the address has an account (so the limit tells nothing either):
 * per e-mail address, so nobody's inbox is flooded with reset mails; per network address, so one client cannot
 * mail many addresses.
 */
import { countAttemptOrRefuse } from "../security/failure-limits";
import { countedLimit } from "../security/rate-limits";

const resetLimits = (email: string, address: string) => [
  countedLimit("PASSWORD_RESET_REQUESTS_PER_EMAIL", `password-reset:email:${email.trim().toLowerCase()}`),
  countedLimit("PASSWORD_RESET_REQUESTS_PER_ADDRESS", `password-reset:addr:${address}`),
];

/** Counts one request, or throws 429 with Retry-After. */
export const countResetRequest = (email: string, address: string): Promise<void> => countAttemptOrRefuse(resetLimits(email, address), "reset requests");
