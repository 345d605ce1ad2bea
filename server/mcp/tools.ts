/**
 * The tools of Convene's MCP server: a scheduler's day, each one a /v2 route's handler. The developer page
 * (/docs/mcp) and docs/mcp.md list them from here, with their scopes.
 */
import { busyTimesRoute } from "../calendars/calendars.routes";
import {
  cancelBookingRoute,
  confirmBookingRoute,
  createBookingRoute,
  declineBookingRoute,
  listBookingsRoute,
  markAbsentRoute,
  rescheduleBookingRoute,
} from "../bookings/bookings.routes";
import { getEventTypeRoute, listEventTypesRoute } from "../event-types/event-types.routes";
import { getTeamEventTypeRoute, listTeamEventTypesRoute } from "../event-types/team-event-types.routes";
import { getMeRoute } from "../me/me.routes";
import { listOrgBookingsRoute } from "../organizations/org-bookings.routes";
import { listOrgEventTypesRoute } from "../organizations/org-event-types.routes";
import { listOrgTeamsRoute } from "../organizations/org-teams.routes";
import { createOutOfOfficeRoute, deleteOutOfOfficeRoute, listOutOfOfficeRoute, updateOutOfOfficeRoute } from "../out-of-office/out-of-office.routes";
import { createScheduleRoute, getDefaultScheduleRoute, getScheduleRoute, listSchedulesRoute, updateScheduleRoute } from "../schedules/schedules.routes";
import { deleteReservationRoute, reserveSlotRoute, slotsRoute } from "../slots/slots-2024-09-04.routes";
import { getTeamRoute, listTeamsRoute } from "../teams/teams.routes";
import { defineTool, type ToolDefinition } from "./tool-definition";

const FIND_SLOTS_FIRST = "Call find_available_slots first and pass one of its starts exactly as given.";

