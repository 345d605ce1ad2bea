/**
 * The site's webhooks (/settings/developer/webhooks): the account's own, through the same services and access
 * rules as /v2/webhooks.
 */
import { z } from "zod";
import { ZIdField } from "../../http/ids";
import type { WebhookOwner } from "../../webhooks/webhook-access";
import { listDeliveries, redeliverMessage, sendTestEvent } from "../../webhooks/webhook-deliveries.service";
import { ZCreateWebhookInput, ZUpdateWebhookInput } from "../../webhooks/webhook.schemas";
import { createWebhook, deleteWebhook, listWebhooks, updateWebhook } from "../../webhooks/webhook.service";
import { protectedProcedure, router } from "../init";

const account: WebhookOwner = { kind: "user" };
const ZWebhookRef = z.object({ id: ZIdField }).strict();

export const webhooksRouter = router({
  list: protectedProcedure.query(async ({ ctx }) => (await listWebhooks(ctx.actor, account)).items),
  create: protectedProcedure.input(ZCreateWebhookInput).mutation(({ ctx, input }) => createWebhook(ctx.actor, account, input)),
  update: protectedProcedure
    .input(z.object({ id: ZIdField, changes: ZUpdateWebhookInput }).strict())
    .mutation(({ ctx, input }) => updateWebhook(ctx.actor, account, input.id, input.changes)),
  delete: protectedProcedure.input(ZWebhookRef).mutation(({ ctx, input }) => deleteWebhook(ctx.actor, account, input.id)),
  deliveries: protectedProcedure.input(ZWebhookRef).query(({ ctx, input }) => listDeliveries(ctx.actor, account, input.id)),
  redeliver: protectedProcedure
    .input(z.object({ id: ZIdField, messageId: z.string().max(100) }).strict())
    .mutation(({ ctx, input }) => redeliverMessage(ctx.actor, account, input.id, input.messageId)),
  sendTest: protectedProcedure.input(ZWebhookRef).mutation(({ ctx, input }) => sendTestEvent(ctx.actor, account, input.id)),
});
