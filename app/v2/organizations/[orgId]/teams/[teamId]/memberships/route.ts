import { createOrgTeamMembershipRoute, listOrgTeamMembershipsRoute } from "@/server/organizations/org-teams.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listOrgTeamMembershipsRoute, createOrgTeamMembershipRoute);
