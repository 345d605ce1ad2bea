import { deleteEventTypeRoute, getEventTypeRoute, updateEventTypeRoute } from "@/server/event-types/event-types.routes";

export const GET = getEventTypeRoute.handle;
export const PATCH = updateEventTypeRoute.handle;
export const DELETE = deleteEventTypeRoute.handle;
