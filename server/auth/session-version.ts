/**
 * Web sessions are JWTs in a cookie, which the server cannot delete from other browsers. To end a user's other
 * sessions (after a password change), each JWT carries the user's `sessionVersion` from when it was issued, and
 * every request compares it with the current one: a changed password bumps it, so older tokens stop counting.
 * A deleted user has no version, which ends their sessions too.
 */
import { db, type Tx } from "../db/client";

export async function currentSessionVersion(userId: number): Promise<number | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { sessionVersion: true } });
  return user?.sessionVersion ?? null;
}

/** Ends every session of the user, in the transaction that makes the change calling for it. */
export async function endAllSessions(tx: Tx, userId: number): Promise<number> {
  const { sessionVersion } = await tx.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } }, select: { sessionVersion: true } });
  return sessionVersion;
}
