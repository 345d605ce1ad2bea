/**
 * For service tests (vitest, no SMTP_URL): the link an invitation mailed, and a user joining a team the only way there
 * is — invited by an owner or admin, then accepting with the mailed link.
 */
import { sessionActor, type Actor } from "../../server/auth/actor";
import { db } from "../../server/db/client";
import { runPendingJobs } from "../../server/jobs/workers";
import { acceptInvitation } from "../../server/teams/invitation-accept";
import { createMembership } from "../../server/teams/membership.service";
import type { TeamRole } from "../../server/http/route-definition";

/** The token from the link in the newest invitation mail to `email`, once the queued mails were sent (to OutboxMail). */
export async function tokenMailedTo(email: string): Promise<string> {
  await runPendingJobs();
  const mail = await db.outboxMail.findFirst({ where: { to: email }, orderBy: { id: "desc" } });
  const token = /\/teams\/invitations\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no invitation link mailed to ${email}`);
  return token;
}

/** `inviter` adds `user` to the team (an invitation by id), and the user accepts it: an accepted membership. */
export async function joinTeam(inviter: Actor, teamId: number, user: { id: number; email: string }, role: TeamRole = "MEMBER") {
  const pending = await createMembership(inviter, teamId, { userId: user.id, role });
  await acceptInvitation(sessionActor(user.id), await tokenMailedTo(user.email));
  return pending;
}
