import { listOrgMembershipsRoute, createOrgMembershipRoute } from "@/server/organizations/organizations.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listOrgMembershipsRoute, createOrgMembershipRoute);
