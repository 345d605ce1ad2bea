import { getDefaultScheduleRoute } from "@/server/schedules/schedules.routes";

export const GET = getDefaultScheduleRoute.handle;
