import { disconnectConferencingRoute } from "@/server/conferencing/conferencing.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(disconnectConferencingRoute);
