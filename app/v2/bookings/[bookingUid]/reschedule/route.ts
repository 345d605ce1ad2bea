import { rescheduleBookingRoute } from "@/server/bookings/bookings.routes";

export const POST = rescheduleBookingRoute.handle;
