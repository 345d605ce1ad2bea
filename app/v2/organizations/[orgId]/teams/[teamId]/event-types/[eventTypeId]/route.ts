import { deleteOrgTeamEventTypeRoute, getOrgTeamEventTypeRoute, updateOrgTeamEventTypeRoute } from "@/server/organizations/org-event-types.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getOrgTeamEventTypeRoute, updateOrgTeamEventTypeRoute, deleteOrgTeamEventTypeRoute);
