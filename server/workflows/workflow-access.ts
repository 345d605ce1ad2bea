/**
 * The only place that says which workflows an actor reaches. A workflow is a user's own or a team's (CHECK
 * Workflow_one_owner). A user's are theirs alone; a team's are read by its members and changed by its owners and
 * admins (workflow.read / workflow.write; an organization's owners and admins hold them in its teams). Another
 * owner's workflow is a 404, like one that does not exist.
 */
import type { Actor } from "../auth/actor";
import { db, type Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { requireTeamOfOrganization } from "../organizations/organization-access";
import { requirePermission } from "../teams/team-roles";

export type WorkflowOwner = { kind: "user" } | { kind: "team"; teamId: number; orgId?: number };
export type WorkflowAccessMode = "read" | "write";

export async function requireWorkflowPermission(actor: Actor, owner: WorkflowOwner, mode: WorkflowAccessMode, tx: Tx = db): Promise<void> {
  if (owner.kind === "user") return;
  if (owner.orgId !== undefined) await requireTeamOfOrganization(owner.orgId, owner.teamId, tx);
  await requirePermission(actor, { teamId: owner.teamId }, mode === "read" ? "workflow.read" : "workflow.write", tx);
}

/** The workflows of one owner; the team's only after requireWorkflowPermission. */
export const workflowsOf = (actor: Actor, owner: WorkflowOwner): Prisma.WorkflowWhereInput =>
  owner.kind === "user" ? { userId: actor.userId } : { teamId: owner.teamId };

/** The event types a workflow of this owner may apply to: a user's own personal ones, or the team's. */
export const eventTypesForWorkflowsOf = (actor: Actor, owner: WorkflowOwner): Prisma.EventTypeWhereInput =>
  owner.kind === "user" ? { userId: actor.userId, teamId: null } : { teamId: owner.teamId };

/**
 * The addresses an email_address step may write to: the owner's own address, or a team member's. A workflow is no
 * way to mail strangers from Convene (the peer asks for a verified address for the same reason).
 */
export async function isAllowedFixedAddress(actor: Actor, owner: WorkflowOwner, email: string, tx: Tx = db): Promise<boolean> {
  const where: Prisma.UserWhereInput = owner.kind === "user" ? { id: actor.userId } : { memberships: { some: { teamId: owner.teamId, accepted: true } } };
  const match = await tx.user.findFirst({ where: { ...where, email: { equals: email, mode: "insensitive" } }, select: { id: true } });
  return match !== null;
}
