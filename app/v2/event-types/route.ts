import { createEventTypeRoute, listEventTypesRoute } from "@/server/event-types/event-types.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listEventTypesRoute, createEventTypeRoute);
