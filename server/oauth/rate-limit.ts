/** Failed client authentication is limited per client and address, and per address (server/security/failure-limits.ts). */
import { recordFailure, retryAfterSeconds } from "../security/failure-limits";
import { countedLimit } from "../security/rate-limits";

/**
 * Client secrets are 256-bit random values, so online guessing is not the threat these limits answer;
 * locking a real app out is. Client ids are public: a counter keyed by the id alone would let anyone
 * shut a confidential client out of the token endpoint with a few wrong secrets. So the per-client
 * counter is per client and caller address (a caller exhausts only its own allowance), and the per-address
 * one, higher since one address may serve many apps, slows a caller that fails across many clients. The
 * per-address one refuses only requests that fail themselves: behind one NAT or a proxy without TRUST_PROXY, every
 * app shares an address, and another app's (or a stranger's) failures must not lock out a client that authenticates.
 * Quotas: server/security/rate-limit-table.ts.
 */
const perClientAndAddress = (clientId: string, address: string) =>
  countedLimit("CLIENT_AUTH_FAILURES_PER_CLIENT_AND_ADDRESS", `oauth:authfail:client:${clientId}:addr:${address}`);
const perAddress = (address: string) => countedLimit("CLIENT_AUTH_FAILURES_PER_ADDRESS", `oauth:authfail:addr:${address}`);

/** Seconds this client's own failures from this address still lock it, else 0: checked before its secret is. */
export const clientLockedFor = (clientId: string, address: string) => retryAfterSeconds([perClientAndAddress(clientId, address)]);

/** Seconds the address's failures (over any client ids) lock out requests that fail to authenticate, else 0. */
export const addressLockedFor = (address: string) => retryAfterSeconds([perAddress(address)]);

export const recordClientAuthFailure = (clientId: string, address: string) => recordFailure([perClientAndAddress(clientId, address), perAddress(address)]);
