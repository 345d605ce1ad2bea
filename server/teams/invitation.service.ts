/**
 * Invitations into a team, by e-mail (POST /v2/teams/{teamId}/invite, "Invite someone" in the site) or by user id
 * (POST /v2/teams/{teamId}/memberships for someone else: membership is consent, so adding a member invites them;
 * pending-membership.ts shows such an invitation as a pending membership). The invitation holds the SHA-256 of a
 * 256-bit token that only the mailed link carries. At most one open invitation per team and address, and per team
 * and user id (partial unique indexes where acceptedAt is null): a live one is a 409, an expired one is replaced in
 * the same transaction. Accepting and declining are in invitation-accept.ts.
 */
import { randomBytes } from "node:crypto";
import type { Actor } from "../auth/actor";
import { hashSecret } from "../auth/secrets";
import { db, type Tx } from "../db/client";
import { Prisma } from "../db/generated/client";
import { env } from "../env";
import { AppError } from "../errors";
import type { TeamRole } from "../auth/permissions";
import { queueMails } from "../mail/mail-queue";
import { teamInvitationMail } from "../mail/team-invitation-mail";
import { INVITATION_SELECT, toInvitationListing, toInvitationOutput } from "./invitation.dto";
import { invitationsManagedBy } from "./invitation-access";
import { ZInviteInput, type TInviteInput } from "./invitation.schemas";
import { assertOwnerPower } from "./membership-writes";
import { requirePermission } from "./team-roles";

/** How long a mailed link works. */
export const INVITATION_LIFETIME_DAYS = 7;
/** Open (unexpired) invitations one team may have at once: a bound on the mail one admin can make Convene send. */
export const MAX_PENDING_INVITATIONS = 100;

const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN_PREFIX = "cnv_ti";

/** Who is invited: an address, or an account named by its id (which may name nobody: see openInvitation). */
export type TInvitee = { email: string } | { userId: number };

const inviteeField = (invitee: TInvitee) => ("email" in invitee ? "body.email" : "body.userId");
const describe = (invitee: TInvitee) => ("email" in invitee ? invitee.email : "This user");

const openConflict = (invitee: TInvitee, declined: boolean) =>
  declined
    ? new AppError("CONFLICT", `${describe(invitee)} declined an invitation to this team; revoke it to invite them again`, [
        { path: inviteeField(invitee), message: "Declined" },
      ])
    : new AppError("CONFLICT", `${describe(invitee)} already has a pending invitation to this team; revoke it to send a new one`, [
        { path: inviteeField(invitee), message: "Already invited" },
      ]);

export const invitationLink = (token: string) => `${env().APP_URL.replace(/\/$/, "")}/teams/invitations/${token}`;

export const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/** A unique-index race (two invitations for one invitee at once) answered as the sequential 409 would be. */
export const asOpenConflict = (invitee: TInvitee) => (error: unknown) => {
  throw isUniqueViolation(error) ? openConflict(invitee, false) : error;
};

async function assertNotMember(tx: Tx, teamId: number, invitee: TInvitee) {
  const where = "email" in invitee ? { teamId, accepted: true, user: { email: invitee.email } } : { teamId, userId: invitee.userId };
  if (await tx.membership.findFirst({ where, select: { id: true } })) {
    throw new AppError("CONFLICT", `${describe(invitee)} is already a member of this team`, [{ path: inviteeField(invitee), message: "Already a member" }]);
  }
}

/** Where the link goes: the address, or the account's current one. An id that names nobody gets no mail. */
async function recipientOf(tx: Tx, invitee: TInvitee): Promise<string | null> {
  if ("email" in invitee) return invitee.email;
  return (await tx.user.findUnique({ where: { id: invitee.userId }, select: { email: true } }))?.email ?? null;
}

/**
 * Opens an invitation and queues its mail, in the caller's transaction (whose caller has checked the actor's role).
 * An invitation by id is stored, listed and answered the same whether or not the id names an account, so an outsider
 * with a team of their own cannot tell which ids exist; only the mail (which the inviter never sees) differs.
 */
