/**
 * A team's bookings and its members' schedules, declared once for both team levels (team-level.ts): the team's
 * owners and admins (and its organization's) read them, through the team use cases, with the same words at both.
 */
import type { z } from "zod";
import { defineRoute } from "../http/api-route";
import { pageOf, ZPaginationQuery } from "../http/pagination";
import { BOOKINGS_VERSIONS } from "../http/versioning";
import { ZListBookingsQuery } from "../bookings/booking-list-query";
import { ZBookingOutput } from "../bookings/booking-output.schema";
import { listTeamBookings } from "../bookings/booking-reads";
import { ZScheduleOutput } from "../schedules/schedule.dto";
import { listTeamSchedules } from "../schedules/schedule.service";
import type { TeamLevel } from "./team-level";

export function teamBookingsRoute<P extends { teamId: number }>(level: TeamLevel<P>) {
  return defineRoute(
    {
      method: "GET",
      path: `${level.path}/bookings`,
      tag: level.tags.bookings,
      versions: BOOKINGS_VERSIONS,
      summary: "Get the team's bookings (its event types' and their managed children's), with the filters, sorts and pages of GET /v2/bookings",
      access: { scope: "TEAM_BOOKING_READ", team: level.team("booking.readAll") },
      params: level.params as z.ZodType<P>,
      query: ZListBookingsQuery,
      response: ZBookingOutput,
      paginated: true,
    },
    ({ actor, params, query }) => level.onTeam(params, (teamId) => listTeamBookings(actor, teamId, query)),
  );
}

export function teamSchedulesRoute<P extends { teamId: number }>(level: TeamLevel<P>) {
  return defineRoute(
    {
      method: "GET",
      path: `${level.path}/schedules`,
      tag: level.tags.schedules,
      summary: "Get all team member schedules",
      access: { scope: "TEAM_SCHEDULE_READ", team: level.team("schedule.readMembers") },
      params: level.params as z.ZodType<P>,
      query: ZPaginationQuery,
      response: ZScheduleOutput,
      paginated: true,
    },
    ({ actor, params, query }) =>
      pageOf(
        level.onTeam(params, (teamId) => listTeamSchedules(actor, teamId, query)),
        query,
      ),
  );
}
