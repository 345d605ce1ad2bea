/**
 * The site's webhooks (/settings/developer/webhooks): the account's, the user's event types' and those of the team
 * event types they manage, through the same services and access rules as the /v2 routes of each level. A team event
 * type's webhook first passes the team check its /v2 route declares (authorizeTeam: 404 for a non-member, 403 naming
 * the roles), as teams.ts does, so the site and the API cannot disagree about who may do what.
 */
import { z } from "zod";
import { authorizeTeam } from "../../http/api-route";
import { ZIdField } from "../../http/ids";
import type { RouteDeclaration } from "../../http/route-definition";
import {
  deleteTeamEventTypeWebhookRoute,
  listTeamEventTypeDeliveriesRoute,
  redeliverTeamEventTypeMessageRoute,
  sendTeamEventTypeTestEventRoute,
  updateTeamEventTypeWebhookRoute,
} from "../../webhooks/team-event-type-webhooks.routes";
import type { WebhookOwner } from "../../webhooks/webhook-access";
import { listDeliveries, redeliverMessage, sendTestEvent } from "../../webhooks/webhook-deliveries.service";
import { listWebhookGroups } from "../../webhooks/webhook-groups.service";
import { ZCreateWebhookInput, ZUpdateWebhookInput } from "../../webhooks/webhook.schemas";
import { createWebhook, deleteWebhook, updateWebhook } from "../../webhooks/webhook.service";
import type { Actor } from "../../auth/actor";
import { protectedProcedure, router } from "../init";

const account: WebhookOwner = { kind: "user" };

/** Where a webhook lives, as the list names it; the account when left out. */
const ZWebhookOwner = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("user") }).strict(),
    z.object({ kind: z.literal("eventType"), eventTypeId: ZIdField }).strict(),
    z.object({ kind: z.literal("teamEventType"), teamId: ZIdField, eventTypeId: ZIdField }).strict(),
  ])
  .default(account);
const ZWebhookRef = z.object({ id: ZIdField, owner: ZWebhookOwner }).strict();

/** The team check of the /v2 route doing the same to a team event type's webhook; nothing for the other levels. */
async function checkTeam(actor: Actor, owner: WebhookOwner, route: RouteDeclaration) {
  if (owner.kind === "teamEventType") await authorizeTeam(actor, route, owner);
}

export const webhooksRouter = router({
  list: protectedProcedure.query(({ ctx }) => listWebhookGroups(ctx.actor)),
  create: protectedProcedure.input(ZCreateWebhookInput).mutation(({ ctx, input }) => createWebhook(ctx.actor, account, input)),
  update: protectedProcedure.input(ZWebhookRef.extend({ changes: ZUpdateWebhookInput })).mutation(async ({ ctx, input }) => {
    await checkTeam(ctx.actor, input.owner, updateTeamEventTypeWebhookRoute);
    return updateWebhook(ctx.actor, input.owner, input.id, input.changes);
  }),
  delete: protectedProcedure.input(ZWebhookRef).mutation(async ({ ctx, input }) => {
    await checkTeam(ctx.actor, input.owner, deleteTeamEventTypeWebhookRoute);
    return deleteWebhook(ctx.actor, input.owner, input.id);
  }),
  deliveries: protectedProcedure.input(ZWebhookRef).query(async ({ ctx, input }) => {
    await checkTeam(ctx.actor, input.owner, listTeamEventTypeDeliveriesRoute);
    return listDeliveries(ctx.actor, input.owner, input.id);
  }),
  redeliver: protectedProcedure.input(ZWebhookRef.extend({ messageId: z.string().max(100) })).mutation(async ({ ctx, input }) => {
    await checkTeam(ctx.actor, input.owner, redeliverTeamEventTypeMessageRoute);
    return redeliverMessage(ctx.actor, input.owner, input.id, input.messageId);
  }),
  sendTest: protectedProcedure.input(ZWebhookRef).mutation(async ({ ctx, input }) => {
    await checkTeam(ctx.actor, input.owner, sendTeamEventTypeTestEventRoute);
    return sendTestEvent(ctx.actor, input.owner, input.id);
  }),
});
