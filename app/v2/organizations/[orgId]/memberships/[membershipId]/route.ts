import { getOrgMembershipRoute, updateOrgMembershipRoute, deleteOrgMembershipRoute } from "@/server/organizations/organizations.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getOrgMembershipRoute, updateOrgMembershipRoute, deleteOrgMembershipRoute);
