import { reassignAutoRoute } from "@/server/bookings/bookings.routes";

export const POST = reassignAutoRoute.handle;
