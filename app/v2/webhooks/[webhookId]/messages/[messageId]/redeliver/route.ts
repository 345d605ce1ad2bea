import { redeliverRoute } from "@/server/webhooks/webhooks.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(redeliverRoute);
