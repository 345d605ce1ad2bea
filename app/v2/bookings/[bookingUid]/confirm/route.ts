import { confirmBookingRoute } from "@/server/bookings/bookings.routes";

export const POST = confirmBookingRoute.handle;
