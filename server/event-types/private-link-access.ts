/**
 * Which private links an actor lists and changes: those of the event types they own, and those of a team's event
 * types that the actor reads (members) or changes (OWNERs and ADMINs, and the organization's), as event-type-access.ts says.
 */
import type { Actor } from "../auth/actor";
import type { Prisma } from "../db/generated/client";
import { eventTypesOfTeam, eventTypesOwnedBy, teamEventTypesEditableBy } from "./event-type-access";

export const privateLinksOf = (actor: Actor, eventTypeId: number): Prisma.PrivateLinkWhereInput => ({
  eventTypeId,
  eventType: eventTypesOwnedBy(actor),
});

export const privateLinksOfTeamEventType = (actor: Actor, teamId: number, eventTypeId: number, mode: "read" | "write"): Prisma.PrivateLinkWhereInput => ({
  eventTypeId,
  eventType: mode === "read" ? eventTypesOfTeam(actor, teamId) : teamEventTypesEditableBy(actor, teamId),
});
