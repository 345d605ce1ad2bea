/**
 * The invitee's side: what a link shows, accepting and declining it. The token is looked up by its SHA-256 (the
 * database never compares attacker-chosen bytes with a stored secret). Answering is single use: a conditional update
 * sets acceptedAt (in the transaction that creates the membership) or declinedAt, so two clicks make one answer.
 * Only the invitee answers: the account the invitation names by id, or the account with the invited address.
 */
import type { Actor } from "../auth/actor";
import { hashSecret } from "../auth/secrets";
import { db, type Tx } from "../db/client";
import { AppError } from "../errors";
import type { TeamRole } from "../auth/permissions";
import { forgetProfile } from "../me/me.service";
import { ZInvitationToken } from "./invitation.schemas";
import { addMembership, lockTeam } from "./membership-writes";

export type TInvitationState = "PENDING" | "EXPIRED" | "USED" | "DECLINED";

export type TInvitationView = {
  state: TInvitationState;
  /** The invited address; null for an invitation of an account by its id. */
  email: string | null;
  /** The invited account; null for an invitation by address. */
  userId: number | null;
  role: TeamRole;
  expiresAt: Date;
  team: { id: number; name: string; slug: string };
  inviterName: string | null;
};

const VIEW_SELECT = {
  id: true,
  email: true,
  userId: true,
  role: true,
  expiresAt: true,
  acceptedAt: true,
  declinedAt: true,
  team: { select: { id: true, name: true, slug: true } },
  invitedBy: { select: { name: true } },
} as const;

type InvitationRow = {
  id: number;
  email: string | null;
  userId: number | null;
  role: TeamRole;
  expiresAt: Date;
  acceptedAt: Date | null;
  declinedAt: Date | null;
  team: { id: number };
};

const stateOf = (row: { acceptedAt: Date | null; declinedAt: Date | null; expiresAt: Date }, now: Date): TInvitationState =>
  row.acceptedAt ? "USED" : row.declinedAt ? "DECLINED" : row.expiresAt <= now ? "EXPIRED" : "PENDING";

const tokenHashOf = (token: string) => (ZInvitationToken.safeParse(token).success ? hashSecret(token) : null);

/** Whether `user` is the one the invitation names. */
export const isInvitee = (invitation: { email: string | null; userId: number | null }, user: { id: number; email: string }) =>
  invitation.userId !== null ? invitation.userId === user.id : invitation.email?.toLowerCase() === user.email.toLowerCase();

/** What the invitation page shows for a link; null for a link that names no invitation (malformed, revoked, unknown). */
export async function findInvitation(token: string, now = new Date()): Promise<TInvitationView | null> {
  const tokenHash = tokenHashOf(token);
  if (!tokenHash) return null;
  const row = await db.teamInvitation.findUnique({ where: { tokenHash }, select: VIEW_SELECT });
  if (!row) return null;
  return {
    state: stateOf(row, now),
    email: row.email,
    userId: row.userId,
    role: row.role,
    expiresAt: row.expiresAt,
    team: row.team,
    inviterName: row.invitedBy?.name ?? null,
  };
}

/** The invitation behind `token`, when the actor is its invitee: 404 for an unknown link, 403 for someone else. */
async function invitationOfInvitee(tx: Tx, actor: Actor, token: string): Promise<InvitationRow> {
  const tokenHash = tokenHashOf(token);
  const invitation = tokenHash ? await tx.teamInvitation.findUnique({ where: { tokenHash }, select: VIEW_SELECT }) : null;
  if (!invitation) throw new AppError("NOT_FOUND", "This invitation link is not valid: it may have been revoked, or mistyped");
  const user = await tx.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { id: true, email: true } });
  if (isInvitee(invitation, user)) return invitation;
  // An invitation by id never names its account's address: the link may have been passed on.
  if (invitation.email === null) throw new AppError("FORBIDDEN", "This invitation was sent to another Convene account; log in as that account to answer it");
  throw new AppError("FORBIDDEN", `This invitation was sent to ${invitation.email}; you are signed in as ${user.email}`, { invitedEmail: invitation.email });
}

/** Claims the invitation for an answer, or says why it can no longer be answered (409). */
async function answer(tx: Tx, invitation: InvitationRow, data: { acceptedAt: Date; acceptedById: number } | { declinedAt: Date }, now: Date) {
  const { count } = await tx.teamInvitation.updateMany({ where: { id: invitation.id, acceptedAt: null, declinedAt: null, expiresAt: { gt: now } }, data });
  if (count > 0) return;
  const state = stateOf(invitation, now);
  throw new AppError(
    "CONFLICT",
    state === "DECLINED"
      ? "This invitation has been declined; ask the team for a new one"
      : state === "EXPIRED"
        ? "This invitation has expired; ask the team for a new one"
        : "This invitation has already been used",
  );
}

/**
 * Makes `userId` (the invitee, checked by the caller) a member with the invitation's role, in the caller's transaction.
 * A membership added without acceptance before consent was required is superseded; an accepted one is a 409.
 */
export async function joinByInvitation(tx: Tx, invitation: InvitationRow, userId: number, now: Date) {
  const teamId = invitation.team.id;
  // The team's lock before the invitation's row, in the order a revocation takes them, so the two never deadlock.
  await lockTeam(tx, teamId);
  await answer(tx, invitation, { acceptedAt: now, acceptedById: userId }, now);
  const existing = await tx.membership.findUnique({ where: { teamId_userId: { teamId, userId } }, select: { id: true, accepted: true } });
  if (existing?.accepted) throw new AppError("CONFLICT", "You are already a member of this team");
  if (existing) await tx.membership.delete({ where: { id: existing.id } });
  const id = invitation.userId === null ? undefined : invitation.id;
  return addMembership(tx, { id, teamId, userId, role: invitation.role, accepted: true });
}

export async function acceptInvitation(actor: Actor, token: string, now = new Date()): Promise<{ teamId: number; role: TeamRole }> {
  const accepted = await db.$transaction(async (tx) => {
    const invitation = await invitationOfInvitee(tx, actor, token);
    await joinByInvitation(tx, invitation, actor.userId, now);
    return { teamId: invitation.team.id, role: invitation.role };
  });
  await forgetProfile(actor.userId); // /v2/me lists the team
  return accepted;
}

/** The invitee says no: the link stops working, nothing is granted, and the team sees the invitation as declined. */
export async function declineInvitation(actor: Actor, token: string, now = new Date()): Promise<{ teamId: number }> {
  return db.$transaction(async (tx) => {
    const invitation = await invitationOfInvitee(tx, actor, token);
    await answer(tx, invitation, { declinedAt: now }, now);
    return { teamId: invitation.team.id };
  });
}
