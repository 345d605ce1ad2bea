/** Which event types an organization's owners and admins list across its teams (org.eventTypes.read). */
import type { Actor } from "../auth/actor";
import { rolesWith } from "../auth/permissions";
import type { Prisma } from "../db/generated/client";
import { organizationById, organizationsWhereActorIs } from "./organization-access";

/** The event types of the organization's teams, when the actor holds org.eventTypes.read in it; none otherwise. */
export const eventTypesOfOrganizationTeams = (actor: Actor, orgId: number): Prisma.EventTypeWhereInput => ({
  team: { parentId: orgId, parent: { AND: [organizationById(orgId), organizationsWhereActorIs(actor, rolesWith("org.eventTypes.read"))] } },
});
