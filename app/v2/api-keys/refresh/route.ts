import { refreshApiKeyRoute } from "@/server/api-keys/api-keys.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(refreshApiKeyRoute);
