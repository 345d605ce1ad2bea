import { deletePrivateLinkRoute, updatePrivateLinkRoute } from "@/server/event-types/event-types.routes";

export const PATCH = updatePrivateLinkRoute.handle;
export const DELETE = deletePrivateLinkRoute.handle;
