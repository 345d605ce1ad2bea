/**
 * Password log-in is limited per account and per caller address. The per-account limit is what stops
 * guessing one person's password from many addresses; the per-address limit slows trying a few common
 * passwords against many accounts. While a limit is exhausted even the right password is refused, or the
 * refusals would tell a guesser when they hit it.
 */
import { findUserByCredentials } from "../users/user.service";
import { recordFailure, retryAfterSeconds } from "../security/failure-limits";
import { LOGIN_THROTTLED } from "./log-in-errors";

export const MAX_LOGIN_FAILURES_PER_ACCOUNT = 10;
export const MAX_LOGIN_FAILURES_PER_ADDRESS = 50;

/** next-auth hands the message back to the form (as `?error=` or signIn's `result.error`). */
export class LoginThrottledError extends Error {
  constructor() {
    super(LOGIN_THROTTLED);
  }
}

const limitsFor = (email: string, address: string) => [
  { key: `login:fail:account:${email.trim().toLowerCase()}`, max: MAX_LOGIN_FAILURES_PER_ACCOUNT },
  { key: `login:fail:addr:${address}`, max: MAX_LOGIN_FAILURES_PER_ADDRESS },
];

/** The user when e-mail and password match and no limit is exhausted; null on a wrong pair. */
export async function logInWithPassword(email: string, password: string, address: string) {
  const limits = limitsFor(email, address);
  if ((await retryAfterSeconds(limits)) > 0) throw new LoginThrottledError();
  const user = await findUserByCredentials(email, password);
  if (!user) await recordFailure(limits);
  return user;
}
