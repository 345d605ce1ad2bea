import { appleCredentialsRoute } from "@/server/calendars/calendars.routes";

export const POST = appleCredentialsRoute.handle;
