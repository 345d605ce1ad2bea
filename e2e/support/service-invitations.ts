/**
 * For service tests (vitest, no SMTP_URL): the link an invitation mailed, and a user joining a team the only way there
 * is — invited by an owner or admin, then accepting with the mailed link.
 */
import { sessionActor, type Actor } from "../../server/auth/actor";
import { db } from "../../server/db/client";
import { runPendingJobs } from "../../server/jobs/workers";
import { acceptInvitation, joinByInvitation } from "../../server/teams/invitation-accept";
import { createMembership } from "../../server/teams/membership.service";
import type { TeamRole } from "../../server/auth/permissions";

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

/**
 * For HTTP fixtures whose subject is not the invitation itself: the user answers yes to the open invitation by id
 * that the API made (POST …/memberships), in this process, through the same step the invitation page runs.
 */
export async function acceptPendingMembership(teamId: number, userId: number) {
  const invitation = await db.teamInvitation.findFirstOrThrow({
    where: { teamId, userId, acceptedAt: null },
    select: { id: true, email: true, userId: true, role: true, expiresAt: true, acceptedAt: true, declinedAt: true, team: { select: { id: true } } },
  });
  return db.$transaction((tx) => joinByInvitation(tx, invitation, userId, new Date()));
}
