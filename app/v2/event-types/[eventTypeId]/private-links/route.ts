import { createPrivateLinkRoute, listPrivateLinksRoute } from "@/server/event-types/event-types.routes";

export const GET = listPrivateLinksRoute.handle;
export const POST = createPrivateLinkRoute.handle;
