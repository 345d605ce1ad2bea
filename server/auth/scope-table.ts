/**
 * The spec's three tables "Scope-protected operations" (user, team and organization level) and its public
 * operations, as data: row by row, one entry per operation, in our `/v2/...{param}` path form, each with the
 * spec's wording it comes from. This is the requirement, not the list of what is built: operations of later
 * issues (webhooks, conferencing, teams, organizations) are here already, and scope-table.test.ts checks every
 * route in ROUTE_CATALOG against it.
 *
 * Operations the spec names only by title are placed by the method and path of the same title in the API
 * reference (/work/shared/reference/api-v2-fields.md), e.g. "Get booking recordings" →
 * GET /v2/bookings/{bookingUid}/recordings.
 *
 * An operation absent from these tables is closed to OAuth tokens (spec, Scope rules 1: "other endpoints are
 * rejected") and is declared `"api-key-only"`. Examples: GET /v2/bookings/{bookingUid} (the BOOKING_READ row
 * lists "Get all bookings", not "Get a booking"), the account-level /v2/webhooks.
 */
import type { HttpMethod, RouteAccess } from "../http/route-definition";
import type { Scope } from "./scopes";

export type TableOperation = {
  method: HttpMethod;
  /** As route-catalog spells it: `/v2/bookings/{bookingUid}`. */
  path: string;
  /** The spec's words for this operation (a title, or a method and path as written there). */
  spec: string;
};
export type ScopeRow = { scope: Scope; operations: readonly TableOperation[] };

const op = (method: HttpMethod, path: string, spec: string): TableOperation => ({ method, path, spec });
const row = (scope: Scope, ...operations: TableOperation[]): ScopeRow => ({ scope, operations });

const ET = "/v2/event-types/{eventTypeId}";
const BK = "/v2/bookings/{bookingUid}";
const TEAM = "/v2/teams/{teamId}";
const ORG = "/v2/organizations/{orgId}";
const ORG_TEAM = `${ORG}/teams/{teamId}`;

