/** The delivery log of a webhook and its two actions: redeliver a message, send a test event. */
import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import { AppError } from "../errors";
import { requireOwnerPermission, webhooksAt, type WebhookOwner } from "./webhook-access";
import { deliverWebhookMessage, type DeliveryOptions } from "./webhook-delivery";
import type { TWebhookDeliveryOutput } from "./webhook.dto";
import { createTestMessage } from "./webhook-messages";
import { webhookNotFound } from "./webhook.service";

const DEFAULT_DELIVERIES = 50;

async function reachableWebhookId(actor: Actor, owner: WebhookOwner, webhookId: number, mode: "read" | "write") {
  await requireOwnerPermission(actor, owner, mode);
  const row = await db.webhook.findFirst({ where: { id: webhookId, ...webhooksAt(actor, owner, mode) }, select: { id: true } });
  if (!row) throw webhookNotFound();
  return row.id;
}

const ATTEMPT_SELECT = {
  id: true,
  messageId: true,
  attempt: true,
  startedAt: true,
  durationMs: true,
  status: true,
  response: true,
  message: { select: { trigger: true, state: true } },
} as const;

type AttemptRow = { message: { trigger: string; state: string }; startedAt: Date } & Omit<TWebhookDeliveryOutput, "startedAt" | "trigger" | "messageState">;

const toDeliveryOutput = ({ message, startedAt, ...row }: AttemptRow): TWebhookDeliveryOutput => ({
  ...row,
  startedAt: startedAt.toISOString(),
  trigger: message.trigger,
  messageState: message.state as TWebhookDeliveryOutput["messageState"],
});

/** The last attempts, newest first. */
export async function listDeliveries(actor: Actor, owner: WebhookOwner, webhookId: number, take = DEFAULT_DELIVERIES): Promise<TWebhookDeliveryOutput[]> {
  const id = await reachableWebhookId(actor, owner, webhookId, "read");
  const rows = await db.webhookAttempt.findMany({
    where: { message: { webhookId: id } },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    take,
    select: ATTEMPT_SELECT,
  });
  return rows.map(toDeliveryOutput);
}

async function latestAttemptOf(messageId: string): Promise<TWebhookDeliveryOutput> {
  return toDeliveryOutput(
    await db.webhookAttempt.findFirstOrThrow({ where: { messageId }, orderBy: [{ attempt: "desc" }, { id: "desc" }], select: ATTEMPT_SELECT }),
  );
}

/** A new attempt of a message now, with the same webhook-id; answers that attempt. */
export async function redeliverMessage(actor: Actor, owner: WebhookOwner, webhookId: number, messageId: string, options: DeliveryOptions = {}) {
  const id = await reachableWebhookId(actor, owner, webhookId, "write");
  const message = await db.webhookMessage.findFirst({ where: { id: messageId, webhookId: id }, select: { id: true } });
  if (!message) throw new AppError("NOT_FOUND", "Webhook message not found");
  await deliverWebhookMessage(message.id, 0, { ...options, manual: true });
  return latestAttemptOf(message.id);
}

/** A PING delivered now (paused or not: the owner asked for it); answers the attempt. */
export async function sendTestEvent(actor: Actor, owner: WebhookOwner, webhookId: number, options: DeliveryOptions = {}) {
  const id = await reachableWebhookId(actor, owner, webhookId, "write");
  const messageId = await createTestMessage(id);
  await deliverWebhookMessage(messageId, 0, { ...options, manual: true });
  return latestAttemptOf(messageId);
}
