import { getBookingBySeatRoute } from "@/server/bookings/bookings.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getBookingBySeatRoute);
