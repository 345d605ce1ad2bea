/** The mail inviting someone into a team: the link is the only place the invitation's token ever appears. */
import { formatInZone } from "../time/zoned-dates";
import type { Mail } from "./mailer";

export type TeamInvitationLetter = {
  to: string;
  teamName: string;
  inviterName: string;
  role: string;
  link: string;
  expiresAt: Date;
  /** The zone the expiry is written in (the recipient's when known). */
  timeZone?: string;
  /** An invitation of an existing account (by user id): no sign-up on the way, and a way to say no. */
  isForAccount?: boolean;
};

export function teamInvitationMail({ to, teamName, inviterName, role, link, expiresAt, timeZone = "UTC", isForAccount = false }: TeamInvitationLetter): Mail {
  const inviter = inviterName.trim() || "A team owner";
  return {
    to,
    subject: `${inviter} invited you to join ${teamName} on Convene`,
    text:
      `${inviter} invited you to join the team "${teamName}" on Convene as ${role}.\n\n` +
      `Accept or decline the invitation here:\n${link}\n\n` +
      `The link works once and expires on ${formatInZone(expiresAt, timeZone, { dateStyle: "full", timeStyle: "short" })}. ` +
      (isForAccount
        ? `Until you accept, the team sees nothing of your account, calendar or availability.\n`
        : `If you do not have a Convene account yet, you can create one with this e-mail address on the way.\n`) +
      `If you were not expecting this, ignore this mail.\n`,
  };
}
