/**
 * Forgotten passwords: a mailed single-use link, valid for an hour, that sets a new password and ends every session.
 *
 * The answer to a request must not tell whether the address has an account, in its body or in its timing. So the
 * request does the same work either way: it counts the attempt and enqueues a `password-reset.issue` job holding
 * the address; the job, off the response path, looks the account up and (only if there is one) writes the token and
 * its mail. The token is 256 random bits; only its SHA-256 is stored; a new one replaces any older unused one; it is
 * consumed by a conditional update whose row count is checked, so two uses of one link cannot both succeed.
 */
import { randomBytes } from "node:crypto";
import { db, type Tx } from "../db/client";
import { env } from "../env";
import { AppError } from "../errors";
import { enqueueJob } from "../jobs/queue";
import { queueMails } from "../mail/mail-queue";
import { passwordResetMail } from "../mail/password-reset-mail";
import { hashPassword } from "./passwords";
import { countResetRequest } from "./password-reset-throttle";
import { ZForgotPasswordInput, ZResetPasswordInput, type TForgotPasswordInput, type TResetPasswordInput } from "./password-reset.schemas";
import { hashSecret } from "./secrets";
import { endAllSessions } from "./session-version";

export const RESET_LINK_LIFETIME_MINUTES = 60;
/** Its queue is created by the migration `password_reset`. */
export const ISSUE_PASSWORD_RESET_JOB = "password-reset.issue";
const TOKEN_PREFIX = "cnv_pr";

/** The same words for every address, known or not. */
export const RESET_REQUESTED_MESSAGE = "If an account uses this address, we have sent it a link to reset the password. The link works once, for an hour.";
export const RESET_LINK_REFUSED_MESSAGE = "This reset link is invalid, already used or expired. Ask for a new one.";

export const passwordResetLink = (token: string) => `${env().APP_URL.replace(/\/$/, "")}/auth/reset-password/${token}`;

export type IssuePasswordResetData = { email: string };

/** The forgot-password form's request: counted (429 past a limit), then handed to the job whatever the address. */
export async function requestPasswordReset(input: TForgotPasswordInput, clientAddress: string) {
  const { email } = ZForgotPasswordInput.parse(input);
  await countResetRequest(email, clientAddress);
  await enqueueJob(null, ISSUE_PASSWORD_RESET_JOB, { email } satisfies IssuePasswordResetData);
  return { message: RESET_REQUESTED_MESSAGE };
}

/**
 * The job: for an address with an account, a new token (older unused ones deleted: only the newest link works) and
 * its mail, in one transaction. A rerun after a crash mails a fresh link that replaces the first.
 */
export async function issuePasswordReset({ email }: IssuePasswordResetData, now = new Date()): Promise<void> {
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true } });
  if (!user) return;
  await db.$transaction(async (tx) => {
    const link = await writePasswordLink(tx, user.id, RESET_LINK_LIFETIME_MINUTES, now);
    await queueMails(tx, [passwordResetMail({ to: user.email, link, lifetimeMinutes: RESET_LINK_LIFETIME_MINUTES })]);
  });
}

/**
 * A new single-use link to set the password of `userId` (older unused ones deleted: only the newest works), in the
 * caller's transaction; the caller mails it. Also the welcome link of a user created in an organization.
 */
export async function writePasswordLink(tx: Tx, userId: number, lifetimeMinutes: number, now = new Date()): Promise<string> {
  const token = `${TOKEN_PREFIX}_${randomBytes(32).toString("base64url")}`;
  await tx.passwordResetToken.deleteMany({ where: { userId, usedAt: null } });
  await tx.passwordResetToken.create({ data: { userId, tokenHash: hashSecret(token), expiresAt: new Date(now.getTime() + lifetimeMinutes * 60_000) } });
  return passwordResetLink(token);
}

const usable = (token: string, now: Date) => ({ tokenHash: hashSecret(token), usedAt: null, expiresAt: { gt: now } });

/** Whether the link's page should offer the form (the reset itself checks again). */
export async function isResetLinkUsable(token: string, now = new Date()): Promise<boolean> {
  if (token.length > 200) return false;
  return (await db.passwordResetToken.count({ where: usable(token, now) })) === 1;
}

/**
 * Sets the new password and ends every session of the account (session-version.ts), consuming the token: an unknown,
 * used or expired one is refused (400) and changes nothing.
 */
export async function resetPassword(input: TResetPasswordInput, now = new Date()): Promise<{ email: string }> {
  const { token, password } = ZResetPasswordInput.parse(input);
  // Hashing is slow on purpose: before the transaction, not inside it.
  const hash = await hashPassword(password);
  return db.$transaction(async (tx) => {
    const [consumed, ...others] = await tx.passwordResetToken.updateManyAndReturn({
      where: usable(token, now),
      data: { usedAt: now },
      select: { userId: true },
    });
    if (!consumed || others.length) throw new AppError("BAD_REQUEST", RESET_LINK_REFUSED_MESSAGE, [{ path: "token", message: RESET_LINK_REFUSED_MESSAGE }]);
    await tx.userPassword.upsert({ where: { userId: consumed.userId }, create: { userId: consumed.userId, hash }, update: { hash } });
    await tx.passwordResetToken.deleteMany({ where: { userId: consumed.userId, usedAt: null } });
    await endAllSessions(tx, consumed.userId);
    return tx.user.findUniqueOrThrow({ where: { id: consumed.userId }, select: { email: true } });
  });
}
