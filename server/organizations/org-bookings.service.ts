/**
 * Bookings under /v2/organizations/{orgId}: the organization's (booking-reads.ts listOrganizationBookings, which checks
 * org.bookings.read) and, on one of its teams, the team's bookings and a booking's references, through the team use
 * cases (another team: 404 "Team not found").
 */
import type { Actor } from "../auth/actor";
import type { TListBookingsQuery } from "../bookings/booking-list-query";
import { listTeamBookingReferences, listTeamBookings } from "../bookings/booking-reads";
import { onTeamOfOrganization } from "./org-teams.service";

export { listOrganizationBookings } from "../bookings/booking-reads";

export const listOrganizationTeamBookings = (actor: Actor, orgId: number, teamId: number, query: TListBookingsQuery) =>
  onTeamOfOrganization(orgId, teamId, () => listTeamBookings(actor, teamId, query));

export const listOrganizationTeamBookingReferences = (actor: Actor, orgId: number, teamId: number, uid: string, type?: string) =>
  onTeamOfOrganization(orgId, teamId, () => listTeamBookingReferences(actor, teamId, uid, type));
