import { listOrgSchedulesRoute } from "@/server/organizations/org-schedules.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listOrgSchedulesRoute);
