import { addAttendeeRoute, listAttendeesRoute } from "@/server/bookings/bookings.routes";

export const GET = listAttendeesRoute.handle;
export const POST = addAttendeeRoute.handle;
