/**
 * The v2 conferencing routes: the spec's APPS_READ / APPS_WRITE rows. Zoom's OAuth callback is a browser step without
 * a bearer, so like the calendar callbacks it lives outside /v2: /api/conferencing/zoom/callback.
 */
import { z } from "zod";
import { defineRoute, type ApiRoute } from "../http/api-route";
import {
  ZAuthUrlOutput,
  ZAuthUrlQuery,
  ZConferencingAppOutput,
  ZConferencingAppParams,
  ZDefaultConferencingAppOutput,
  ZOAuthAppParams,
} from "./conferencing.schemas";
import {
  connectConferencingApp,
  disconnectConferencingApp,
  getDefaultConferencingApp,
  listConferencingApps,
  parseConferencingApp,
  setDefaultConferencingApp,
} from "./conferencing.service";
import { getZoomAuthUrl } from "./zoom-oauth.service";

const tag = "Conferencing";
const read = { scope: "APPS_READ" } as const;
const write = { scope: "APPS_WRITE" } as const;

export const listConferencingRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/conferencing",
    tag,
    summary: "List your conferencing applications (the built-in jitsi needs no connection and is not listed)",
    access: read,
    response: z.array(ZConferencingAppOutput),
  },
  ({ actor }) => listConferencingApps(actor),
);

export const defaultConferencingRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/conferencing/default",
    tag,
    summary: "Get your default conferencing application (jitsi until you choose another)",
    access: read,
    response: ZDefaultConferencingAppOutput,
  },
  ({ actor }) => getDefaultConferencingApp(actor),
);

export const connectConferencingRoute = defineRoute(
  {
    method: "POST",
    path: "/v2/conferencing/{app}/connect",
    tag,
    summary:
      "Connect your conferencing application (google-meet needs a connected Google Calendar, office365-video an Outlook Calendar; zoom uses oauth/auth-url)",
    access: write,
    params: ZConferencingAppParams,
    response: ZConferencingAppOutput,
  },
  ({ actor, params }) => connectConferencingApp(actor, parseConferencingApp(params.app)),
);

export const conferencingAuthUrlRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/conferencing/{app}/oauth/auth-url",
    tag,
    summary: "Get OAuth conferencing app auth URL (zoom)",
    access: write,
    params: ZOAuthAppParams,
    query: ZAuthUrlQuery,
    response: ZAuthUrlOutput,
  },
  ({ principal, query }) => getZoomAuthUrl(principal, query),
);

export const setDefaultConferencingRoute = defineRoute(
  {
    method: "POST",
    path: "/v2/conferencing/{app}/default",
    tag,
    summary: "Set your default conferencing application",
    access: write,
    params: ZConferencingAppParams,
  },
  async ({ actor, params }) => {
    await setDefaultConferencingApp(actor, parseConferencingApp(params.app));
    return null;
  },
);

export const disconnectConferencingRoute = defineRoute(
  {
    method: "DELETE",
    path: "/v2/conferencing/{app}/disconnect",
    tag,
    summary: "Disconnect your conferencing application",
    access: write,
    params: ZConferencingAppParams,
  },
  async ({ actor, params }) => {
    await disconnectConferencingApp(actor, parseConferencingApp(params.app));
    return null;
  },
);

export const conferencingRoutes: ApiRoute[] = [
  listConferencingRoute,
  defaultConferencingRoute,
  connectConferencingRoute,
  conferencingAuthUrlRoute,
  setDefaultConferencingRoute,
  disconnectConferencingRoute,
];
