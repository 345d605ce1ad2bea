import { listOrgTeamBookingsRoute } from "@/server/organizations/org-bookings.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listOrgTeamBookingsRoute);