/** Spec: "Scope-protected operations, user level". */
export const USER_LEVEL_TABLE: readonly ScopeRow[] = [
  row(
    "EVENT_TYPE_READ",
    op("GET", "/v2/event-types", "Get all event types"),
    op("GET", ET, "Get an event type"),
    op("GET", `${ET}/private-links`, "Get event type private links"),
    op("GET", `${ET}/webhooks`, "GET /v2/event-types/:eventTypeId/webhooks"),
    op("GET", `${ET}/webhooks/{webhookId}`, "GET /v2/event-types/:eventTypeId/webhooks/:webhookId"),
  ),
  row(
    "EVENT_TYPE_WRITE",
    op("POST", "/v2/event-types", "Create an event type"),
    op("PATCH", ET, "Update an event type"),
    op("DELETE", ET, "Delete an event type"),
    op("POST", `${ET}/private-links`, "Create, Update, Delete a private link"),
    op("PATCH", `${ET}/private-links/{linkId}`, "Create, Update, Delete a private link"),
    op("DELETE", `${ET}/private-links/{linkId}`, "Create, Update, Delete a private link"),
    op("POST", `${ET}/webhooks`, "POST /v2/event-types/:eventTypeId/webhooks"),
    op("PATCH", `${ET}/webhooks/{webhookId}`, "PATCH /v2/event-types/:eventTypeId/webhooks/:webhookId"),
    op("DELETE", `${ET}/webhooks/{webhookId}`, "DELETE /v2/event-types/:eventTypeId/webhooks/:webhookId"),
    op("DELETE", `${ET}/webhooks`, "DELETE /v2/event-types/:eventTypeId/webhooks"),
  ),
  row(
    "BOOKING_READ",
    op("GET", "/v2/bookings", "Get all bookings"),
    op("GET", `${BK}/recordings`, "Get booking recordings"),
    op("GET", `${BK}/transcripts`, "Get transcript download links"),
    op("GET", `${BK}/calendar-links`, "Get calendar links"),
    op("GET", `${BK}/references`, "Get booking references"),
    op("GET", `${BK}/conferencing-sessions`, "Get conferencing sessions"),
    op("GET", `${BK}/attendees`, "GET /v2/bookings/:bookingUid/attendees"),
    op("GET", `${BK}/attendees/{attendeeId}`, "GET /v2/bookings/:bookingUid/attendees/:attendeeId"),
  ),
  row(
    "BOOKING_WRITE",
    op("POST", `${BK}/guests`, "Add guests to a booking"),
    op("PATCH", `${BK}/location`, "Update booking location"),
    op("POST", `${BK}/mark-absent`, "Mark a booking absence"),
    op("POST", `${BK}/reassign`, "Reassign to auto-selected host"),
    op("POST", `${BK}/reassign/{userId}`, "Reassign to a specific host"),
    op("POST", `${BK}/confirm`, "Confirm a booking"),
    op("POST", `${BK}/decline`, "Decline a booking"),
    op("POST", `${BK}/attendees`, "POST /v2/bookings/:bookingUid/attendees"),
  ),
  row(
    "SCHEDULE_READ",
    op("GET", "/v2/schedules", "Get all schedules"),
    op("GET", "/v2/schedules/{scheduleId}", "Get a schedule"),
    op("GET", "/v2/schedules/default", "Get default schedule"),
    op("GET", "/v2/me/ooo", "GET /v2/me/ooo"),
  ),
  row(
    "SCHEDULE_WRITE",
    op("POST", "/v2/schedules", "Create, Update, Delete a schedule"),
    op("PATCH", "/v2/schedules/{scheduleId}", "Create, Update, Delete a schedule"),
    op("DELETE", "/v2/schedules/{scheduleId}", "Create, Update, Delete a schedule"),
    op("POST", "/v2/me/ooo", "POST /v2/me/ooo"),
    op("PATCH", "/v2/me/ooo/{oooId}", "PATCH /v2/me/ooo/:oooId"),
    op("DELETE", "/v2/me/ooo/{oooId}", "DELETE /v2/me/ooo/:oooId"),
  ),
  row(
    "APPS_READ",
    op("GET", "/v2/calendars", "Get all calendars"),
    op("GET", "/v2/calendars/busy-times", "Get busy times"),
    op("GET", "/v2/calendars/ics-feed/check", "Check an ICS feed"),
    op("GET", "/v2/calendars/{calendar}/check", "Check a calendar connection"),
    op("GET", "/v2/conferencing", "GET /v2/conferencing"),
    op("GET", "/v2/conferencing/default", "GET /v2/conferencing/default"),
  ),
  row(
    "APPS_WRITE",
    op("POST", "/v2/calendars/ics-feed/save", "Save an ICS feed"),
    op("GET", "/v2/calendars/{calendar}/connect", "Get OAuth connect URL"),
    op("POST", "/v2/calendars/{calendar}/credentials", "Save Apple calendar credentials"),
    op("POST", "/v2/calendars/{calendar}/disconnect", "Disconnect a calendar"),
    op("POST", "/v2/conferencing/{app}/connect", "POST /v2/conferencing/:app/connect"),
    op("GET", "/v2/conferencing/{app}/oauth/auth-url", "GET /v2/conferencing/:app/oauth/auth-url"),
    op("POST", "/v2/conferencing/{app}/default", "POST /v2/conferencing/:app/default"),
    op("DELETE", "/v2/conferencing/{app}/disconnect", "DELETE /v2/conferencing/:app/disconnect"),
    op("POST", "/v2/selected-calendars", "POST /v2/selected-calendars"),
    op("DELETE", "/v2/selected-calendars", "DELETE /v2/selected-calendars"),
    op("PUT", "/v2/destination-calendars", "PUT /v2/destination-calendars"),
  ),
  row("PROFILE_READ", op("GET", "/v2/me", "Get my profile")),
  row("PROFILE_WRITE", op("PATCH", "/v2/me", "Update my profile")),
];

