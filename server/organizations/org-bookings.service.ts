/**
 * Bookings under /v2/organizations/{orgId}: the organization's (booking-reads.ts listOrganizationBookings, which checks
 * org.bookings.read) and, on one of its teams, the team's bookings and a booking's references, through the team use
 * cases (another team: 404 "Team not found").
 */
import type { Actor } from "../auth/actor";
import type { TListBookingsQuery } from "../bookings/booking-list-query";
import { listTeamBookingReferences, listTeamBookings } from "../bookings/booking-reads";
import { db } from "../db/client";
import { eventTypesOfOrganizationTeams } from "./org-event-types-access";
import { onTeamOfOrganization } from "./org-teams.service";
import { requireOrgPermission, teamsOfOrganization } from "./organization-access";

export { listOrganizationBookings } from "../bookings/booking-reads";

export const listOrganizationTeamBookings = (actor: Actor, orgId: number, teamId: number, query: TListBookingsQuery) =>
  onTeamOfOrganization(orgId, teamId, () => listTeamBookings(actor, teamId, query));

export const listOrganizationTeamBookingReferences = (actor: Actor, orgId: number, teamId: number, uid: string, type?: string) =>
  onTeamOfOrganization(orgId, teamId, () => listTeamBookingReferences(actor, teamId, uid, type));

/** Enough for any menu; a list beyond it is filtered by typing an attendee or dates instead. */
const MAX_OPTIONS = 200;

/**
 * What the organization's booking list (/settings/organizations/{orgId}) filters by: its teams and their event types,
 * for those who may read its bookings (org.bookings.read).
 */
export async function listOrganizationBookingFilterOptions(actor: Actor, orgId: number) {
  await requireOrgPermission(actor, orgId, "org.bookings.read");
  const [teams, eventTypes] = await Promise.all([
    db.team.findMany({ where: teamsOfOrganization(orgId), select: { id: true, name: true }, orderBy: { name: "asc" }, take: MAX_OPTIONS }),
    db.eventType.findMany({
      where: eventTypesOfOrganizationTeams(actor, orgId),
      select: { id: true, title: true, team: { select: { name: true } } },
      orderBy: [{ title: "asc" }, { id: "asc" }],
      take: MAX_OPTIONS,
    }),
  ]);
  return { teams, eventTypes: eventTypes.map((eventType) => ({ id: eventType.id, title: `${eventType.title} (${eventType.team?.name ?? ""})` })) };
}
