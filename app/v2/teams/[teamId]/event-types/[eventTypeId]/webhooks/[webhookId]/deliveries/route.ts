import { listTeamEventTypeDeliveriesRoute } from "@/server/webhooks/team-event-type-webhooks.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listTeamEventTypeDeliveriesRoute);
