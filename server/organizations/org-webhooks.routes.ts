/**
 * An organization's webhooks (/v2/organizations/{orgId}/webhooks, the peer's paths): they hear of every booking of the
 * organization's teams and of its accepted members (webhook-subscriptions.ts). The spec's scope tables do not list
 * them, so they are for API keys only; the organization's owners and admins manage them (org.webhooks.read / write).
 */
import { ZIdParam } from "../http/ids";
import { webhookLevelRoutes } from "../webhooks/webhook-level.routes";
import { ZTeamWebhookOutput } from "../webhooks/webhook.dto";
import { org, ZOrgIdParams } from "./org-teams.schemas";

const read = { scope: null, org: org("org.webhooks.read") } as const;
const write = { scope: null, org: org("org.webhooks.write") } as const;

export const {
  list: listOrgWebhooksRoute,
  create: createOrgWebhookRoute,
  get: getOrgWebhookRoute,
  update: updateOrgWebhookRoute,
  remove: deleteOrgWebhookRoute,
  listDeliveries: listOrgWebhookDeliveriesRoute,
  redeliver: redeliverOrgWebhookMessageRoute,
  sendTest: sendOrgWebhookTestEventRoute,
  all: orgWebhookRoutes,
} = webhookLevelRoutes({
  path: "/v2/organizations/{orgId}/webhooks",
  tag: "Orgs / Webhooks",
  noun: "an organization webhook",
  summaries: {
    list: "Get the organization's webhooks",
    create: "Create an organization webhook: every booking of the organization's teams and members reaches it (the answer shows its secret, once)",
    get: "Get an organization webhook",
    update: "Update an organization webhook (a new secret rotates: the previous one keeps signing for 24 hours)",
    delete: "Delete an organization webhook",
  },
  params: ZOrgIdParams,
  itemParams: ZOrgIdParams.extend({ webhookId: ZIdParam }),
  owner: ({ orgId }) => ({ kind: "organization", orgId }),
  read,
  write,
  deliveries: { read, write },
  response: ZTeamWebhookOutput,
});
