import { addGuestsRoute } from "@/server/bookings/bookings.routes";

export const POST = addGuestsRoute.handle;
