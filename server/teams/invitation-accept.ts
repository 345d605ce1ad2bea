/**
 * The invitee's side: what a link shows, and accepting it. The token is looked up by its SHA-256 (the database never
 * compares attacker-chosen bytes with a stored secret). Accepting is single use: a conditional update sets
 * acceptedAt in the transaction that creates the membership, so two clicks (or two tabs) make one membership.
 */
import type { Actor } from "../auth/actor";
import { hashSecret } from "../auth/secrets";
import { db } from "../db/client";
import { AppError } from "../errors";
import type { TeamRole } from "../http/route-definition";
import { forgetProfile } from "../me/me.service";
import { ZInvitationToken } from "./invitation.schemas";
import { addMembership, lockTeam } from "./membership.service";

export type TInvitationState = "PENDING" | "EXPIRED" | "USED";

export type TInvitationView = {
  state: TInvitationState;
  email: string;
  role: TeamRole;
  expiresAt: Date;
  team: { id: number; name: string; slug: string };
  inviterName: string | null;
};

const VIEW_SELECT = {
  id: true,
  email: true,
  role: true,
  expiresAt: true,
  acceptedAt: true,
  team: { select: { id: true, name: true, slug: true } },
  invitedBy: { select: { name: true } },
} as const;

const stateOf = (row: { acceptedAt: Date | null; expiresAt: Date }, now: Date): TInvitationState =>
  row.acceptedAt ? "USED" : row.expiresAt <= now ? "EXPIRED" : "PENDING";

const tokenHashOf = (token: string) => (ZInvitationToken.safeParse(token).success ? hashSecret(token) : null);

/** What the invitation page shows for a link; null for a link that names no invitation (malformed, revoked, unknown). */
export async function findInvitation(token: string, now = new Date()): Promise<TInvitationView | null> {
  const tokenHash = tokenHashOf(token);
  if (!tokenHash) return null;
  const row = await db.teamInvitation.findUnique({ where: { tokenHash }, select: VIEW_SELECT });
  if (!row) return null;
  return { state: stateOf(row, now), email: row.email, role: row.role, expiresAt: row.expiresAt, team: row.team, inviterName: row.invitedBy?.name ?? null };
}

/**
 * Makes the signed-in actor a member with the invitation's role, when their account's e-mail is the invited one.
 * A membership the API added without acceptance is superseded by the invitation; an accepted one is a 409.
 */
export async function acceptInvitation(actor: Actor, token: string, now = new Date()): Promise<{ teamId: number; role: TeamRole }> {
  const tokenHash = tokenHashOf(token);
  const invitationGone = new AppError("NOT_FOUND", "This invitation link is not valid: it may have been revoked, or mistyped");
  if (!tokenHash) throw invitationGone;
  const accepted = await db.$transaction(async (tx) => {
    const invitation = await tx.teamInvitation.findUnique({ where: { tokenHash }, select: VIEW_SELECT });
    if (!invitation) throw invitationGone;
    const user = await tx.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { email: true } });
    if (user.email.toLowerCase() !== invitation.email.toLowerCase()) {
      throw new AppError("FORBIDDEN", `This invitation was sent to ${invitation.email}; you are signed in as ${user.email}`, {
        invitedEmail: invitation.email,
      });
    }
    const { count } = await tx.teamInvitation.updateMany({
      where: { id: invitation.id, acceptedAt: null, expiresAt: { gt: now } },
      data: { acceptedAt: now, acceptedById: actor.userId },
    });
    if (count === 0) {
      throw invitation.expiresAt <= now
        ? new AppError("CONFLICT", "This invitation has expired; ask the team for a new one")
        : new AppError("CONFLICT", "This invitation has already been used");
    }
    const teamId = invitation.team.id;
    await lockTeam(tx, teamId);
    const existing = await tx.membership.findUnique({ where: { teamId_userId: { teamId, userId: actor.userId } }, select: { id: true, accepted: true } });
    if (existing?.accepted) throw new AppError("CONFLICT", "You are already a member of this team");
    if (existing) await tx.membership.delete({ where: { id: existing.id } });
    await addMembership(tx, { teamId, userId: actor.userId, role: invitation.role, accepted: true });
    return { teamId, role: invitation.role };
  });
  forgetProfile(actor.userId); // /v2/me lists the team
  return accepted;
}
