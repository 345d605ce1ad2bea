import { getMeRoute, updateMeRoute } from "@/server/me/me.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getMeRoute, updateMeRoute);
