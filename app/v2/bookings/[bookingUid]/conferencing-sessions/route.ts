import { conferencingSessionsRoute } from "@/server/bookings/bookings.routes";

export const GET = conferencingSessionsRoute.handle;
