import { listCalendarsRoute } from "@/server/calendars/calendars.routes";

export const GET = listCalendarsRoute.handle;
