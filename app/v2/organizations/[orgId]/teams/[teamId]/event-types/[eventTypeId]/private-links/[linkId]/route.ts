import { deleteOrgTeamPrivateLinkRoute, updateOrgTeamPrivateLinkRoute } from "@/server/organizations/org-event-types.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(updateOrgTeamPrivateLinkRoute, deleteOrgTeamPrivateLinkRoute);
