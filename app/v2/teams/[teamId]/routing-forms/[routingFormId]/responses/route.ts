import { teamRoutingFormRoutes } from "@/server/routing-forms/routing-forms.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(teamRoutingFormRoutes.responses);
