/**
 * Inviting someone into a team by e-mail: the invitation holds the SHA-256 of a 256-bit token that only the mailed
 * link carries. At most one pending invitation per team and address (a partial unique index on lower(email) where
 * acceptedAt is null): a live one is a 409, an expired one is replaced in the same transaction. Accepting is in
 * invitation-accept.ts.
 */
import { randomBytes } from "node:crypto";
import type { Actor } from "../auth/actor";
import { hashSecret } from "../auth/secrets";
import { db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { env } from "../env";
import { AppError } from "../errors";
import { queueMails } from "../mail/mail-queue";
import { teamInvitationMail } from "../mail/team-invitation-mail";
import { INVITATION_SELECT, toInvitationOutput } from "./invitation.dto";
import { invitationsManagedBy } from "./invitation-access";
import { ZInviteInput, type TInviteInput } from "./invitation.schemas";
import { assertOwnerPower } from "./membership.service";
import { ADMIN_ROLES } from "./team-access";
import { requireTeamRole } from "./team-roles";

/** How long a mailed link works. */
export const INVITATION_LIFETIME_DAYS = 7;
/** Pending (unexpired) invitations one team may have at once: a bound on the mail one admin can make Convene send. */
export const MAX_PENDING_INVITATIONS = 100;

const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN_PREFIX = "cnv_ti";

const pendingConflict = (email: string) =>
  new AppError("CONFLICT", `${email} already has a pending invitation to this team; revoke it to send a new one`, [
    { path: "body.email", message: "Already invited" },
  ]);

export const invitationLink = (token: string) => `${env().APP_URL.replace(/\/$/, "")}/teams/invitations/${token}`;

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

export async function inviteToTeam(actor: Actor, teamId: number, input: TInviteInput, now = new Date()) {
  const { email, role } = ZInviteInput.parse(input);
  const token = `${TOKEN_PREFIX}_${randomBytes(32).toString("base64url")}`;
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS);
  let created;
  try {
    created = await db.$transaction(async (tx) => {
      await requireTeamRole(actor, teamId, ADMIN_ROLES, tx);
      if (role === "OWNER") await assertOwnerPower(tx, actor, teamId, "invite an OWNER");
      const member = await tx.membership.findFirst({ where: { teamId, accepted: true, user: { email } }, select: { id: true } });
      if (member) throw new AppError("CONFLICT", `${email} is already a member of this team`, [{ path: "body.email", message: "Already a member" }]);
      const pending = await tx.teamInvitation.findFirst({ where: { teamId, email, acceptedAt: null }, select: { id: true, expiresAt: true } });
      if (pending && pending.expiresAt > now) throw pendingConflict(email);
      // An expired one still holds the one-pending index: it makes way for the new one, or neither happens.
      if (pending) await tx.teamInvitation.deleteMany({ where: { id: pending.id } });
      const live = await tx.teamInvitation.count({ where: { teamId, acceptedAt: null, expiresAt: { gt: now } } });
      if (live >= MAX_PENDING_INVITATIONS) {
        throw new AppError("CONFLICT", `This team already has ${MAX_PENDING_INVITATIONS} pending invitations; revoke some before inviting more`);
      }
      const invitation = await tx.teamInvitation.create({
        data: { teamId, email, role, tokenHash: hashSecret(token), expiresAt, invitedById: actor.userId },
        select: { ...INVITATION_SELECT, team: { select: { name: true } }, invitedBy: { select: { name: true, email: true } } },
      });
      // The mail commits with the invitation: no link for an invitation that rolled back, no invitation without its link.
      await queueMails(tx, [
        teamInvitationMail({
          to: email,
          teamName: invitation.team.name,
          inviterName: invitation.invitedBy?.name || invitation.invitedBy?.email || "",
          role,
          link: invitationLink(token),
          expiresAt,
        }),
      ]);
      return invitation;
    });
  } catch (error) {
    // Two invitations racing for one address: the index lets one in, the other is the same 409 as a sequential one.
    if (isUniqueViolation(error)) throw pendingConflict(email);
    throw error;
  }
  return toInvitationOutput(created);
}

/** The team's invitations not yet accepted, expired ones included (the page marks them), newest first. */
export async function listPendingInvitations(actor: Actor, teamId: number) {
  const rows = await db.teamInvitation.findMany({
    where: { AND: [{ teamId, acceptedAt: null }, invitationsManagedBy(actor)] },
    select: INVITATION_SELECT,
    orderBy: { id: "desc" },
    take: MAX_PENDING_INVITATIONS * 2,
  });
  return rows.map(toInvitationOutput);
}

/** Deletes a pending invitation, so its link stops working; an OWNER invitation is an owner's to revoke. */
export async function revokeInvitation(actor: Actor, teamId: number, invitationId: number) {
  return db.$transaction(async (tx) => {
    const row = await tx.teamInvitation.findFirst({
      where: { AND: [{ id: invitationId, teamId, acceptedAt: null }, invitationsManagedBy(actor)] },
      select: INVITATION_SELECT,
    });
    if (!row) throw new AppError("NOT_FOUND", "Invitation not found");
    if (row.role === "OWNER") await assertOwnerPower(tx, actor, teamId, "revoke an OWNER invitation");
    const { count } = await tx.teamInvitation.deleteMany({ where: { id: invitationId, acceptedAt: null } });
    if (count === 0) throw new AppError("CONFLICT", "The invitation was accepted meanwhile");
    return toInvitationOutput(row);
  });
}
