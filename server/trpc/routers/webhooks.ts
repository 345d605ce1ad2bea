/**
 * The site's webhooks (/settings/developer/webhooks): the account's, the user's event types' and those of the team
 * event types they manage, through the same services and access rules as the /v2 routes of each level. A team event
 * type's webhook use cases check the team permission themselves (requireOwnerPermission: 404 for a non-member, 403
 * naming the roles), so the site and the API cannot disagree about who may do what.
 */
import { z } from "zod";
import { ZIdField } from "../../http/ids";
import type { WebhookOwner } from "../../webhooks/webhook-access";
import { listDeliveries, redeliverMessage, sendTestEvent } from "../../webhooks/webhook-deliveries.service";
import { listWebhookGroups } from "../../webhooks/webhook-groups.service";
import { ZCreateWebhookInput, ZUpdateWebhookInput } from "../../webhooks/webhook.schemas";
import { createWebhook, deleteWebhook, listWebhooks, updateWebhook } from "../../webhooks/webhook.service";
import { protectedProcedure, router } from "../init";

const account: WebhookOwner = { kind: "user" };

/** Where a webhook lives, as the list names it; the account when left out. */
const ZWebhookOwner = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("user") }).strict(),
    z.object({ kind: z.literal("eventType"), eventTypeId: ZIdField }).strict(),
    z.object({ kind: z.literal("teamEventType"), teamId: ZIdField, eventTypeId: ZIdField }).strict(),
    z.object({ kind: z.literal("organization"), orgId: ZIdField }).strict(),
  ])
  .default(account);
const ZWebhookRef = z.object({ id: ZIdField, owner: ZWebhookOwner }).strict();
const ZOrgRef = z.object({ orgId: ZIdField }).strict();
const ofOrganization = (orgId: number): WebhookOwner => ({ kind: "organization", orgId });

export const webhooksRouter = router({
  list: protectedProcedure.query(({ ctx }) => listWebhookGroups(ctx.actor)),
  create: protectedProcedure.input(ZCreateWebhookInput).mutation(({ ctx, input }) => createWebhook(ctx.actor, account, input)),
  // /v2/organizations/{orgId}/webhooks' use cases (org.webhooks.read / write, checked there); the cards then use update,
  // delete and deliveries with the organization as owner.
  organizationList: protectedProcedure.input(ZOrgRef).query(async ({ ctx, input }) => (await listWebhooks(ctx.actor, ofOrganization(input.orgId))).items),
  organizationCreate: protectedProcedure
    .input(ZOrgRef.extend({ body: ZCreateWebhookInput }))
    .mutation(({ ctx, input }) => createWebhook(ctx.actor, ofOrganization(input.orgId), input.body)),
  update: protectedProcedure
    .input(ZWebhookRef.extend({ changes: ZUpdateWebhookInput }))
    .mutation(({ ctx, input }) => updateWebhook(ctx.actor, input.owner, input.id, input.changes)),
  delete: protectedProcedure.input(ZWebhookRef).mutation(({ ctx, input }) => deleteWebhook(ctx.actor, input.owner, input.id)),
  deliveries: protectedProcedure.input(ZWebhookRef).query(({ ctx, input }) => listDeliveries(ctx.actor, input.owner, input.id)),
  redeliver: protectedProcedure
    .input(ZWebhookRef.extend({ messageId: z.string().max(100) }))
    .mutation(({ ctx, input }) => redeliverMessage(ctx.actor, input.owner, input.id, input.messageId)),
  sendTest: protectedProcedure.input(ZWebhookRef).mutation(({ ctx, input }) => sendTestEvent(ctx.actor, input.owner, input.id)),
});
