import { createBookingRoute, listBookingsRoute } from "@/server/bookings/bookings.routes";

export const GET = listBookingsRoute.handle;
export const POST = createBookingRoute.handle;
