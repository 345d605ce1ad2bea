/**
 * Memberships of a team. Routes have checked the actor's role (OWNER/ADMIN to write). Two rules of their own:
 * only an OWNER grants the OWNER role or changes or removes an owner's membership (an ADMIN cannot promote
 * themselves past the people who can remove them), and a team always keeps an accepted OWNER — the last one can
 * neither leave nor be demoted (409).
 */
import type { Actor } from "../auth/actor";
import { db, type Tx } from "../db/client";
import { Prisma } from "../db/generated/client";
import { AppError } from "../errors";
import type { TPaginationQuery } from "../http/pagination";
import type { TeamRole } from "../http/route-definition";
import { onMemberJoined, onMemberLeft } from "../event-types/team-member-sync";
import { forgetProfile } from "../me/me.service";
import { membershipsVisibleTo } from "./team-access";
import { MEMBERSHIP_SELECT, toMembershipOutput } from "./team.dto";
import { teamRoleOf } from "./team-roles";
import { ZCreateMembershipInput, ZUpdateMembershipInput, type TCreateMembershipInput, type TUpdateMembershipInput } from "./team.schemas";

const membershipNotFound = () => new AppError("NOT_FOUND", "Membership not found");

const inTeam = (actor: Actor, teamId: number, membershipId?: number): Prisma.MembershipWhereInput => ({
  AND: [{ teamId, ...(membershipId ? { id: membershipId } : {}) }, membershipsVisibleTo(actor)],
});

export async function listMemberships(actor: Actor, teamId: number, page: TPaginationQuery) {
  const where = inTeam(actor, teamId);
  const [items, totalItems] = await db.$transaction([
    db.membership.findMany({ where, select: MEMBERSHIP_SELECT, orderBy: { id: "asc" }, skip: page.skip, take: page.take }),
    db.membership.count({ where }),
  ]);
  return { items: items.map(toMembershipOutput), totalItems };
}

export async function getMembership(actor: Actor, teamId: number, membershipId: number) {
  const row = await db.membership.findFirst({ where: inTeam(actor, teamId, membershipId), select: MEMBERSHIP_SELECT });
  if (!row) throw membershipNotFound();
  return toMembershipOutput(row);
}

/** Serialises membership changes of one team, so two demotions cannot each see the other owner still there. */
export const lockTeam = (tx: Tx, teamId: number) => tx.$queryRaw`SELECT id FROM "Team" WHERE id = ${teamId} FOR UPDATE`;

export async function assertOwnerPower(tx: Tx, actor: Actor, teamId: number, what: string) {
  if ((await teamRoleOf(actor, teamId, tx)) !== "OWNER") throw new AppError("FORBIDDEN", `Only a team OWNER can ${what}`, { requiredRoles: ["OWNER"] });
}

async function assertAnotherOwner(tx: Tx, teamId: number, membershipId: number, what: string) {
  const others = await tx.membership.count({ where: { teamId, role: "OWNER", accepted: true, id: { not: membershipId } } });
  if (others === 0) throw new AppError("CONFLICT", `The team's last owner cannot ${what}; make another member OWNER first`);
}

/**
 * The one way a membership comes to be (the API's create and an accepted invitation alike), inside the caller's
 * transaction: whatever must follow a new member (e.g. joining event types that assign every member) hooks here.
 * A duplicate (teamId, userId) is a 409.
 */
export async function addMembership(tx: Tx, { teamId, userId, role, accepted = true }: { teamId: number; userId: number; role: TeamRole; accepted?: boolean }) {
  const created = await tx.membership.create({ data: { teamId, userId, role, accepted }, select: MEMBERSHIP_SELECT }).catch((error: unknown) => {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("CONFLICT", "This user is already a member of the team", [{ path: "body.userId", message: "Already a member" }]);
    }
    throw error;
  });
  // Callers hold the team's row lock (lockTeam), as the sync requires.
  if (accepted) await onMemberJoined(tx, teamId, userId);
  return created;
}

export async function createMembership(actor: Actor, teamId: number, input: TCreateMembershipInput) {
  const { userId, role, accepted } = ZCreateMembershipInput.parse(input);
  const row = await db.$transaction(async (tx) => {
    await lockTeam(tx, teamId);
    if (role === "OWNER") await assertOwnerPower(tx, actor, teamId, "add an OWNER");
    if (!(await tx.user.findUnique({ where: { id: userId }, select: { id: true } }))) {
      throw new AppError("NOT_FOUND", "User not found", [{ path: "body.userId", message: "No such user" }]);
    }
    return addMembership(tx, { teamId, userId, role, accepted });
  });
  forgetProfile(userId);
  return toMembershipOutput(row);
}

export async function updateMembership(actor: Actor, teamId: number, membershipId: number, input: TUpdateMembershipInput) {
  const changes = ZUpdateMembershipInput.parse(input);
  const row = await db.$transaction(async (tx) => {
    await lockTeam(tx, teamId);
    const current = await tx.membership.findFirst({ where: inTeam(actor, teamId, membershipId), select: { role: true, accepted: true } });
    if (!current) throw membershipNotFound();
    const role: TeamRole = changes.role ?? current.role;
    if (current.role === "OWNER" || role === "OWNER") await assertOwnerPower(tx, actor, teamId, "grant or change the OWNER role");
    const losesOwnership = current.role === "OWNER" && current.accepted && (role !== "OWNER" || changes.accepted === false);
    if (losesOwnership) await assertAnotherOwner(tx, teamId, membershipId, "be demoted");
    const updated = await tx.membership.update({ where: { id: membershipId }, data: changes, select: MEMBERSHIP_SELECT });
    if (updated.accepted !== current.accepted) await (updated.accepted ? onMemberJoined : onMemberLeft)(tx, teamId, updated.userId);
    return updated;
  });
  forgetProfile(row.userId);
  return toMembershipOutput(row);
}

export async function deleteMembership(actor: Actor, teamId: number, membershipId: number) {
  const row = await db.$transaction(async (tx) => {
    await lockTeam(tx, teamId);
    const current = await tx.membership.findFirst({ where: inTeam(actor, teamId, membershipId), select: MEMBERSHIP_SELECT });
    if (!current) throw membershipNotFound();
    if (current.role === "OWNER") {
      await assertOwnerPower(tx, actor, teamId, "remove an OWNER");
      if (current.accepted) await assertAnotherOwner(tx, teamId, membershipId, "leave the team");
    }
    await tx.membership.delete({ where: { id: membershipId } });
    if (current.accepted) await onMemberLeft(tx, teamId, current.userId);
    return current;
  });
  forgetProfile(row.userId);
  return toMembershipOutput(row);
}
