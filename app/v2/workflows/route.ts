import { listOwnWorkflowsRoute, createOwnWorkflowRoute } from "@/server/workflows/workflows.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listOwnWorkflowsRoute, createOwnWorkflowRoute);
