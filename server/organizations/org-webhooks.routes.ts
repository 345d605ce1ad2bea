/**
 * An organization's webhooks (/v2/organizations/{orgId}/webhooks, the peer's paths): they hear of every booking of the
 * organization's teams and of its accepted members (webhook-subscriptions.ts). The spec's scope tables do not list
 * them, so they are for API keys only; the organization's owners and admins manage them (org.webhooks.read / write).
 */
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { ZIdParam } from "../http/ids";
import type { WebhookOwner } from "../webhooks/webhook-access";
import { webhookDeliveryRoutes } from "../webhooks/webhook-deliveries.routes";
import { ZTeamWebhookOutput } from "../webhooks/webhook.dto";
import { ZCreateWebhookInput, ZListWebhooksQuery, ZUpdateWebhookInput } from "../webhooks/webhook.schemas";
import { createWebhook, deleteWebhook, getWebhook, listWebhooks, updateWebhook } from "../webhooks/webhook.service";
import { org, ZOrgIdParams } from "./org-teams.schemas";

const ofOrganization = ({ orgId }: { orgId: number }): WebhookOwner => ({ kind: "organization", orgId });

const tag = "Orgs / Webhooks";
const WEBHOOKS = "/v2/organizations/{orgId}/webhooks";
const read = { scope: null, org: org("org.webhooks.read") } as const;
const write = { scope: null, org: org("org.webhooks.write") } as const;
const ZOrgWebhookParams = ZOrgIdParams.extend({ webhookId: ZIdParam });

export const listOrgWebhooksRoute = defineRoute(
  {
    method: "GET",
    path: WEBHOOKS,
    tag,
    summary: "Get the organization's webhooks",
    access: read,
    params: ZOrgIdParams,
    query: ZListWebhooksQuery,
    response: ZTeamWebhookOutput,
    paginated: true,
  },
  ({ actor, params, query }) => listWebhooks(actor, ofOrganization(params), query),
);

export const createOrgWebhookRoute = defineRoute(
  {
    method: "POST",
    path: WEBHOOKS,
    tag,
    summary: "Create an organization webhook: every booking of the organization's teams and members reaches it (the answer shows its secret, once)",
    access: write,
    params: ZOrgIdParams,
    body: ZCreateWebhookInput,
    response: ZTeamWebhookOutput,
    successStatus: 201,
  },
  ({ actor, params, body }) => createWebhook(actor, ofOrganization(params), body),
);

export const getOrgWebhookRoute = defineRoute(
  {
    method: "GET",
    path: `${WEBHOOKS}/{webhookId}`,
    tag,
    summary: "Get an organization webhook",
    access: read,
    params: ZOrgWebhookParams,
    response: ZTeamWebhookOutput,
  },
  ({ actor, params }) => getWebhook(actor, ofOrganization(params), params.webhookId),
);

export const updateOrgWebhookRoute = defineRoute(
  {
    method: "PATCH",
    path: `${WEBHOOKS}/{webhookId}`,
    tag,
    summary: "Update an organization webhook (a new secret rotates: the previous one keeps signing for 24 hours)",
    access: write,
    params: ZOrgWebhookParams,
    body: ZUpdateWebhookInput,
    response: ZTeamWebhookOutput,
  },
  ({ actor, params, body }) => updateWebhook(actor, ofOrganization(params), params.webhookId, body),
);

export const deleteOrgWebhookRoute = defineRoute(
  {
    method: "DELETE",
    path: `${WEBHOOKS}/{webhookId}`,
    tag,
    summary: "Delete an organization webhook",
    access: write,
    params: ZOrgWebhookParams,
    response: ZTeamWebhookOutput,
  },
  ({ actor, params }) => deleteWebhook(actor, ofOrganization(params), params.webhookId),
);

export const {
  list: listOrgWebhookDeliveriesRoute,
  redeliver: redeliverOrgWebhookMessageRoute,
  sendTest: sendOrgWebhookTestEventRoute,
} = webhookDeliveryRoutes({
  path: `${WEBHOOKS}/{webhookId}`,
  tag,
  noun: "an organization webhook",
  params: ZOrgWebhookParams,
  owner: ofOrganization,
  read,
  write,
});

export const orgWebhookRoutes: ApiRoute[] = [
  listOrgWebhooksRoute,
  createOrgWebhookRoute,
  getOrgWebhookRoute,
  updateOrgWebhookRoute,
  deleteOrgWebhookRoute,
  listOrgWebhookDeliveriesRoute,
  redeliverOrgWebhookMessageRoute,
  sendOrgWebhookTestEventRoute,
];
