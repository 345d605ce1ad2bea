/** The mail with a password-reset link: the only place the token ever appears. */
import type { Mail } from "./mailer";

export function passwordResetMail({ to, link, lifetimeMinutes }: { to: string; link: string; lifetimeMinutes: number }): Mail {
  return {
    to,
    subject: "Reset your Convene password",
    text:
      `Someone (hopefully you) asked to reset the password of your Convene account.\n\n` +
      `Choose a new password here:\n${link}\n\n` +
      `The link works once and expires in ${lifetimeMinutes} minutes. Resetting your password signs you out everywhere.\n` +
      `If you did not ask for this, ignore this mail: your password stays as it is.\n`,
  };
}
