import { cancelBookingRoute } from "@/server/bookings/bookings.routes";

export const POST = cancelBookingRoute.handle;
