/**
 * Ending sessions with stateless JWT sessions: each user has a session version, copied into the JWT when they sign
 * in. Every read of a session (next-auth's jwt callback, which getServerSession and /api/auth/session both run)
 * compares the token's copy with the database, so raising the version ends every session signed in before it.
 *
 * Use: a password reset or change calls `endAllSessions(tx, userId)` in its transaction. The browser that made the
 * change signs in again (with the new password) to get a token carrying the new version; nothing refreshes an old
 * token's version, or a stolen one could refresh itself too.
 */
import { db, type Tx } from "../db/client";

/** The version a session signed in now carries; null for a user who no longer exists. */
export async function currentSessionVersion(userId: number, client: Tx = db): Promise<number | null> {
  const user = await client.user.findUnique({ where: { id: userId }, select: { sessionVersion: true } });
  return user?.sessionVersion ?? null;
}

/** Whether a session signed in with `version` still counts (a token from before versions existed carries none: 0). */
export async function isSessionCurrent(userId: number, version: number | undefined): Promise<boolean> {
  return (await currentSessionVersion(userId)) === (version ?? 0);
}

/** Ends every session of the user signed in so far, committed with `tx`'s change; answers the new version. */
export async function endAllSessions(tx: Tx, userId: number): Promise<number> {
  const { sessionVersion } = await tx.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } }, select: { sessionVersion: true } });
  return sessionVersion;
}

/** A literal: a minified build renames the class, so its `.name` cannot be compared. */
export const SESSION_ENDED = "SessionEndedError";

/** Thrown from the jwt callback: next-auth then answers "no session" and clears the cookie. */
export class SessionEndedError extends Error {
  constructor() {
    super("The session was ended (password reset or change); sign in again");
    this.name = SESSION_ENDED;
  }
}
