import { checkCalendarRoute } from "@/server/calendars/calendars.routes";

export const GET = checkCalendarRoute.handle;
