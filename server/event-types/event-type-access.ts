/**
 * The only place that says which event types an actor sees or changes. A personal event type belongs to its
 * user; a team event type is visible to the team's members and editable by its OWNERs and ADMINs (and by the
 * owners and admins of the organization the team is in, through teamsWhereActorIs).
 */
import type { Actor } from "../auth/actor";
import type { Prisma } from "../db/generated/client";
import { rolesWith } from "../auth/permissions";
import { teamsWhereActorIs } from "../teams/team-access";

/** The actor's own, personal event types: what the personal /v2/event-types routes act on. */
export const eventTypesOwnedBy = (actor: Actor): Prisma.EventTypeWhereInput => ({ userId: actor.userId, teamId: null });

export const eventTypesVisibleTo = (actor: Actor): Prisma.EventTypeWhereInput => ({
  OR: [eventTypesOwnedBy(actor), { team: teamsWhereActorIs(actor, rolesWith("eventType.read")) }],
});

export const eventTypesEditableBy = (actor: Actor): Prisma.EventTypeWhereInput => ({
  OR: [eventTypesOwnedBy(actor), { team: teamsWhereActorIs(actor, rolesWith("eventType.write")) }],
});

/** One team's event types, as seen by an actor whose membership the route has already checked. */
export const eventTypesOfTeam = (actor: Actor, teamId: number): Prisma.EventTypeWhereInput => ({
  AND: [{ teamId }, eventTypesVisibleTo(actor)],
});

/** One team's event types that the actor may change: its OWNERs and ADMINs (and its organization's). */
export const teamEventTypesEditableBy = (actor: Actor, teamId: number): Prisma.EventTypeWhereInput => ({
  AND: [{ teamId }, eventTypesEditableBy(actor)],
});
