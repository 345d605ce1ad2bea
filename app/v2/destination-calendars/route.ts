import { destinationCalendarRoute } from "@/server/calendars/calendars.routes";

export const PUT = destinationCalendarRoute.handle;
