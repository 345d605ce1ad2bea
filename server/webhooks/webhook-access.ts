/**
 * The only place that says which webhooks an actor reaches. A webhook hangs off one owner (CHECK
 * Webhook_one_owner): the account (userId), a personal event type, a team event type, or an organization (teamId).
 * The account's own are its user's; an event type's follow the event type's rules (event-type-access.ts): a
 * personal one's owner; a team one's members read and its OWNERs and ADMINs (and the organization's) change; an
 * organization's are its OWNERs' and ADMINs' (org.webhooks.read / org.webhooks.write).
 */
import type { Actor } from "../auth/actor";
import { rolesWith } from "../auth/permissions";
import type { Prisma } from "../db/generated/client";
import { organizationById, organizationsWhereActorIs, requireOrgPermission } from "../organizations/organization-access";
import { requirePermission } from "../teams/team-roles";
import { eventTypesEditableBy, eventTypesOfTeam, eventTypesOwnedBy, eventTypesVisibleTo, teamEventTypesEditableBy } from "../event-types/event-type-access";

/** Where a route's webhooks live: the account, one personal event type, one team's event type, or an organization. */
export type WebhookOwner =
  | { kind: "user" }
  | { kind: "eventType"; eventTypeId: number }
  | { kind: "teamEventType"; teamId: number; eventTypeId: number }
  | { kind: "organization"; orgId: number };
export type WebhookAccessMode = "read" | "write";

export const webhooksOfAccount = (actor: Actor): Prisma.WebhookWhereInput => ({ userId: actor.userId });

export const webhooksOfEventType = (actor: Actor, eventTypeId: number): Prisma.WebhookWhereInput => ({
  eventTypeId,
  eventType: eventTypesOwnedBy(actor),
});

export const webhooksOfTeamEventType = (actor: Actor, teamId: number, eventTypeId: number, mode: WebhookAccessMode): Prisma.WebhookWhereInput => ({
  eventTypeId,
  eventType: mode === "read" ? eventTypesOfTeam(actor, teamId) : teamEventTypesEditableBy(actor, teamId),
});

/** An organization's webhooks, when the actor holds org.webhooks.read (to read) or org.webhooks.write (to change) in it. */
export const webhooksOfOrganization = (actor: Actor, orgId: number, mode: WebhookAccessMode): Prisma.WebhookWhereInput => ({
  teamId: orgId,
  team: { AND: [organizationById(orgId), organizationsWhereActorIs(actor, rolesWith(mode === "read" ? "org.webhooks.read" : "org.webhooks.write"))] },
});

/**
 * The team permission a team event type's webhooks need (eventType.read to read, eventType.write to change), checked
 * by every webhook use case before it looks anything up: 404 for a non-member, 403 for a member without the role.
 * An organization's need org.webhooks.read / org.webhooks.write there (404 for a non-member, 403 for a plain member).
 * Nothing for the account's and personal event types' webhooks, which the queries below confine to their owner.
 */
export async function requireOwnerPermission(actor: Actor, owner: WebhookOwner, mode: WebhookAccessMode): Promise<void> {
  if (owner.kind === "organization") await requireOrgPermission(actor, owner.orgId, mode === "read" ? "org.webhooks.read" : "org.webhooks.write");
  if (owner.kind === "teamEventType") await requirePermission(actor, { teamId: owner.teamId }, mode === "read" ? "eventType.read" : "eventType.write");
}

/** The webhooks of one owner the actor may read or change. */
export function webhooksAt(actor: Actor, owner: WebhookOwner, mode: WebhookAccessMode): Prisma.WebhookWhereInput {
  if (owner.kind === "user") return webhooksOfAccount(actor);
  if (owner.kind === "eventType") return webhooksOfEventType(actor, owner.eventTypeId);
  if (owner.kind === "organization") return webhooksOfOrganization(actor, owner.orgId, mode);
  return webhooksOfTeamEventType(actor, owner.teamId, owner.eventTypeId, mode);
}

/** The event type a webhook would be created on, if the actor may (read: see it; write: change it). */
export function eventTypeForWebhooks(actor: Actor, owner: WebhookOwner, mode: WebhookAccessMode): Prisma.EventTypeWhereInput | null {
  if (owner.kind === "user" || owner.kind === "organization") return null;
  if (owner.kind === "eventType") return { id: owner.eventTypeId, ...eventTypesOwnedBy(actor) };
  return { AND: [{ id: owner.eventTypeId }, mode === "read" ? eventTypesOfTeam(actor, owner.teamId) : teamEventTypesEditableBy(actor, owner.teamId)] };
}

/** Every webhook the actor may manage, at any level (the site's list, deliveries and actions). */
export const webhooksManageableBy = (actor: Actor): Prisma.WebhookWhereInput => ({
  OR: [webhooksOfAccount(actor), { eventType: eventTypesEditableBy(actor) }],
});

/** Every webhook the actor may see, at any level. */
export const webhooksVisibleTo = (actor: Actor): Prisma.WebhookWhereInput => ({
  OR: [webhooksOfAccount(actor), { eventType: eventTypesVisibleTo(actor) }],
});