export async function openInvitation(tx: Tx, actor: Actor, teamId: number, invitee: TInvitee, role: TeamRole, now = new Date()) {
  if (role === "OWNER") await assertOwnerPower(tx, actor, teamId, "invite an OWNER");
  await assertNotMember(tx, teamId, invitee);
  const open = await tx.teamInvitation.findFirst({ where: { teamId, ...invitee, acceptedAt: null }, select: { id: true, expiresAt: true, declinedAt: true } });
  if (open && open.expiresAt > now) throw openConflict(invitee, open.declinedAt !== null);
  // An expired one still holds the one-open index: it makes way for the new one, or neither happens.
  if (open) await tx.teamInvitation.deleteMany({ where: { id: open.id } });
  const live = await tx.teamInvitation.count({ where: { teamId, acceptedAt: null, expiresAt: { gt: now } } });
  if (live >= MAX_PENDING_INVITATIONS) {
    throw new AppError("CONFLICT", `This team already has ${MAX_PENDING_INVITATIONS} pending invitations; revoke some before inviting more`);
  }
  const token = `${TOKEN_PREFIX}_${randomBytes(32).toString("base64url")}`;
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS);
  const invitation = await tx.teamInvitation.create({
    data: { teamId, ...invitee, role, tokenHash: hashSecret(token), expiresAt, invitedById: actor.userId },
    select: { ...INVITATION_SELECT, team: { select: { name: true } }, invitedBy: { select: { name: true, email: true } } },
  });
  const to = await recipientOf(tx, invitee);
  // The mail commits with the invitation: no link for an invitation that rolled back, no invitation without its link.
  if (to) {
    const inviterName = invitation.invitedBy?.name || invitation.invitedBy?.email || "";
    const isForAccount = "userId" in invitee;
    await queueMails(tx, [teamInvitationMail({ to, teamName: invitation.team.name, inviterName, role, link: invitationLink(token), expiresAt, isForAccount })]);
  }
  return { ...invitation, token };
}

export async function inviteToTeam(actor: Actor, teamId: number, input: TInviteInput, now = new Date()) {
  const { output } = await openEmailInvitation(actor, teamId, input, now);
  return output;
}

/**
 * The peer's organization-team invite answers the link too (`token`, `inviteLink`), shown once to the admin who made
 * it so they can hand it over themselves; only its hash is stored, and accepting it still needs the invited account.
 */
export async function inviteToTeamWithLink(actor: Actor, teamId: number, input: TInviteInput, now = new Date()) {
  const { output, token } = await openEmailInvitation(actor, teamId, input, now);
  return { ...output, token, inviteLink: invitationLink(token) };
}

async function openEmailInvitation(actor: Actor, teamId: number, input: TInviteInput, now: Date) {
  const { email, role } = ZInviteInput.parse(input);
  const { token, ...created } = await db
    .$transaction(async (tx) => {
      await requirePermission(actor, { teamId }, "membership.write", tx);
      return openInvitation(tx, actor, teamId, { email }, role, now);
    })
    .catch(asOpenConflict({ email }));
  return { output: toInvitationOutput({ ...created, email }), token };
}

/** The team's invitations not yet accepted, expired and declined ones included (the page marks them), newest first. */
export async function listPendingInvitations(actor: Actor, teamId: number) {
  await requirePermission(actor, { teamId }, "membership.write");
  const rows = await db.teamInvitation.findMany({
    where: { AND: [{ teamId, acceptedAt: null }, invitationsManagedBy(actor)] },
    select: INVITATION_SELECT,
    orderBy: { id: "desc" },
    take: MAX_PENDING_INVITATIONS * 2,
  });
  return rows.map(toInvitationListing);
}

/** Deletes an open invitation, so its link stops working; an OWNER invitation is an owner's to revoke. */
export async function revokeInvitation(actor: Actor, teamId: number, invitationId: number) {
  return db.$transaction(async (tx) => {
    await requirePermission(actor, { teamId }, "membership.write", tx);
    const row = await tx.teamInvitation.findFirst({
      where: { AND: [{ id: invitationId, teamId, acceptedAt: null }, invitationsManagedBy(actor)] },
      select: INVITATION_SELECT,
    });
    if (!row) throw new AppError("NOT_FOUND", "Invitation not found");
    if (row.role === "OWNER") await assertOwnerPower(tx, actor, teamId, "revoke an OWNER invitation");
    const { count } = await tx.teamInvitation.deleteMany({ where: { id: invitationId, acceptedAt: null } });
    if (count === 0) throw new AppError("CONFLICT", "The invitation was accepted meanwhile");
    return toInvitationListing(row);
  });
}
