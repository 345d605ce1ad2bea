/**
 * The only place that says which routing forms an actor reaches. A form is a user's own (teamId null) or a team's.
 * A user's are theirs alone; a team's are read by its members and changed by its owners and admins
 * (routingForm.read / routingForm.write; an organization's owners and admins hold them in its teams); an
 * organization's owners and admins reach every form of its teams through the organization routes
 * (org.routingForms.read / write). Another owner's form is a 404, like one that does not exist.
 */
import type { Actor } from "../auth/actor";
import { db, type Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { requireOrgPermission, requireTeamOfOrganization } from "../organizations/organization-access";
import { requirePermission } from "../teams/team-roles";

export type RoutingFormOwner = { kind: "user" } | { kind: "team"; teamId: number; orgId?: number } | { kind: "org"; orgId: number };
export type RoutingFormAccessMode = "read" | "write";

export async function requireRoutingFormPermission(actor: Actor, owner: RoutingFormOwner, mode: RoutingFormAccessMode, tx: Tx = db): Promise<void> {
  if (owner.kind === "user") return;
  if (owner.kind === "org") {
    await requireOrgPermission(actor, owner.orgId, mode === "read" ? "org.routingForms.read" : "org.routingForms.write", tx);
    return;
  }
  if (owner.orgId !== undefined) await requireTeamOfOrganization(owner.orgId, owner.teamId, tx);
  await requirePermission(actor, { teamId: owner.teamId }, mode === "read" ? "routingForm.read" : "routingForm.write", tx);
}

/** The forms of one owner; a team's or an organization's only after requireRoutingFormPermission. */
export function routingFormsOf(actor: Actor, owner: RoutingFormOwner): Prisma.RoutingFormWhereInput {
  if (owner.kind === "user") return { userId: actor.userId, teamId: null };
  if (owner.kind === "team") return { teamId: owner.teamId };
  return { OR: [{ teamId: owner.orgId }, { team: { parentId: owner.orgId } }] };
}

/** The event types a route of this owner's form may send to: the user's own personal ones, or the team's. */
export const eventTypesForRoutingOf = (form: { userId: number; teamId: number | null }): Prisma.EventTypeWhereInput =>
  form.teamId === null ? { userId: form.userId, teamId: null } : { teamId: form.teamId };
