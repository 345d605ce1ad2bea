/**
 * Open invitations by user id, as the /v2 membership routes show them: pending memberships (accepted: false) whose
 * id is the invitation's, and which the acceptance turns into the membership with that same id. They grant nothing
 * (no Membership row exists until the user accepts), and show only what the inviter supplied: an id that names
 * nobody is stored and answered exactly like one that does, so the routes cannot be used to walk the ids.
 */
import type { Actor } from "../auth/actor";
import type { Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { AppError } from "../errors";
import type { TeamRole } from "../auth/permissions";
import { joinByInvitation } from "./invitation-accept";
import { invitationsManagedBy } from "./invitation-access";
import { openInvitation } from "./invitation.service";
import { consentRequired, speaksForUser } from "./membership-consent";
import { assertOwnerPower } from "./membership-writes";
import { teamsVisibleTo } from "./team-access";
import { pendingMembershipOutput } from "./team.dto";

const PENDING_SELECT = {
  id: true,
  teamId: true,
  userId: true,
  email: true,
  role: true,
  expiresAt: true,
  acceptedAt: true,
  declinedAt: true,
  team: { select: { id: true } },
} as const;

type PendingRow = Prisma.TeamInvitationGetPayload<{ select: typeof PENDING_SELECT }> & { userId: number };

const openById = (teamId: number, id?: number): Prisma.TeamInvitationWhereInput => ({ teamId, ...(id ? { id } : {}), userId: { not: null }, acceptedAt: null });

/** Seen by whoever sees the team's memberships; changed by its owners and admins, as invitations are. */
const visible = (actor: Actor, teamId: number, id?: number): Prisma.TeamInvitationWhereInput => ({
  AND: [openById(teamId, id), { team: teamsVisibleTo(actor) }],
});
const managed = (actor: Actor, teamId: number, id?: number): Prisma.TeamInvitationWhereInput => ({ AND: [openById(teamId, id), invitationsManagedBy(actor)] });

export const toPendingOutput = (row: { id: number; teamId: number; userId: number | null; role: TeamRole }) =>
  pendingMembershipOutput({ ...row, userId: row.userId! });

export async function countPendingMemberships(tx: Tx, actor: Actor, teamId: number) {
  return tx.teamInvitation.count({ where: visible(actor, teamId) });
}

export async function listPendingMemberships(tx: Tx, actor: Actor, teamId: number, skip: number, take: number) {
  const rows = await tx.teamInvitation.findMany({ where: visible(actor, teamId), select: PENDING_SELECT, orderBy: { id: "asc" }, skip, take });
  return rows.map(toPendingOutput);
}

export async function findPendingMembership(tx: Tx, actor: Actor, teamId: number, id: number, forWrite: boolean): Promise<PendingRow | null> {
  const row = await tx.teamInvitation.findFirst({ where: forWrite ? managed(actor, teamId, id) : visible(actor, teamId, id), select: PENDING_SELECT });
  return row as PendingRow | null;
}

/** POST …/memberships for someone else: an invitation by id, mailed to the account when there is one. */
export async function invitePendingMember(tx: Tx, actor: Actor, teamId: number, userId: number, role: TeamRole) {
  const opened = await openInvitation(tx, actor, teamId, { userId }, role);
  // The secret went out in the invitee's mail; a membership answer never carries it.
  return toPendingOutput({ id: opened.id, teamId: opened.teamId, userId: opened.userId, role: opened.role });
}

/**
 * PATCH …/memberships/{id} of a pending one: the role it offers may change (an OWNER's to offer or take back), and
 * `accepted: true` is the user's own answer — anyone else is refused. The user accepting here joins as on the page.
 */
export async function updatePendingMembership(tx: Tx, actor: Actor, row: PendingRow, changes: { accepted?: boolean; role?: TeamRole }) {
  if (changes.accepted && !(await speaksForUser(tx, actor, row.teamId, row.userId))) throw consentRequired();
  if (changes.role && (changes.role === "OWNER" || row.role === "OWNER")) await assertOwnerPower(tx, actor, row.teamId, "grant or change the OWNER role");
  const role = changes.role ?? row.role;
  if (changes.role) await tx.teamInvitation.update({ where: { id: row.id }, data: { role } });
  return changes.accepted ? joinByInvitation(tx, { ...row, role }, row.userId, new Date()) : null;
}

/** DELETE …/memberships/{id} of a pending one revokes the invitation; an OWNER invitation is an owner's to revoke. */
export async function revokePendingMembership(tx: Tx, actor: Actor, row: PendingRow) {
  if (row.role === "OWNER") await assertOwnerPower(tx, actor, row.teamId, "revoke an OWNER invitation");
  const { count } = await tx.teamInvitation.deleteMany({ where: { id: row.id, acceptedAt: null } });
  if (count === 0) throw new AppError("CONFLICT", "The invitation was accepted meanwhile");
  return toPendingOutput(row);
}
