/**
 * Changing a signed-in user's e-mail address in the site: the new address must confirm through a mailed link before
 * the account uses it. The link holds a 256-bit token of which only the SHA-256 is stored; it works once (a
 * conditional update consumes it) and for EMAIL_CHANGE_LIFETIME_HOURS; a new request replaces any pending one. The
 * mails are queued in the request's transaction.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { env } from "../env";
import { db } from "../db/client";
import { AppError } from "../errors";
import { hashSecret } from "../auth/secrets";
import type { Actor } from "../auth/actor";
import { queueMails } from "../mail/mail-queue";
import { emailChangeConfirmationMail, emailChangeNoticeMail } from "../mail/email-change-mail";
import { ZConfirmEmailChangeInput, ZRequestEmailChangeInput, type TRequestEmailChangeInput } from "./email-change.schemas";
import { openEmailChangeRequestsOf, pendingEmailChangeRequestsOf } from "./email-change-access";
import { forgetProfile } from "./me.service";

export const EMAIL_CHANGE_LIFETIME_HOURS = 24;

const emailTaken = () =>
  new AppError("CONFLICT", "An account with this e-mail already exists", [{ path: "body.email", message: "An account with this e-mail already exists" }]);
const invalidLink = () => new AppError("BAD_REQUEST", "This confirmation link is invalid, was already used or has expired. Ask for a new one in your profile.");

export async function requestEmailChange(actor: Actor, input: TRequestEmailChangeInput) {
  const { email } = ZRequestEmailChangeInput.parse(input);
  const token = `cnv_ec_${randomBytes(32).toString("base64url")}`;
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_LIFETIME_HOURS * 3_600_000);
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: actor.userId }, select: { email: true, timeZone: true } });
    if (!user) throw new AppError("NOT_FOUND", "User not found");
    if (user.email === email)
      throw new AppError("BAD_REQUEST", "This is already your e-mail address", [{ path: "body.email", message: "This is already your e-mail address" }]);
    if (await tx.user.findUnique({ where: { email }, select: { id: true } })) throw emailTaken();
    await tx.emailChangeRequest.deleteMany({ where: openEmailChangeRequestsOf(actor) });
    await tx.emailChangeRequest.create({ data: { userId: actor.userId, newEmail: email, tokenHash: hashSecret(token), expiresAt } });
    const link = `${env().APP_URL}/auth/confirm-email/${token}`;
    await queueMails(tx, [
      emailChangeConfirmationMail({ to: email, link, expiresAt, timeZone: user.timeZone }),
      emailChangeNoticeMail({ to: user.email, newEmail: email }),
    ]);
  });
  return { pendingEmail: email, expiresAt: expiresAt.toISOString() };
}

/** The address waiting for confirmation, if any. */
export async function pendingEmailChange(actor: Actor) {
  const pending = await db.emailChangeRequest.findFirst({
    where: pendingEmailChangeRequestsOf(actor, new Date()),
    select: { newEmail: true, expiresAt: true },
    orderBy: { id: "desc" },
  });
  return pending ? { pendingEmail: pending.newEmail, expiresAt: pending.expiresAt.toISOString() } : null;
}

/** Anyone holding the link may confirm (it reached the new address); the token is consumed before the address moves. */
export async function confirmEmailChange(input: z.input<typeof ZConfirmEmailChangeInput>) {
  const { token } = ZConfirmEmailChangeInput.parse(input);
  const tokenHash = hashSecret(token);
  const changed = await db.$transaction(async (tx) => {
    const request = await tx.emailChangeRequest.findUnique({ where: { tokenHash }, select: { id: true, userId: true, newEmail: true } });
    if (!request) throw invalidLink();
    const consumed = await tx.emailChangeRequest.updateMany({
      where: { id: request.id, confirmedAt: null, expiresAt: { gt: new Date() } },
      data: { confirmedAt: new Date() },
    });
    if (consumed.count !== 1) throw invalidLink();
    const holder = await tx.user.findUnique({ where: { email: request.newEmail }, select: { id: true } });
    if (holder && holder.id !== request.userId) throw emailTaken();
    await tx.user.update({ where: { id: request.userId }, data: { email: request.newEmail } });
    return request;
  });
  await forgetProfile(changed.userId);
  return { email: changed.newEmail };
}
