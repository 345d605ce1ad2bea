import { createOrgWebhookRoute, listOrgWebhooksRoute } from "@/server/organizations/org-webhooks.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listOrgWebhooksRoute, createOrgWebhookRoute);
