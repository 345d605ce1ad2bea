/** The mails of an e-mail change: the link to the new address (the only place its token appears), a notice to the old. */
import { formatInZone } from "../time/zoned-dates";
import type { Mail } from "./mailer";

export function emailChangeConfirmationMail({ to, link, expiresAt, timeZone = "UTC" }: { to: string; link: string; expiresAt: Date; timeZone?: string }): Mail {
  return {
    to,
    subject: "Confirm your new e-mail address on Convene",
    text:
      `Someone (hopefully you) asked to use this address for their Convene account.\n\n` +
      `Confirm it here:\n${link}\n\n` +
      `The link works once and expires on ${formatInZone(expiresAt, timeZone, { dateStyle: "full", timeStyle: "short" })}. If you did not ask for this, ignore this mail.\n`,
  };
}

export function emailChangeNoticeMail({ to, newEmail }: { to: string; newEmail: string }): Mail {
  return {
    to,
    subject: "Your Convene e-mail address is about to change",
    text:
      `A change of your Convene account's e-mail address to ${newEmail} was requested. It takes effect once confirmed ` +
      `from that address. If this was not you, change your password now.\n`,
  };
}
