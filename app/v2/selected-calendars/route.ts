import { addSelectedCalendarRoute, removeSelectedCalendarRoute } from "@/server/calendars/calendars.routes";

export const POST = addSelectedCalendarRoute.handle;
export const DELETE = removeSelectedCalendarRoute.handle;
