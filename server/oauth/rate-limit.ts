/** Failed client authentication is limited per client and per address (server/security/failure-limits.ts). */
import { recordFailure, retryAfterSeconds } from "../security/failure-limits";

/** Per client: a secret cannot be guessed. Per address: higher, since one address may serve many apps. */
export const MAX_FAILURES_PER_CLIENT = 10;
export const MAX_FAILURES_PER_ADDRESS = 30;

const limitsFor = (clientId: string, address: string) => [
  { key: `oauth:authfail:client:${clientId}`, max: MAX_FAILURES_PER_CLIENT },
  { key: `oauth:authfail:addr:${address}`, max: MAX_FAILURES_PER_ADDRESS },
];

/** Seconds to wait when either counter is exhausted, else 0. */
export const clientAuthRetryAfter = (clientId: string, address: string) => retryAfterSeconds(limitsFor(clientId, address));

export const recordClientAuthFailure = (clientId: string, address: string) => recordFailure(limitsFor(clientId, address));
