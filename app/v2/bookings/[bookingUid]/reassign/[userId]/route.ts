import { reassignToUserRoute } from "@/server/bookings/bookings.routes";

export const POST = reassignToUserRoute.handle;
