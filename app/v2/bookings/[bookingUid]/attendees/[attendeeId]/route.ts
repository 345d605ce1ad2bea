import { getAttendeeRoute } from "@/server/bookings/bookings.routes";

export const GET = getAttendeeRoute.handle;
