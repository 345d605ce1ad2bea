/**
 * The routes on a team declared once for both team levels (team-level.ts), through the team use cases: its bookings
 * and its members' schedules (its owners and admins read them, with the same words at both levels), its memberships
 * and its e-mail invitations (each level has its own words for these).
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
import { ZInvitationWithLinkOutput } from "./invitation.dto";
import { ZInviteInput } from "./invitation.schemas";
import { inviteToTeamWithLink } from "./invitation.service";
import { membershipRoutes, type MembershipRouteVariant } from "./membership-routes";
import { createMembership, deleteMembership, getMembership, listMemberships, updateMembership } from "./membership.service";
import { ZMembershipOutput } from "./team.dto";
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

/** What a level calls its membership routes: their tag, each operation's summary, and how its invitation answers. */
export type TeamMembershipWords = {
  tag: string;
  summaries: { list: string; create: string; get: string; update: string; delete: string; invite: string };
  /** The peer answers its organization variant of the invitation 200 (its /v2/teams twin 201): clients check the status they were promised. */
  inviteStatus: 200 | 201;
};

export function teamMembershipRoutes<P extends { teamId: number }>(level: TeamLevel<P>, words: TeamMembershipWords) {
  const { tag, summaries } = words;
  const { onTeam } = level;
  const write = { scope: "TEAM_MEMBERSHIP_WRITE", team: level.team("membership.write") } as const;
  const memberships = membershipRoutes<P>({
    base: level.path,
    tag,
    params: level.params as unknown as MembershipRouteVariant<P>["params"],
    access: { read: { scope: "TEAM_MEMBERSHIP_READ", team: level.team("membership.read") }, write },
    response: ZMembershipOutput,
    summaries,
    useCases: {
      list: (actor, owner, page) => onTeam(owner, (teamId) => listMemberships(actor, teamId, page)),
      create: (actor, owner, input) => onTeam(owner, (teamId) => createMembership(actor, teamId, input)),
      get: (actor, owner, membershipId) => onTeam(owner, (teamId) => getMembership(actor, teamId, membershipId)),
      update: (actor, owner, membershipId, input) => onTeam(owner, (teamId) => updateMembership(actor, teamId, membershipId, input)),
      delete: (actor, owner, membershipId) => onTeam(owner, (teamId) => deleteMembership(actor, teamId, membershipId)),
    },
  });
  const invite = defineRoute(
    {
      method: "POST",
      path: `${level.path}/invite`,
      tag,
      summary: summaries.invite,
      access: write,
      params: level.params as z.ZodType<P>,
      body: ZInviteInput,
      response: ZInvitationWithLinkOutput,
      successStatus: words.inviteStatus,
    },
    ({ actor, params, body }) => onTeam(params, (teamId) => inviteToTeamWithLink(actor, teamId, body)),
  );
  return { ...memberships, invite };
}
