import { getDefaultScheduleRoute } from "@/server/schedules/schedules.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getDefaultScheduleRoute);
