import { disconnectCalendarRoute } from "@/server/calendars/calendars.routes";

export const POST = disconnectCalendarRoute.handle;
