import { listOrgTeamWorkflowsRoute, createOrgTeamWorkflowRoute } from "@/server/workflows/workflows.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listOrgTeamWorkflowsRoute, createOrgTeamWorkflowRoute);
