/**
 * Memberships of a team, for its owners and admins to write (checked here, so every door is held to it). Membership
 * is consent (membership-consent.ts): adding someone else invites them, and shows as a pending membership
 * (pending-membership.ts) until they accept. Rules of their own: only an OWNER grants the OWNER role or changes or
 * removes an owner's membership (an ADMIN cannot promote themselves past the people who can remove them), and a team
 * always keeps an accepted OWNER — the last one can neither leave nor be demoted (409).
 */
import type { Actor } from "../auth/actor";
import { db, type Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { AppError } from "../errors";
import type { TPaginationQuery } from "../http/pagination";
import type { TeamRole } from "../auth/permissions";
import { onMemberJoined, onMemberLeft } from "../event-types/team-member-sync";
import { forgetProfile } from "../me/me.service";
import { assertOrganizationRules, leaveOrganizationTeams } from "../organizations/organization-access";
import { asOpenConflict } from "./invitation.service";
import { consentRequired, speaksForUser } from "./membership-consent";
import { addMembership, assertOwnerPower, lockTeam } from "./membership-writes";
import {
  countPendingMemberships,
  findPendingMembership,
  invitePendingMember,
  listPendingMemberships,
  revokePendingMembership,
  toPendingOutput,
  updatePendingMembership,
} from "./pending-membership";
import { membershipsVisibleTo } from "./team-access";
import { MEMBERSHIP_SELECT, toMembershipOutput, type TMembershipOutput } from "./team.dto";
import { requirePermission } from "./team-roles";
import { ZCreateMembershipInput, ZUpdateMembershipInput, type TCreateMembershipInput, type TUpdateMembershipInput } from "./team.schemas";

type TMembershipChanges = ReturnType<typeof ZUpdateMembershipInput.parse>;

const membershipNotFound = () => new AppError("NOT_FOUND", "Membership not found");

const inTeam = (actor: Actor, teamId: number, membershipId?: number): Prisma.MembershipWhereInput => ({
  AND: [{ teamId, ...(membershipId ? { id: membershipId } : {}) }, membershipsVisibleTo(actor)],
});

/**
 * The team's memberships, then its pending ones (open invitations by id), as one paginated list. `pending: false`:
 * memberships only (the site lists pending ones with the team's invitations).
 */
export async function listMemberships(actor: Actor, teamId: number, page: TPaginationQuery, { pending = true } = {}) {
  return db.$transaction(async (tx) => {
    await requirePermission(actor, { teamId }, "membership.read", tx);
    const where = inTeam(actor, teamId);
    const rows = await tx.membership.findMany({ where, select: MEMBERSHIP_SELECT, orderBy: { id: "asc" }, skip: page.skip, take: page.take });
    const members = await tx.membership.count({ where });
    const invited = pending ? await countPendingMemberships(tx, actor, teamId) : 0;
    const items: TMembershipOutput[] = rows.map(toMembershipOutput);
    const room = page.take - items.length;
    if (room > 0 && invited > 0) items.push(...(await listPendingMemberships(tx, actor, teamId, Math.max(0, page.skip - members), room)));
    return { items, totalItems: members + invited };
  });
}

export async function getMembership(actor: Actor, teamId: number, membershipId: number) {
  await requirePermission(actor, { teamId }, "membership.read");
  const row = await db.membership.findFirst({ where: inTeam(actor, teamId, membershipId), select: MEMBERSHIP_SELECT });
  if (row) return toMembershipOutput(row);
  const pending = await findPendingMembership(db, actor, teamId, membershipId, false);
  if (!pending) throw membershipNotFound();
  return toPendingOutput(pending);
}

async function assertAnotherOwner(tx: Tx, teamId: number, membershipId: number, what: string) {
  const others = await tx.membership.count({ where: { teamId, role: "OWNER", accepted: true, id: { not: membershipId } } });
  if (others === 0) throw new AppError("CONFLICT", `The team's last owner cannot ${what}; make another member OWNER first`);
}

/**
 * Someone else: an invitation (refused with `accepted: true`, before anything is looked up, so the answer is the same
 * for every id). The actor themself (an organization's admin joining one of its teams) joins as asked.
 */
export async function createMembership(actor: Actor, teamId: number, input: TCreateMembershipInput) {
  const { userId, role, accepted } = ZCreateMembershipInput.parse(input);
  const result = await db
    .$transaction(async (tx) => {
      await requirePermission(actor, { teamId }, "membership.write", tx);
      await lockTeam(tx, teamId);
      if (!(await speaksForUser(tx, actor, teamId, userId))) {
        if (accepted) throw consentRequired();
        return { output: await invitePendingMember(tx, actor, teamId, userId, role) };
      }
      if (role === "OWNER") await assertOwnerPower(tx, actor, teamId, "add an OWNER");
      if (!(await tx.user.findUnique({ where: { id: userId }, select: { id: true } }))) {
        throw new AppError("NOT_FOUND", "User not found", [{ path: "body.userId", message: "No such user" }]);
      }
      return { output: toMembershipOutput(await addMembership(tx, { teamId, userId, role, accepted })), joined: userId };
    })
    .catch(asOpenConflict({ userId }));
  if (result.joined) await forgetProfile(result.joined);
  return result.output;
}

/** The update inside its transaction: a membership's row, or a pending one's output (or the membership its acceptance made). */
async function applyUpdate(tx: Tx, actor: Actor, teamId: number, membershipId: number, changes: TMembershipChanges) {
  const current = await tx.membership.findFirst({ where: inTeam(actor, teamId, membershipId), select: { role: true, accepted: true, userId: true } });
  if (!current) {
    const pending = await findPendingMembership(tx, actor, teamId, membershipId, true);
    if (!pending) throw membershipNotFound();
    const joined = await updatePendingMembership(tx, actor, pending, changes);
    return joined ? { row: joined } : { output: toPendingOutput({ ...pending, role: changes.role ?? pending.role }) };
  }
  // Accepting is the member's own act: an admin may suspend a membership (accepted: false), never start one.
  if (changes.accepted && !current.accepted && !(await speaksForUser(tx, actor, teamId, current.userId))) throw consentRequired();
  const role: TeamRole = changes.role ?? current.role;
  if (current.role === "OWNER" || role === "OWNER") await assertOwnerPower(tx, actor, teamId, "grant or change the OWNER role");
  const losesOwnership = current.role === "OWNER" && current.accepted && (role !== "OWNER" || changes.accepted === false);
  if (losesOwnership) await assertAnotherOwner(tx, teamId, membershipId, "be demoted");
  if (changes.accepted && !current.accepted) await assertOrganizationRules(tx, teamId, current.userId);
  const updated = await tx.membership.update({ where: { id: membershipId }, data: changes, select: MEMBERSHIP_SELECT });
  if (updated.accepted !== current.accepted) await (updated.accepted ? onMemberJoined : onMemberLeft)(tx, teamId, updated.userId);
  if (current.accepted && !updated.accepted) await leaveOrganizationTeams(tx, teamId, updated.userId);
  return { row: updated };
}

export async function updateMembership(actor: Actor, teamId: number, membershipId: number, input: TUpdateMembershipInput) {
  const changes = ZUpdateMembershipInput.parse(input);
  const result = await db.$transaction(async (tx) => {
    await requirePermission(actor, { teamId }, "membership.write", tx);
    await lockTeam(tx, teamId);
    return applyUpdate(tx, actor, teamId, membershipId, changes);
  });
  if ("output" in result) return result.output;
  await forgetProfile(result.row.userId);
  return toMembershipOutput(result.row);
}

export async function deleteMembership(actor: Actor, teamId: number, membershipId: number) {
  const row = await db.$transaction(async (tx) => {
    await requirePermission(actor, { teamId }, "membership.write", tx);
    await lockTeam(tx, teamId);
    const current = await tx.membership.findFirst({ where: inTeam(actor, teamId, membershipId), select: MEMBERSHIP_SELECT });
    if (!current) {
      const pending = await findPendingMembership(tx, actor, teamId, membershipId, true);
      if (!pending) throw membershipNotFound();
      return { pending: await revokePendingMembership(tx, actor, pending) };
    }
    if (current.role === "OWNER") {
      await assertOwnerPower(tx, actor, teamId, "remove an OWNER");
      if (current.accepted) await assertAnotherOwner(tx, teamId, membershipId, "leave the team");
    }
    await tx.membership.delete({ where: { id: membershipId } });
    if (current.accepted) await onMemberLeft(tx, teamId, current.userId);
    if (current.accepted) await leaveOrganizationTeams(tx, teamId, current.userId);
    return current;
  });
  if ("pending" in row) return row.pending;
  await forgetProfile(row.userId);
  return toMembershipOutput(row);
}
