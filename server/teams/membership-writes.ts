/**
 * The steps every membership write shares (the membership routes, invitations, their acceptance), inside the caller's
 * transaction. Two rules live here: only an OWNER grants the OWNER role or touches an owner's membership, and a
 * membership is created in one place only, so whatever follows a new member happens for each way in.
 */
import type { Actor } from "../auth/actor";
import type { Tx } from "../db/client";
import { Prisma } from "../db/generated/client";
import { AppError } from "../errors";
import type { TeamRole } from "../auth/permissions";
import { onMemberJoined } from "../event-types/team-member-sync";
import { assertOrganizationRules } from "../organizations/organization-access";
import { MEMBERSHIP_SELECT } from "./team.dto";
import { teamRoleOf } from "./team-roles";

/** Serialises membership changes of one team, so two demotions cannot each see the other owner still there. */
export const lockTeam = (tx: Tx, teamId: number) => tx.$queryRaw`SELECT id FROM "Team" WHERE id = ${teamId} FOR UPDATE`;

export async function assertOwnerPower(tx: Tx, actor: Actor, teamId: number, what: string) {
  if ((await teamRoleOf(actor, teamId, tx)) !== "OWNER") throw new AppError("FORBIDDEN", `Only a team OWNER can ${what}`, { requiredRoles: ["OWNER"] });
}

/**
 * The one way a membership comes to be (an accepted invitation, or a user adding themself), inside the caller's
 * transaction, which holds the team's row lock (lockTeam), as the event type sync requires: whatever must follow a
 * new member (e.g. joining event types that assign every member) hooks here. `id`: an invitation by user id hands
 * its id on, so the id the API showed for the pending membership stays the membership's. A duplicate is a 409.
 */
export async function addMembership(
  tx: Tx,
  { id, teamId, userId, role, accepted = true }: { id?: number; teamId: number; userId: number; role: TeamRole; accepted?: boolean },
) {
  // One organization per user; an organization's teams admit only its members (organization-access.ts).
  if (accepted) await assertOrganizationRules(tx, teamId, userId);
  const created = await tx.membership.create({ data: { id, teamId, userId, role, accepted }, select: MEMBERSHIP_SELECT }).catch((error: unknown) => {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("CONFLICT", "This user is already a member of the team", [{ path: "body.userId", message: "Already a member" }]);
    }
    throw error;
  });
  if (accepted) await onMemberJoined(tx, teamId, userId);
  return created;
}
