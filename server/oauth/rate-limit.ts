/** Failed client authentication is limited per client and address, and per address (server/security/failure-limits.ts). */
import { recordFailure, retryAfterSeconds } from "../security/failure-limits";

/**
 * Client secrets are 256-bit random values, so online guessing is not the threat these limits answer;
 * locking a real app out is. Client ids are public: a counter keyed by the id alone would let anyone
 * shut a confidential client out of the token endpoint with a few wrong secrets. So the per-client
 * counter is per client and caller address (a caller exhausts only its own allowance), and the per-address
 * one, higher since one address may serve many apps, slows a caller that fails across many clients.
 */
export const MAX_FAILURES_PER_CLIENT_AND_ADDRESS = 10;
export const MAX_FAILURES_PER_ADDRESS = 30;

const limitsFor = (clientId: string, address: string) => [
  { key: `oauth:authfail:client:${clientId}:addr:${address}`, max: MAX_FAILURES_PER_CLIENT_AND_ADDRESS },
  { key: `oauth:authfail:addr:${address}`, max: MAX_FAILURES_PER_ADDRESS },
];

/** Seconds to wait when either counter is exhausted, else 0. */
export const clientAuthRetryAfter = (clientId: string, address: string) => retryAfterSeconds(limitsFor(clientId, address));

export const recordClientAuthFailure = (clientId: string, address: string) => recordFailure(limitsFor(clientId, address));
