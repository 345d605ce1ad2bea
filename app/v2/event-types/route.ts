import { createEventTypeRoute, listEventTypesRoute } from "@/server/event-types/event-types.routes";

export const GET = listEventTypesRoute.handle;
export const POST = createEventTypeRoute.handle;
