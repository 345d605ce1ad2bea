import { markAbsentRoute } from "@/server/bookings/bookings.routes";

export const POST = markAbsentRoute.handle;
