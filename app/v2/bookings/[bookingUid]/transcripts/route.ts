import { transcriptsRoute } from "@/server/bookings/bookings.routes";

export const GET = transcriptsRoute.handle;