/** Spec: "Scope-protected operations, team level" (under /v2/teams/:teamId/… and /v2/organizations/:orgId/teams/:teamId/…). */
export const TEAM_LEVEL_TABLE: readonly ScopeRow[] = [
  row(
    "TEAM_EVENT_TYPE_READ",
    op("GET", `${TEAM}/event-types`, "GET /v2/teams/:teamId/event-types"),
    op("GET", `${TEAM}/event-types/{eventTypeId}`, "GET /v2/teams/:teamId/event-types/:eventTypeId"),
    op("GET", `${ORG_TEAM}/event-types`, "GET /v2/organizations/:orgId/teams/:teamId/event-types"),
    op("GET", `${ORG_TEAM}/event-types/{eventTypeId}`, "GET /v2/organizations/:orgId/teams/:teamId/event-types/:eventTypeId"),
    op("GET", `${TEAM}/event-types/{eventTypeId}/webhooks`, "GET /v2/teams/:teamId/event-types/:eventTypeId/webhooks"),
    op("GET", `${TEAM}/event-types/{eventTypeId}/webhooks/{webhookId}`, "GET /v2/teams/:teamId/event-types/:eventTypeId/webhooks/:webhookId"),
    op("GET", `${ORG_TEAM}/event-types/{eventTypeId}/private-links`, "GET /v2/organizations/:orgId/teams/:teamId/event-types/:eventTypeId/private-links"),
  ),
  row(
    "TEAM_EVENT_TYPE_WRITE",
    op("POST", `${TEAM}/event-types`, "POST /v2/teams/:teamId/event-types"),
    op("PATCH", `${TEAM}/event-types/{eventTypeId}`, "PATCH and DELETE /v2/teams/:teamId/event-types/:eventTypeId"),
    op("DELETE", `${TEAM}/event-types/{eventTypeId}`, "PATCH and DELETE /v2/teams/:teamId/event-types/:eventTypeId"),
    op("POST", `${TEAM}/event-types/{eventTypeId}/create-phone-call`, "POST /v2/teams/:teamId/event-types/:eventTypeId/create-phone-call"),
    op("POST", `${ORG_TEAM}/event-types`, "POST /v2/organizations/:orgId/teams/:teamId/event-types"),
    op("PATCH", `${ORG_TEAM}/event-types/{eventTypeId}`, "PATCH and DELETE /v2/organizations/:orgId/teams/:teamId/event-types/:eventTypeId"),
    op("DELETE", `${ORG_TEAM}/event-types/{eventTypeId}`, "PATCH and DELETE /v2/organizations/:orgId/teams/:teamId/event-types/:eventTypeId"),
    op(
      "POST",
      `${ORG_TEAM}/event-types/{eventTypeId}/create-phone-call`,
      "POST /v2/organizations/:orgId/teams/:teamId/event-types/:eventTypeId/create-phone-call",
    ),
    op("POST", `${TEAM}/event-types/{eventTypeId}/webhooks`, "POST /v2/teams/:teamId/event-types/:eventTypeId/webhooks"),
    op("PATCH", `${TEAM}/event-types/{eventTypeId}/webhooks/{webhookId}`, "PATCH and DELETE /v2/teams/:teamId/event-types/:eventTypeId/webhooks/:webhookId"),
    op("DELETE", `${TEAM}/event-types/{eventTypeId}/webhooks/{webhookId}`, "PATCH and DELETE /v2/teams/:teamId/event-types/:eventTypeId/webhooks/:webhookId"),
    op("DELETE", `${TEAM}/event-types/{eventTypeId}/webhooks`, "DELETE /v2/teams/:teamId/event-types/:eventTypeId/webhooks"),
    op("POST", `${ORG_TEAM}/event-types/{eventTypeId}/private-links`, "POST /v2/organizations/:orgId/teams/:teamId/event-types/:eventTypeId/private-links"),
    op(
      "PATCH",
      `${ORG_TEAM}/event-types/{eventTypeId}/private-links/{linkId}`,
      "PATCH and DELETE /v2/organizations/:orgId/teams/:teamId/event-types/:eventTypeId/private-links/:linkId",
    ),
    op(
      "DELETE",
      `${ORG_TEAM}/event-types/{eventTypeId}/private-links/{linkId}`,
      "PATCH and DELETE /v2/organizations/:orgId/teams/:teamId/event-types/:eventTypeId/private-links/:linkId",
    ),
  ),
  row(
    "TEAM_BOOKING_READ",
    op("GET", `${TEAM}/bookings`, "GET /v2/teams/:teamId/bookings"),
    op("GET", `${ORG_TEAM}/bookings`, "GET /v2/organizations/:orgId/teams/:teamId/bookings"),
    op("GET", `${ORG_TEAM}/bookings/{bookingUid}/references`, "GET /v2/organizations/:orgId/teams/:teamId/bookings/:bookingUid/references"),
  ),
  /** Spec: "No endpoint currently uses it." */
  row("TEAM_BOOKING_WRITE"),
  row(
    "TEAM_SCHEDULE_READ",
    op("GET", `${TEAM}/schedules`, "GET /v2/teams/:teamId/schedules"),
    op("GET", `${ORG_TEAM}/schedules`, "GET /v2/organizations/:orgId/teams/:teamId/schedules"),
    op("GET", `${ORG_TEAM}/users/{userId}/schedules`, "GET /v2/organizations/:orgId/teams/:teamId/users/:userId/schedules"),
    op("GET", `${TEAM}/users/{userId}/ooo`, "GET /v2/teams/:teamId/users/:userId/ooo"),
  ),
  row(
    "TEAM_SCHEDULE_WRITE",
    op("POST", `${TEAM}/users/{userId}/ooo`, "POST /v2/teams/:teamId/users/:userId/ooo"),
    op("PATCH", `${TEAM}/users/{userId}/ooo/{oooId}`, "PATCH and DELETE /v2/teams/:teamId/users/:userId/ooo/:oooId"),
    op("DELETE", `${TEAM}/users/{userId}/ooo/{oooId}`, "PATCH and DELETE /v2/teams/:teamId/users/:userId/ooo/:oooId"),
  ),
  row(
    "TEAM_PROFILE_READ",
    op("GET", "/v2/teams", "GET /v2/teams"),
    op("GET", TEAM, "GET /v2/teams/:teamId"),
    op("GET", ORG_TEAM, "GET /v2/organizations/:orgId/teams/:teamId"),
  ),
  row(
    "TEAM_PROFILE_WRITE",
    op("POST", "/v2/teams", "POST /v2/teams"),
    op("PATCH", TEAM, "PATCH and DELETE /v2/teams/:teamId"),
    op("DELETE", TEAM, "PATCH and DELETE /v2/teams/:teamId"),
  ),
  row(
    "TEAM_MEMBERSHIP_READ",
    op("GET", `${TEAM}/memberships`, "GET /v2/teams/:teamId/memberships"),
    op("GET", `${TEAM}/memberships/{membershipId}`, "GET /v2/teams/:teamId/memberships/:membershipId"),
    op("GET", `${ORG_TEAM}/memberships`, "GET /v2/organizations/:orgId/teams/:teamId/memberships"),
    op("GET", `${ORG_TEAM}/memberships/{membershipId}`, "GET /v2/organizations/:orgId/teams/:teamId/memberships/:membershipId"),
  ),
  row(
    "TEAM_MEMBERSHIP_WRITE",
    op("POST", `${TEAM}/memberships`, "POST /v2/teams/:teamId/memberships"),
    op("PATCH", `${TEAM}/memberships/{membershipId}`, "PATCH and DELETE /v2/teams/:teamId/memberships/:membershipId"),
    op("DELETE", `${TEAM}/memberships/{membershipId}`, "PATCH and DELETE /v2/teams/:teamId/memberships/:membershipId"),
    op("POST", `${TEAM}/invite`, "POST /v2/teams/:teamId/invite"),
    op("POST", `${ORG_TEAM}/memberships`, "POST /v2/organizations/:orgId/teams/:teamId/memberships"),
    op("PATCH", `${ORG_TEAM}/memberships/{membershipId}`, "PATCH and DELETE /v2/organizations/:orgId/teams/:teamId/memberships/:membershipId"),
    op("DELETE", `${ORG_TEAM}/memberships/{membershipId}`, "PATCH and DELETE /v2/organizations/:orgId/teams/:teamId/memberships/:membershipId"),
    op("POST", `${ORG_TEAM}/invite`, "POST /v2/organizations/:orgId/teams/:teamId/invite"),
  ),
];

