import { calendarLinksRoute } from "@/server/bookings/bookings.routes";

export const GET = calendarLinksRoute.handle;
