import { listOrgOooRoute } from "@/server/organizations/org-ooo.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listOrgOooRoute);
