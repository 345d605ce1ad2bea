import { getWebhookRoute, updateWebhookRoute, deleteWebhookRoute } from "@/server/webhooks/webhooks.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getWebhookRoute, updateWebhookRoute, deleteWebhookRoute);
