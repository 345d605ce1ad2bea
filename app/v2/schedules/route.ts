import { createScheduleRoute, listSchedulesRoute } from "@/server/schedules/schedules.routes";

export const GET = listSchedulesRoute.handle;
export const POST = createScheduleRoute.handle;
