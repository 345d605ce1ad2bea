import { checkIcsFeedRoute } from "@/server/calendars/calendars.routes";

export const GET = checkIcsFeedRoute.handle;
