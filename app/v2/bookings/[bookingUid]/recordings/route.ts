import { recordingsRoute } from "@/server/bookings/bookings.routes";

export const GET = recordingsRoute.handle;
