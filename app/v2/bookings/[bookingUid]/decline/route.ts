import { declineBookingRoute } from "@/server/bookings/bookings.routes";

export const POST = declineBookingRoute.handle;