/**
 * Spec: "Scope-protected operations, organization level". Taken as written, including PATCH and DELETE
 * /v2/organizations/:orgId/teams/:teamId under ORG_PROFILE_WRITE although they target one team.
 */
export const ORG_LEVEL_TABLE: readonly ScopeRow[] = [
  row("ORG_EVENT_TYPE_READ", op("GET", `${ORG}/teams/event-types`, "GET /v2/organizations/:orgId/teams/event-types")),
  /** Spec: "No endpoint currently uses it." */
  row("ORG_EVENT_TYPE_WRITE"),
  row("ORG_BOOKING_READ", op("GET", `${ORG}/bookings`, "GET /v2/organizations/:orgId/bookings")),
  /** Spec: "No endpoint currently uses it." */
  row("ORG_BOOKING_WRITE"),
  row(
    "ORG_SCHEDULE_READ",
    op("GET", `${ORG}/schedules`, "GET /v2/organizations/:orgId/schedules"),
    op("GET", `${ORG}/users/{userId}/schedules`, "GET /v2/organizations/:orgId/users/:userId/schedules"),
    op("GET", `${ORG}/users/{userId}/schedules/{scheduleId}`, "GET /v2/organizations/:orgId/users/:userId/schedules/:scheduleId"),
    op("GET", `${ORG}/users/{userId}/ooo`, "GET /v2/organizations/:orgId/users/:userId/ooo"),
    op("GET", `${ORG}/ooo`, "GET /v2/organizations/:orgId/ooo"),
  ),
  row(
    "ORG_SCHEDULE_WRITE",
    op("POST", `${ORG}/users/{userId}/schedules`, "POST /v2/organizations/:orgId/users/:userId/schedules"),
    op("PATCH", `${ORG}/users/{userId}/schedules/{scheduleId}`, "PATCH and DELETE /v2/organizations/:orgId/users/:userId/schedules/:scheduleId"),
    op("DELETE", `${ORG}/users/{userId}/schedules/{scheduleId}`, "PATCH and DELETE /v2/organizations/:orgId/users/:userId/schedules/:scheduleId"),
    op("POST", `${ORG}/users/{userId}/ooo`, "POST /v2/organizations/:orgId/users/:userId/ooo"),
    op("PATCH", `${ORG}/users/{userId}/ooo/{oooId}`, "PATCH and DELETE /v2/organizations/:orgId/users/:userId/ooo/:oooId"),
    op("DELETE", `${ORG}/users/{userId}/ooo/{oooId}`, "PATCH and DELETE /v2/organizations/:orgId/users/:userId/ooo/:oooId"),
  ),
  row(
    "ORG_PROFILE_READ",
    op("GET", `${ORG}/teams`, "GET /v2/organizations/:orgId/teams"),
    op("GET", `${ORG}/teams/me`, "GET /v2/organizations/:orgId/teams/me"),
  ),
  row(
    "ORG_PROFILE_WRITE",
    op("POST", `${ORG}/teams`, "POST /v2/organizations/:orgId/teams"),
    op("PATCH", ORG_TEAM, "PATCH and DELETE /v2/organizations/:orgId/teams/:teamId"),
    op("DELETE", ORG_TEAM, "PATCH and DELETE /v2/organizations/:orgId/teams/:teamId"),
  ),
  row(
    "ORG_MEMBERSHIP_READ",
    op("GET", `${ORG}/memberships`, "GET /v2/organizations/:orgId/memberships"),
    op("GET", `${ORG}/memberships/{membershipId}`, "GET /v2/organizations/:orgId/memberships/:membershipId"),
    op("GET", `${ORG}/users`, "GET /v2/organizations/:orgId/users"),
  ),
  row(
    "ORG_MEMBERSHIP_WRITE",
    op("POST", `${ORG}/memberships`, "POST /v2/organizations/:orgId/memberships"),
    op("PATCH", `${ORG}/memberships/{membershipId}`, "PATCH and DELETE /v2/organizations/:orgId/memberships/:membershipId"),
    op("DELETE", `${ORG}/memberships/{membershipId}`, "PATCH and DELETE /v2/organizations/:orgId/memberships/:membershipId"),
    op("POST", `${ORG}/users`, "POST /v2/organizations/:orgId/users"),
    op("PATCH", `${ORG}/users/{userId}`, "PATCH and DELETE /v2/organizations/:orgId/users/:userId"),
    op("DELETE", `${ORG}/users/{userId}`, "PATCH and DELETE /v2/organizations/:orgId/users/:userId"),
  ),
];

