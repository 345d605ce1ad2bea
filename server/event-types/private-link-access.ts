/** Which private links an actor lists and changes: those of the event types they own (event-type-access.ts). */
import type { Actor } from "../auth/actor";
import type { Prisma } from "../db/generated/client";
import { eventTypesOwnedBy } from "./event-type-access";

export const privateLinksOf = (actor: Actor, eventTypeId: number): Prisma.PrivateLinkWhereInput => ({
  eventTypeId,
  eventType: eventTypesOwnedBy(actor),
});
