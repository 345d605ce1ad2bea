import { destinationCalendarRoute } from "@/server/calendars/calendars.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(destinationCalendarRoute);
