/**
 * Every /v2 route, in one list: the OpenAPI document and the route × scope tests read it, and a test
 * checks it against the route files under app/v2 so a route cannot be added without appearing here.
 * Each domain exports its routes from server/<domain>/<domain>.routes.ts.
 */
import { apiKeyRoutes } from "../api-keys/api-keys.routes";
import { bookingRoutes } from "../bookings/bookings.routes";
import { calendarRoutes } from "../calendars/calendars.routes";
import { conferencingRoutes } from "../conferencing/conferencing.routes";
import { eventTypeRoutes } from "../event-types/event-types.routes";
import { teamEventTypeRoutes } from "../event-types/team-event-types.routes";
import { meRoutes } from "../me/me.routes";
import { orgBookingRoutes } from "../organizations/org-bookings.routes";
import { orgEventTypeRoutes } from "../organizations/org-event-types.routes";
import { orgOooRoutes } from "../organizations/org-ooo.routes";
import { orgScheduleRoutes } from "../organizations/org-schedules.routes";
import { orgTeamRoutes } from "../organizations/org-teams.routes";
import { orgWebhookRoutes } from "../organizations/org-webhooks.routes";
import { organizationRoutes } from "../organizations/organizations.routes";
import { outOfOfficeRoutes } from "../out-of-office/out-of-office.routes";
import { scheduleRoutes } from "../schedules/schedules.routes";
import { slotRoutes } from "../slots/slots.routes";
import { teamResourceRoutes } from "../teams/team-resources.routes";
import { teamRoutes } from "../teams/teams.routes";
import { timeZoneRoutes } from "../time/timezones.routes";
import { webhookRoutes } from "../webhooks/webhooks.routes";
import { routingFormRoutes } from "../routing-forms/routing-forms.routes";
import { workflowRoutes } from "../workflows/workflows.routes";
import type { ApiRoute } from "./api-route";

export const ROUTE_CATALOG: readonly ApiRoute[] = [
  ...meRoutes,
  ...eventTypeRoutes,
  ...scheduleRoutes,
  ...outOfOfficeRoutes,
  ...slotRoutes,
  ...bookingRoutes,
  ...calendarRoutes,
  ...conferencingRoutes,
  ...teamRoutes,
  ...teamEventTypeRoutes,
  ...teamResourceRoutes,
  ...webhookRoutes,
  ...organizationRoutes,
  ...orgTeamRoutes,
  ...orgEventTypeRoutes,
  ...orgBookingRoutes,
  ...orgScheduleRoutes,
  ...orgOooRoutes,
  ...orgWebhookRoutes,
  ...timeZoneRoutes,
  ...apiKeyRoutes,
  ...workflowRoutes,
  ...routingFormRoutes,
];
