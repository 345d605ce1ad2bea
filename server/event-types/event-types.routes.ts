import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { pageOf } from "../http/pagination";
import { ZDeleteEventTypeOutput, ZEventTypeOutput } from "./event-type.dto";
import { ZCreateEventTypeInput, ZEventTypeIdParams, ZListEventTypesQuery, ZUpdateEventTypeInput } from "./event-type.schemas";
import { createEventType, deleteEventType, getEventType, listEventTypes, updateEventType } from "./event-type.service";
import { privateLinkLevelRoutes } from "./private-link-level.routes";
import { createPrivateLink, deletePrivateLink, listPrivateLinks, updatePrivateLink } from "./private-link.service";

const tag = "Event types";
const read = { scope: "EVENT_TYPE_READ" } as const;
const write = { scope: "EVENT_TYPE_WRITE" } as const;

/** What the routes on my event types, and on one of them, share. */
const myEventTypes = { tag, path: "/v2/event-types", response: ZEventTypeOutput } as const;
const oneEventType = { tag, path: "/v2/event-types/{eventTypeId}", params: ZEventTypeIdParams } as const;

export const listEventTypesRoute = defineRoute(
  {
    ...myEventTypes,
    method: "GET",
    summary:
      "Get all my event types; with username (and eventSlug), a user's event types as their public page lists them: public, no credential needed (hidden types, private places and hidden questions left out)",
    access: read,
    publicWithQuery: ["username"],
    query: ZListEventTypesQuery,
    paginated: true,
  },
  ({ actor, query }) => pageOf(listEventTypes(actor, query), query),
);
export const createEventTypeRoute = defineRoute(
  { ...myEventTypes, method: "POST", summary: "Create an event type", access: write, body: ZCreateEventTypeInput, successStatus: 201 },
  ({ actor, body }) => createEventType(actor, body),
);
export const getEventTypeRoute = defineRoute(
  { ...oneEventType, method: "GET", summary: "Get an event type", access: read, response: ZEventTypeOutput },
  ({ actor, params }) => getEventType(actor, params.eventTypeId),
);
export const updateEventTypeRoute = defineRoute(
  { ...oneEventType, method: "PATCH", summary: "Update an event type", access: write, body: ZUpdateEventTypeInput, response: ZEventTypeOutput },
  ({ actor, params, body }) => updateEventType(actor, params.eventTypeId, body),
);
export const deleteEventTypeRoute = defineRoute(
  { ...oneEventType, method: "DELETE", summary: "Delete an event type", access: write, response: ZDeleteEventTypeOutput },
  ({ actor, params }) => deleteEventType(actor, params.eventTypeId),
);

export const {
  list: listPrivateLinksRoute,
  create: createPrivateLinkRoute,
  update: updatePrivateLinkRoute,
  remove: deletePrivateLinkRoute,
} = privateLinkLevelRoutes({
  path: "/v2/event-types/{eventTypeId}",
  tag,
  summaries: {
    list: "Get all private links for an event type",
    create: "Create a private link: expiresAt (time-based) or maxUsageCount (usage-based; one use when neither is sent)",
    update: "Update a private link: set expiresAt or maxUsageCount (the other limit is cleared)",
    delete: "Delete a private link",
  },
  params: ZEventTypeIdParams,
  read,
  write,
  list: (actor, { eventTypeId }) => listPrivateLinks(actor, eventTypeId),
  create: (actor, { eventTypeId }, body) => createPrivateLink(actor, eventTypeId, body),
  update: (actor, { eventTypeId }, linkId, body) => updatePrivateLink(actor, eventTypeId, linkId, body),
  remove: (actor, { eventTypeId }, linkId) => deletePrivateLink(actor, eventTypeId, linkId),
});

export const eventTypeRoutes: ApiRoute[] = [
  listEventTypesRoute,
  createEventTypeRoute,
  getEventTypeRoute,
  updateEventTypeRoute,
  deleteEventTypeRoute,
  listPrivateLinksRoute,
  createPrivateLinkRoute,
  updatePrivateLinkRoute,
  deletePrivateLinkRoute,
];
