import { saveIcsFeedRoute } from "@/server/calendars/calendars.routes";

export const POST = saveIcsFeedRoute.handle;
