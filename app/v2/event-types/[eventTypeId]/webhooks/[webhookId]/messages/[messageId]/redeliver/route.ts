import { redeliverEventTypeMessageRoute } from "@/server/webhooks/event-type-webhooks.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(redeliverEventTypeMessageRoute);
