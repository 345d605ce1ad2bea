/**
 * Password log-in is limited three ways in five-minute windows (quotas configurable: server/security/rate-limit-table.ts):
 * - one account from one address: a guesser is stopped after a few tries, while the account's owner,
 *   elsewhere, can still log in;
 * - one account from anywhere, much higher: guessing from many addresses (or forged X-Forwarded-For
 *   values) still ends. A lock-out of the owner this way takes a sustained flood, not ten requests;
 * - one address across accounts: slows trying a few common passwords against many accounts.
 * While a limit is exhausted even the right password is refused, or the refusals would tell a guesser
 * when they hit it.
 */
import { findUserByCredentials } from "../users/user.service";
import { recordFailure, retryAfterSeconds } from "../security/failure-limits";
import { countedLimit } from "../security/rate-limits";
import { LOGIN_THROTTLED } from "./log-in-errors";

/** next-auth hands the message back to the form (as `?error=` or signIn's `result.error`). */
export class LoginThrottledError extends Error {
  constructor() {
    super(LOGIN_THROTTLED);
  }
}

function limitsFor(email: string, address: string) {
  const account = email.trim().toLowerCase();
  return [
    countedLimit("LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS", `login:fail:account-addr:${account}|${address}`),
    countedLimit("LOGIN_FAILURES_PER_ACCOUNT", `login:fail:account:${account}`),
    countedLimit("LOGIN_FAILURES_PER_ADDRESS", `login:fail:addr:${address}`),
  ];
}

/** The user when e-mail and password match and no limit is exhausted; null on a wrong pair. */
export async function logInWithPassword(email: string, password: string, address: string) {
  const limits = limitsFor(email, address);
  if ((await retryAfterSeconds(limits)) > 0) throw new LoginThrottledError();
  const user = await findUserByCredentials(email, password);
  if (!user) await recordFailure(limits);
  return user;
}
