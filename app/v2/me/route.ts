import { getMeRoute, updateMeRoute } from "@/server/me/me.routes";

export const GET = getMeRoute.handle;
export const PATCH = updateMeRoute.handle;
