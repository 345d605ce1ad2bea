import { deleteEventTypeRoute, getEventTypeRoute, updateEventTypeRoute } from "@/server/event-types/event-types.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getEventTypeRoute, updateEventTypeRoute, deleteEventTypeRoute);
