/** Bookings under /v2/organizations/{orgId} (svc-api-version 2024-08-13), with GET /v2/bookings' filters, sorts and pages. */
import { z } from "zod";
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { BOOKINGS_VERSIONS } from "../http/versioning";
import { ZListBookingsQuery } from "../bookings/booking-list-query";
import { ZBookingOutput } from "../bookings/booking-output.schema";
import { ZReferencesQuery } from "../bookings/booking.schemas";
import { org, orgTeam, ZOrgIdParams, ZOrgTeamParams } from "./org-teams.schemas";
import { listOrganizationBookings, listOrganizationTeamBookingReferences } from "./org-bookings.service";
import { ORG_TEAM_LEVEL } from "./org-team-level";
import { teamBookingsRoute } from "../teams/team-level.routes";

const tag = "Orgs / Bookings";

export const listOrgBookingsRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/organizations/{orgId}/bookings",
    tag,
    versions: BOOKINGS_VERSIONS,
    summary:
      "Get the organization's bookings: those of its teams' event types (and their managed copies) and those its accepted members host, with the filters, sorts and pages (skip or cursor) of GET /v2/bookings",
    access: { scope: "ORG_BOOKING_READ", org: org("org.bookings.read") },
    params: ZOrgIdParams,
    query: ZListBookingsQuery,
    response: ZBookingOutput,
    paginated: true,
  },
  ({ actor, params, query }) => listOrganizationBookings(actor, params.orgId, query),
);

export const listOrgTeamBookingsRoute = teamBookingsRoute(ORG_TEAM_LEVEL);

export const listOrgTeamBookingReferencesRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/organizations/{orgId}/teams/{teamId}/bookings/{bookingUid}/references",
    tag: "Orgs / Teams / Bookings",
    versions: BOOKINGS_VERSIONS,
    summary: "Get a team booking's references (its calendar events and meetings)",
    access: { scope: "TEAM_BOOKING_READ", team: orgTeam("booking.readAll") },
    params: ZOrgTeamParams.extend({ bookingUid: z.string().min(1).max(64) }),
    query: ZReferencesQuery,
    response: z.array(z.object({ id: z.number(), type: z.string(), eventUid: z.string(), destinationCalendarId: z.string().nullable() })),
  },
  ({ actor, params, query }) => listOrganizationTeamBookingReferences(actor, params.orgId, params.teamId, params.bookingUid, query.type),
);

export const orgBookingRoutes: ApiRoute[] = [listOrgBookingsRoute, listOrgTeamBookingsRoute, listOrgTeamBookingReferencesRoute];
