import { listTimeZonesRoute } from "@/server/time/timezones.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listTimeZonesRoute);
