import { deleteScheduleRoute, getScheduleRoute, updateScheduleRoute } from "@/server/schedules/schedules.routes";

export const GET = getScheduleRoute.handle;
export const PATCH = updateScheduleRoute.handle;
export const DELETE = deleteScheduleRoute.handle;
