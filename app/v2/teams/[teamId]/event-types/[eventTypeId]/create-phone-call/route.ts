import { createPhoneCallRoute } from "@/server/event-types/team-event-types.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createPhoneCallRoute);
