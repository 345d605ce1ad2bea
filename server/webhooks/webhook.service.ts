/**
 * Webhook subscriptions, at each of their levels (account, personal event type, team event type, organization): one
 * set of use cases, the level given as a WebhookOwner; who reaches which rows is webhook-access.ts's business.
 */
import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import { eventTypeNotFound } from "../event-types/event-type.service";
import { AppError } from "../errors";
import { Page, type TPaginationQuery } from "../http/pagination";
import { eventTypeForWebhooks, requireOwnerPermission, webhooksAt, type WebhookAccessMode, type WebhookOwner } from "./webhook-access";
import { toWebhookOutput, WEBHOOK_SELECT } from "./webhook.dto";
import { ZCreateWebhookInput, ZUpdateWebhookInput, type TCreateWebhookInput, type TUpdateWebhookInput } from "./webhook.schemas";
import { rotatedSecretColumns, sealWebhookSecret } from "./webhook-secrets";
import { newWebhookSecret } from "./webhook-signing";
import { assertSubscriberUrl, defaultUrlPolicy, type UrlPolicy } from "./webhook-url";

export const webhookNotFound = () => new AppError("NOT_FOUND", "Webhook not found");

/** The team permission, then the event type must exist for the actor (404 otherwise) before its webhooks are listed or changed. */
async function assertOwnerReachable(actor: Actor, owner: WebhookOwner, mode: WebhookAccessMode) {
  await requireOwnerPermission(actor, owner, mode);
  const where = eventTypeForWebhooks(actor, owner, mode);
  if (where && !(await db.eventType.findFirst({ where, select: { id: true } }))) throw eventTypeNotFound();
}

const ownerColumns = (actor: Actor, owner: WebhookOwner) =>
  owner.kind === "user" ? { userId: actor.userId } : owner.kind === "organization" ? { teamId: owner.orgId } : { eventTypeId: owner.eventTypeId };

export async function listWebhooks(actor: Actor, owner: WebhookOwner, query: TPaginationQuery = { take: 250, skip: 0 }) {
  await assertOwnerReachable(actor, owner, "read");
  const where = webhooksAt(actor, owner, "read");
  const [rows, total] = await Promise.all([
    db.webhook.findMany({ where, select: WEBHOOK_SELECT, orderBy: { id: "asc" }, take: query.take, skip: query.skip }),
    db.webhook.count({ where }),
  ]);
  return new Page(
    rows.map((row) => toWebhookOutput(row)),
    total,
    query,
  );
}

export async function getWebhook(actor: Actor, owner: WebhookOwner, webhookId: number, mode: WebhookAccessMode = "read") {
  await requireOwnerPermission(actor, owner, mode);
  const row = await db.webhook.findFirst({ where: { id: webhookId, ...webhooksAt(actor, owner, mode) }, select: WEBHOOK_SELECT });
  if (!row) throw webhookNotFound();
  return toWebhookOutput(row);
}

/** The answer holds the secret: the only time it leaves the server. */
export async function createWebhook(actor: Actor, owner: WebhookOwner, input: TCreateWebhookInput, urlPolicy: UrlPolicy = defaultUrlPolicy()) {
  const { subscriberUrl, triggers, active, payloadTemplate, secret: chosen } = ZCreateWebhookInput.parse(input);
  await assertOwnerReachable(actor, owner, "write");
  await assertSubscriberUrl(subscriberUrl, urlPolicy);
  const secret = chosen ?? newWebhookSecret();
  const row = await db.$transaction(async (tx) => {
    // The secret is sealed to the row's id, which exists once the row does.
    const created = await tx.webhook.create({
      data: { ...ownerColumns(actor, owner), subscriberUrl, triggers, active, payloadTemplate: payloadTemplate ?? null, secretEncrypted: "" },
      select: { id: true },
    });
    return tx.webhook.update({ where: { id: created.id }, data: { secretEncrypted: sealWebhookSecret(created.id, secret) }, select: WEBHOOK_SELECT });
  });
  return toWebhookOutput(row, secret);
}

/** A new `secret` rotates: the previous one keeps signing for 24 hours. `active: true` clears a disabled state. */
export async function updateWebhook(
  actor: Actor,
  owner: WebhookOwner,
  webhookId: number,
  input: TUpdateWebhookInput,
  urlPolicy: UrlPolicy = defaultUrlPolicy(),
) {
  const { subscriberUrl, triggers, active, payloadTemplate, secret } = ZUpdateWebhookInput.parse(input);
  await requireOwnerPermission(actor, owner, "write");
  if (subscriberUrl !== undefined) await assertSubscriberUrl(subscriberUrl, urlPolicy);
  return db.$transaction(async (tx) => {
    const [stored] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "Webhook" WHERE id = ${webhookId} FOR UPDATE`;
    const current = stored && (await tx.webhook.findFirst({ where: { id: webhookId, ...webhooksAt(actor, owner, "write") } }));
    if (!current) throw webhookNotFound();
    const row = await tx.webhook.update({
      where: { id: webhookId },
      data: {
        subscriberUrl,
        triggers,
        payloadTemplate,
        active,
        ...(active === true ? { disabledAt: null, disabledReason: null } : {}),
        ...(secret !== undefined ? rotatedSecretColumns(current, secret) : {}),
      },
      select: WEBHOOK_SELECT,
    });
    return toWebhookOutput(row);
  });
}

export async function deleteWebhook(actor: Actor, owner: WebhookOwner, webhookId: number) {
  const output = await getWebhook(actor, owner, webhookId, "write");
  const { count } = await db.webhook.deleteMany({ where: { id: webhookId, ...webhooksAt(actor, owner, "write") } });
  if (count === 0) throw webhookNotFound();
  return output;
}

/** The peer answers a sentence: "<n> webhooks deleted". */
export async function deleteAllWebhooks(actor: Actor, owner: WebhookOwner) {
  await assertOwnerReachable(actor, owner, "write");
  const { count } = await db.webhook.deleteMany({ where: webhooksAt(actor, owner, "write") });
  return `${count} webhooks deleted`;
}
