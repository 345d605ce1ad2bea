import { referencesRoute } from "@/server/bookings/bookings.routes";

export const GET = referencesRoute.handle;
