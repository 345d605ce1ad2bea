import { updateLocationRoute } from "@/server/bookings/bookings.routes";

export const PATCH = updateLocationRoute.handle;