export const MCP_TOOLS: readonly ToolDefinition[] = [
  defineTool({
    name: "get_me",
    title: "Who am I",
    route: getMeRoute,
    description:
      "The Convene user this connection acts for: id, name, e-mail, username, time zone, default schedule. Call it first to learn the user's time zone before reading or proposing times.",
  }),
  defineTool({
    name: "list_event_types",
    title: "List event types",
    route: listEventTypesRoute,
    description:
      "The user's event types (the kinds of meeting people can book: title, slug, length, locations). Use it to find the eventTypeId that find_available_slots and create_booking need. Filter by username and eventSlug to find someone else's public event type.",
  }),
  defineTool({
    name: "get_event_type",
    title: "Read an event type",
    route: getEventTypeRoute,
    description: "One of the user's event types by its id, with every setting.",
  }),
  defineTool({
    name: "find_available_slots",
    title: "Find free slots",
    route: slotsRoute,
    description:
      "Free start times of an event type between start and end (at most 90 days), grouped by day in timeZone. Works for the user's own event types, team and round-robin event types (by eventTypeId, or eventTypeSlug with username or teamSlug). Use it before create_booking, reschedule_booking or reserve_slot; when rescheduling pass bookingUidToReschedule so the booking's own time counts as free. Give timeZone (the user's, from get_me) to get days and times in that zone.",
  }),
  defineTool({
    name: "reserve_slot",
    title: "Hold a slot",
    route: reserveSlotRoute,
    description: `Hold a slot for a few minutes while you confirm details with the person: nobody else can book it meanwhile. ${FIND_SLOTS_FIRST} Pass the returned reservationUid to create_booking, or release it with release_slot_reservation.`,
  }),
  defineTool({
    name: "release_slot_reservation",
    title: "Release a held slot",
    route: deleteReservationRoute,
    description: "Release a slot held with reserve_slot when the person decided against it, so others can book it.",
  }),
  defineTool({
    name: "create_booking",
    title: "Book a meeting",
    route: createBookingRoute,
    takesIdempotencyKey: true,
    description: `Book a meeting on an event type for an attendee (name, e-mail, time zone) at start. ${FIND_SLOTS_FIRST} Always send an idempotencyKey and reuse it when retrying, so a retry never books twice. If the slot was just taken, the error lists the nearest free starts to offer instead.`,
  }),
  defineTool({
    name: "list_bookings",
    title: "List bookings",
    route: listBookingsRoute,
    description:
      "The user's bookings, filtered by status (upcoming, recurring, past, cancelled, unconfirmed), attendee, event type, team or dates, and paged (take, skip or cursor). To read one booking, pass its bookingUid.",
  }),
  defineTool({
    name: "reschedule_booking",
    title: "Reschedule a booking",
    route: rescheduleBookingRoute,
    description: `Move a booking to a new start; the answer is the new booking (its uid differs from the old one, which is kept as rescheduled). Find the new time with find_available_slots and bookingUidToReschedule first. A retry after success is refused as already rescheduled, never moved twice.`,
  }),
  defineTool({
    name: "cancel_booking",
    title: "Cancel a booking",
    route: cancelBookingRoute,
    destructive: true,
    description: "Cancel a booking by its uid, with an optional reason sent to the attendees. Confirm with the user first: attendees are told at once.",
  }),
  defineTool({
    name: "confirm_booking",
    title: "Confirm a booking",
    route: confirmBookingRoute,
    description: "Accept a booking that waits for the user's confirmation (list_bookings with status unconfirmed finds them).",
  }),
  defineTool({
    name: "decline_booking",
    title: "Decline a booking",
    route: declineBookingRoute,
    destructive: true,
    description: "Decline a booking that waits for the user's confirmation, with an optional reason for the attendee.",
  }),
  defineTool({
    name: "mark_no_show",
    title: "Mark a no-show",
    route: markAbsentRoute,
    description: "After a meeting, record that the host or some attendees (by e-mail) did not show up.",
  }),
  defineTool({
    name: "list_schedules",
    title: "List availability schedules",
    route: listSchedulesRoute,
    description: "The user's availability schedules (weekly hours, date overrides, time zone). get_default_schedule gives the one bookings use by default.",
  }),
  defineTool({
    name: "get_default_schedule",
    title: "Read the default schedule",
    route: getDefaultScheduleRoute,
    description: "The user's default availability schedule.",
  }),
  defineTool({
    name: "get_schedule",
    title: "Read a schedule",
    route: getScheduleRoute,
    description: "One availability schedule by its id (from list_schedules).",
  }),
  defineTool({
    name: "create_schedule",
    title: "Create a schedule",
    route: createScheduleRoute,
    description:
      "Create an availability schedule (name, time zone, weekly hours, overrides). Read list_schedules first: most changes are updates of an existing one.",
  }),
  defineTool({
    name: "update_schedule",
    title: "Change a schedule",
    route: updateScheduleRoute,
    description: "Change an availability schedule's hours, overrides, time zone or name; only the fields sent change.",
  }),
  defineTool({
    name: "list_out_of_office",
    title: "List out-of-office",
    route: listOutOfOfficeRoute,
    description: "The user's out-of-office entries (no bookings can be made in them).",
  }),
  defineTool({
    name: "create_out_of_office",
    title: "Add out-of-office",
    route: createOutOfOfficeRoute,
    description:
      "Mark the user out of office between two dates, optionally with a reason and someone to redirect bookers to. Existing bookings are not cancelled.",
  }),
  defineTool({
    name: "update_out_of_office",
    title: "Change out-of-office",
    route: updateOutOfOfficeRoute,
    description: "Change an out-of-office entry (from list_out_of_office).",
  }),
  defineTool({
    name: "delete_out_of_office",
    title: "Remove out-of-office",
    route: deleteOutOfOfficeRoute,
    description: "Remove an out-of-office entry (from list_out_of_office): people can book the user in that period again.",
  }),
  defineTool({
    name: "get_busy_times",
    title: "Busy times from calendars",
    route: busyTimesRoute,
    description:
      "Busy periods from one of the user's connected calendars between two dates (for reasoning about the user's day; find_available_slots already accounts for them).",
  }),
  defineTool({
    name: "list_teams",
    title: "List teams",
    route: listTeamsRoute,
    description: "The teams the user belongs to, with their ids for the team tools.",
  }),
  defineTool({ name: "get_team", title: "Read a team", route: getTeamRoute, description: "One team by its id (from list_teams)." }),
  defineTool({
    name: "list_team_event_types",
    title: "List a team's event types",
    route: listTeamEventTypesRoute,
    description: "A team's event types (collective and round robin), for find_available_slots and create_booking with a team event type.",
  }),
  defineTool({
    name: "get_team_event_type",
    title: "Read a team event type",
    route: getTeamEventTypeRoute,
    description: "One of a team's event types by its id.",
  }),
  defineTool({
    name: "list_organization_teams",
    title: "List an organization's teams",
    route: listOrgTeamsRoute,
    description: "The teams of an organization the user administers (needs the organization's scopes).",
  }),
  defineTool({
    name: "list_organization_event_types",
    title: "List an organization's event types",
    route: listOrgEventTypesRoute,
    description: "Every team event type of an organization the user administers (needs the organization's scopes).",
  }),
  defineTool({
    name: "list_organization_bookings",
    title: "List an organization's bookings",
    route: listOrgBookingsRoute,
    description: "The bookings of an organization's members and teams, for its administrators (needs the organization's scopes).",
  }),
];

export const toolNamed = (name: string) => MCP_TOOLS.find((tool) => tool.name === name) ?? null;