/**
 * Spec: "Public operations need no scope: POST /v2/bookings (create), POST /v2/bookings/:bookingUid/cancel,
 * POST /v2/bookings/:bookingUid/reschedule, and the slot availability endpoints." The spec defines
 * GET /v2/slots/available (section Slots); the peer's GET /v2/slots lists the same availability. Slot
 * reservations hold that availability for a booker before the public booking create, and the peer serves them
 * without credentials: they are public too, so a booking page can hold a slot as it can book it (the peer's older
 * POST /v2/slots/reserve included). The time zones Convene accepts are public facts the peer also serves to anyone.
 */
export const PUBLIC_OPERATIONS: readonly TableOperation[] = [
  op("POST", "/v2/bookings", "POST /v2/bookings (create)"),
  op("POST", `${BK}/cancel`, "POST /v2/bookings/:bookingUid/cancel"),
  op("POST", `${BK}/reschedule`, "POST /v2/bookings/:bookingUid/reschedule"),
  op("GET", "/v2/slots/available", "the slot availability endpoints"),
  op("GET", "/v2/slots", "the slot availability endpoints"),
  op("POST", "/v2/slots/reservations", "the slot availability endpoints"),
  op("GET", "/v2/slots/reservations/{uid}", "the slot availability endpoints"),
  op("PATCH", "/v2/slots/reservations/{uid}", "the slot availability endpoints"),
  op("DELETE", "/v2/slots/reservations/{uid}", "the slot availability endpoints"),
  op("POST", "/v2/slots/reserve", "the slot availability endpoints"),
  op("GET", "/v2/timezones", "the time zones (not in the spec's tables; the peer's public read)"),
  op("GET", "/v2/bookings/by-seat/{seatUid}", "a seat's booking (not in the spec's tables; as cancel and reschedule, the seat's uid is its holder's)"),
];

export const SCOPE_TABLE: readonly ScopeRow[] = [...USER_LEVEL_TABLE, ...TEAM_LEVEL_TABLE, ...ORG_LEVEL_TABLE];

const operationKey = (method: string, path: string) => `${method} ${path}`;

const ACCESS_BY_OPERATION: ReadonlyMap<string, RouteAccess> = new Map<string, RouteAccess>([
  ...SCOPE_TABLE.flatMap(({ scope, operations }) => operations.map((o) => [operationKey(o.method, o.path), { scope }] as const)),
  ...PUBLIC_OPERATIONS.map((o) => [operationKey(o.method, o.path), "public"] as const),
]);

/** The access the spec gives an operation: its row's scope, public, or (absent from the tables) API keys only. */
export function specifiedAccess(method: HttpMethod, path: string): RouteAccess {
  return ACCESS_BY_OPERATION.get(operationKey(method, path)) ?? "api-key-only";
}
