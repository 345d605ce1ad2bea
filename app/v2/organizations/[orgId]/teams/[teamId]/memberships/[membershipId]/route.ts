import { deleteOrgTeamMembershipRoute, getOrgTeamMembershipRoute, updateOrgTeamMembershipRoute } from "@/server/organizations/org-teams.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getOrgTeamMembershipRoute, updateOrgTeamMembershipRoute, deleteOrgTeamMembershipRoute);
