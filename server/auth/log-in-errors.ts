/**
 * What the log-in forms say for next-auth's error codes. A pure module: the browser's sign-in code and
 * the log-in page (for `?error=`) both read it.
 */

/** Thrown by the credentials check while a failure limit is exhausted (server/auth/login-throttle.ts). */
export const LOGIN_THROTTLED = "TooManyLogInAttempts";

export const WRONG_CREDENTIALS = "E-mail or password is incorrect";
export const TOO_MANY_ATTEMPTS = "Too many failed log-ins. Wait a few minutes and try again.";

export function logInFailureMessage(error: string | undefined): string {
  if (error === "CredentialsSignin") return WRONG_CREDENTIALS;
  if (error === LOGIN_THROTTLED) return TOO_MANY_ATTEMPTS;
  return "Could not log in. Please try again.";
}
