import { updateOrgUserRoute, deleteOrgUserRoute } from "@/server/organizations/organizations.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(updateOrgUserRoute, deleteOrgUserRoute);
