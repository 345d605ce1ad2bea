/**
 * A signed-in user changes their password: the current one is required (checked through the log-in throttle, so
 * this form is no way around it), and every other session ends (session-version.ts). The caller's own browser
 * signs in again with the new password to carry on.
 */
import { db } from "../db/client";
import { AppError } from "../errors";
import { ZChangePasswordInput, type TChangePasswordInput } from "./password-change.schemas";
import type { Actor } from "./actor";
import { LoginThrottledError, logInWithPassword } from "./login-throttle";
import { hashPassword } from "./passwords";
import { endAllSessions } from "./session-version";
import { TOO_MANY_ATTEMPTS } from "./log-in-errors";

const wrongPassword = () =>
  new AppError("BAD_REQUEST", "The current password is not correct", [{ path: "body.currentPassword", message: "The current password is not correct" }]);

export async function changePassword(actor: Actor, input: TChangePasswordInput, clientAddress: string) {
  const { currentPassword, newPassword } = ZChangePasswordInput.parse(input);
  const user = await db.user.findUnique({ where: { id: actor.userId }, select: { email: true, password: { select: { userId: true } } } });
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  if (!user.password) throw new AppError("BAD_REQUEST", "Your account signs in through single sign-on and has no password to change");
  const verified = await logInWithPassword(user.email, currentPassword, clientAddress).catch((error: unknown) => {
    if (error instanceof LoginThrottledError) throw new AppError("TOO_MANY_REQUESTS", TOO_MANY_ATTEMPTS);
    throw error;
  });
  if (verified?.id !== actor.userId) throw wrongPassword();
  const hash = await hashPassword(newPassword);
  await db.$transaction(async (tx) => {
    await tx.userPassword.update({ where: { userId: actor.userId }, data: { hash } });
    await endAllSessions(tx, actor.userId);
  });
  return { email: user.email };
}

/** Accounts made through single sign-on have none. */
export async function hasPassword(actor: Actor): Promise<boolean> {
  return (await db.userPassword.count({ where: { userId: actor.userId } })) > 0;
}
