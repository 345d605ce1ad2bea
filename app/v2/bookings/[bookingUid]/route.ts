import { getBookingRoute } from "@/server/bookings/bookings.routes";

export const GET = getBookingRoute.handle;
