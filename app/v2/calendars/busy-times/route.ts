import { busyTimesRoute } from "@/server/calendars/calendars.routes";

export const GET = busyTimesRoute.handle;
