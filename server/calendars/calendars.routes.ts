/** The v2 calendar routes: the spec's APPS_READ / APPS_WRITE rows for calendars. */
import { z } from "zod";
import { defineRoute, type ApiRoute } from "../http/api-route";
import { getConnectUrl } from "./calendar-oauth.service";
import {
  ZBusyTimeOutput,
  ZConnectedCalendarsOutput,
  ZConnectionCheckOutput,
  ZConnectUrlOutput,
  ZCredentialOutput,
  ZIcsFeedCheckOutput,
  ZSelectedCalendarOutput,
} from "./calendars.dto";
import {
  ZAppleCalendarParams,
  ZAppleCredentialsInput,
  ZBusyTimesQuery,
  ZCheckCalendarParams,
  ZConnectQuery,
  ZDestinationCalendarInput,
  ZDisconnectCalendarParams,
  ZDisconnectInput,
  ZIcsFeedCheckQuery,
  ZOAuthCalendarParams,
  ZSaveIcsFeedInput,
  ZSelectedCalendarInput,
  ZSelectedCalendarQuery,
} from "./calendars.schemas";
import {
  checkConnection,
  checkIcsFeed,
  disconnectCalendar,
  getBusyTimes,
  listConnectedCalendars,
  saveCalDavCredentials,
  saveIcsFeed,
} from "./calendars.service";
import { addSelectedCalendar, removeSelectedCalendar, setDestinationCalendar } from "./selected-calendars.service";

const tag = "Calendars";
const read = { scope: "APPS_READ" } as const;
const write = { scope: "APPS_WRITE" } as const;

export const listCalendarsRoute = defineRoute(
  { method: "GET", path: "/v2/calendars", tag, summary: "Get all calendars", access: read, response: ZConnectedCalendarsOutput },
  ({ actor }) => listConnectedCalendars(actor),
);

export const busyTimesRoute = defineRoute(
  { method: "GET", path: "/v2/calendars/busy-times", tag, summary: "Get busy times", access: read, query: ZBusyTimesQuery, response: z.array(ZBusyTimeOutput) },
  ({ actor, query }) => getBusyTimes(actor, query),
);

export const checkIcsFeedRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/calendars/ics-feed/check",
    tag,
    summary: "Check an ICS feed",
    access: read,
    query: ZIcsFeedCheckQuery,
    response: ZIcsFeedCheckOutput,
  },
  ({ actor, query }) => checkIcsFeed(actor, query.url),
);

export const saveIcsFeedRoute = defineRoute(
  {
    method: "POST",
    path: "/v2/calendars/ics-feed/save",
    tag,
    summary: "Save an ICS feed",
    access: write,
    body: ZSaveIcsFeedInput,
    response: ZCredentialOutput,
    successStatus: 201,
  },
  ({ actor, body }) => saveIcsFeed(actor, body),
);

export const connectUrlRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/calendars/{calendar}/connect",
    tag,
    summary: "Get OAuth connect URL (the provider then redirects to /api/calendars/{calendar}/callback)",
    access: write,
    params: ZOAuthCalendarParams,
    query: ZConnectQuery,
    response: ZConnectUrlOutput,
  },
  ({ principal, params, query }) => getConnectUrl(principal, params.calendar, query),
);

export const appleCredentialsRoute = defineRoute(
  {
    method: "POST",
    path: "/v2/calendars/{calendar}/credentials",
    tag,
    summary: "Save Apple calendar credentials (iCloud, or any CalDAV server given as url)",
    access: write,
    params: ZAppleCalendarParams,
    body: ZAppleCredentialsInput,
    response: ZCredentialOutput,
    successStatus: 201,
  },
  ({ actor, body }) => saveCalDavCredentials(actor, body),
);

export const checkCalendarRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/calendars/{calendar}/check",
    tag,
    summary: "Check a calendar connection",
    access: read,
    params: ZCheckCalendarParams,
    response: ZConnectionCheckOutput,
  },
  ({ actor, params }) => checkConnection(actor, params.calendar),
);

export const disconnectCalendarRoute = defineRoute(
  {
    method: "POST",
    path: "/v2/calendars/{calendar}/disconnect",
    tag,
    summary: "Disconnect a calendar",
    access: write,
    params: ZDisconnectCalendarParams,
    body: ZDisconnectInput,
    response: ZCredentialOutput,
  },
  ({ actor, params, body }) => disconnectCalendar(actor, params.calendar, body.id),
);

export const addSelectedCalendarRoute = defineRoute(
  {
    method: "POST",
    path: "/v2/selected-calendars",
    tag: "Selected calendars",
    summary: "Add a selected calendar (checked for conflicts)",
    access: write,
    body: ZSelectedCalendarInput,
    response: ZSelectedCalendarOutput,
    successStatus: 201,
  },
  ({ actor, body }) => addSelectedCalendar(actor, body),
);

export const removeSelectedCalendarRoute = defineRoute(
  {
    method: "DELETE",
    path: "/v2/selected-calendars",
    tag: "Selected calendars",
    summary: "Delete a selected calendar",
    access: write,
    query: ZSelectedCalendarQuery,
    response: ZSelectedCalendarOutput,
  },
  ({ actor, query }) => removeSelectedCalendar(actor, query),
);

export const destinationCalendarRoute = defineRoute(
  {
    method: "PUT",
    path: "/v2/destination-calendars",
    tag: "Destination calendars",
    summary: "Update destination calendars",
    access: write,
    body: ZDestinationCalendarInput,
    response: ZSelectedCalendarOutput,
  },
  ({ actor, body }) => setDestinationCalendar(actor, body),
);

export const calendarRoutes: ApiRoute[] = [
  listCalendarsRoute,
  busyTimesRoute,
  checkIcsFeedRoute,
  saveIcsFeedRoute,
  connectUrlRoute,
  appleCredentialsRoute,
  checkCalendarRoute,
  disconnectCalendarRoute,
  addSelectedCalendarRoute,
  removeSelectedCalendarRoute,
  destinationCalendarRoute,
];
