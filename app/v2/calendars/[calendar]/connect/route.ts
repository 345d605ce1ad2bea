import { connectUrlRoute } from "@/server/calendars/calendars.routes";

export const GET = connectUrlRoute.handle;
