import { createMembershipRoute, listMembershipsRoute } from "@/server/teams/teams.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listMembershipsRoute, createMembershipRoute);
