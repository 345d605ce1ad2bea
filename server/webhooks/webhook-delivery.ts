/**
 * One delivery attempt of a webhook message: POST the frozen payload (or the webhook's template filled from
 * it), signed with the webhook's current secrets, with the message's id as `webhook-id` on every attempt and a
 * fresh timestamp. A 10 s deadline, no redirect followed, the answer read to at most 64 KB, the subscriber's
 * address checked again after this attempt's own DNS resolution. The attempt is logged; the retry policy decides
 * what follows, and a retry is scheduled (through the `schedule` hook: the job queue) in the transaction that
 * records it, so a crash cannot lose it. The transaction that ends a message (delivered, or given up) lets the next
 * message of its booking to its webhook go (webhook-ordering.ts).
 */
import type { Prisma } from "../db/generated/client";
import { db, type Tx } from "../db/client";
import { enqueueJob } from "../jobs/queue";
import { log } from "../log";
import { OutboundUrlError, requestUserUrl, type OutboundResponse } from "../security/outbound-http";
import { nextStep, type NextStep } from "./retry-policy";
import { disableWebhook } from "./webhook-disable";
import { releaseNextMessage } from "./webhook-ordering";
import type { WebhookBody } from "./webhook-payload";
import { signingSecretsOf } from "./webhook-secrets";
import { signedHeaders } from "./webhook-signing";
import { renderTemplate } from "./webhook-template";
import { defaultUrlPolicy, type UrlPolicy } from "./webhook-url";

export const DELIVERY_TIMEOUT_MS = 10_000;
export const MAX_RESPONSE_BYTES = 64 * 1024;
/** What the delivery log keeps of an answer. */
export const LOGGED_RESPONSE_CHARS = 1_000;

/** The job of one delivery attempt (webhook-jobs.ts defines its handler). */
export const DELIVER_JOB = "webhook.deliver";

/** Schedules attempt number `attempt` of a message at `at`, inside the caller's transaction. */
export type ScheduleAttempt = (tx: Tx, job: { messageId: string; attempt: number }, at: Date) => Promise<void>;

/** On the job queue; the singleton key names the message and attempt. */
export const scheduleOnQueue: ScheduleAttempt = async (tx, job, at) => {
  await enqueueJob(tx, DELIVER_JOB, job, { startAfter: at, singletonKey: `${job.messageId}:${job.attempt}` });
};

export type DeliveryOptions = Partial<UrlPolicy> & {
  timeoutMs?: number;
  /** Redeliver and "send test event": one attempt now, whatever the state; no retry follows. */
  manual?: boolean;
  /** Where retries go (none without it); a message let go after this one goes there too, else on the job queue. */
  schedule?: ScheduleAttempt;
  now?: () => Date;
  random?: () => number;
};

export type DeliveryOutcome = { skipped: true; reason: string } | { skipped: false; attempt: number; status: number | null; step: NextStep };

const MESSAGE_SELECT = {
  id: true,
  trigger: true,
  payload: true,
  state: true,
  attemptCount: true,
  orderingKey: true,
  createdAt: true,
  webhook: {
    select: {
      id: true,
      subscriberUrl: true,
      payloadTemplate: true,
      active: true,
      disabledAt: true,
      secretEncrypted: true,
      previousSecretEncrypted: true,
      previousSecretExpiresAt: true,
    },
  },
} as const;

/** The request body: the template filled from the payload's fields (and the two envelope fields), or the JSON body. */
export function bodyOf(payload: WebhookBody, template: string | null): string {
  if (!template) return JSON.stringify(payload);
  return renderTemplate(template, { ...payload.payload, triggerEvent: payload.triggerEvent, createdAt: payload.createdAt });
}

async function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: DeliveryOptions,
): Promise<{ response: OutboundResponse | null; error: string | null }> {
  const policy = { ...defaultUrlPolicy(), ...options };
  try {
    const response = await requestUserUrl(url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "Convene-Webhooks/1.0", ...headers },
      body,
      timeoutMs: options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      maxBytes: MAX_RESPONSE_BYTES,
      onOversize: "truncate",
      allowPrivateNetwork: policy.allowPrivateNetwork,
      resolve: policy.resolve,
    });
    return { response, error: null };
  } catch (error) {
    return { response: null, error: error instanceof OutboundUrlError ? error.message : "The request failed" };
  }
}

/** The next message of the booking to the webhook, if it was waiting for this one, is due now. */
async function releaseNext(tx: Tx, webhookId: number, orderingKey: string, schedule: ScheduleAttempt): Promise<void> {
  const next = await releaseNextMessage(tx, webhookId, orderingKey);
  if (next) await schedule(tx, { messageId: next.id, attempt: next.attempt }, new Date());
}

/** A message whose webhook is paused or disabled is given up, and lets the next one of its booking go (to be given up too). */
async function giveUp(messageId: string, webhookId: number, orderingKey: string | null, schedule: ScheduleAttempt): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.webhookMessage.updateMany({ where: { id: messageId, state: "PENDING" }, data: { state: "FAILED", nextAttemptAt: null } });
    if (count > 0 && orderingKey) await releaseNext(tx, webhookId, orderingKey, schedule);
  });
}

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

export async function deliverWebhookMessage(messageId: string, attempt: number, options: DeliveryOptions = {}): Promise<DeliveryOutcome> {
  const now = options.now ?? (() => new Date());
  const message = await db.webhookMessage.findUnique({ where: { id: messageId }, select: MESSAGE_SELECT });
  if (!message) return { skipped: true, reason: "no such message" };
  const schedule = options.schedule ?? scheduleOnQueue;
  if (!options.manual) {
    if (message.state !== "PENDING") return { skipped: true, reason: `message ${message.state.toLowerCase()}` };
    if (message.attemptCount >= attempt) return { skipped: true, reason: `attempt ${attempt} already made` };
    if (!message.webhook.active || message.webhook.disabledAt) {
      await giveUp(messageId, message.webhook.id, message.orderingKey, schedule);
      return { skipped: true, reason: "webhook paused or disabled" };
    }
  }
  const number = options.manual ? message.attemptCount + 1 : attempt;

  const body = bodyOf(message.payload as WebhookBody, message.webhook.payloadTemplate);
  const startedAt = now();
  const headers = signedHeaders(signingSecretsOf(message.webhook, startedAt), message.id, body, startedAt);
  const { response, error } = await post(message.webhook.subscriberUrl, body, headers, options);
  const endedAt = now();
  const status = response?.status ?? null;
  const step: NextStep = options.manual
    ? status !== null && status >= 200 && status < 300
      ? { action: "delivered" }
      : { action: "drop", reason: "A manual attempt is not retried" }
    : nextStep({ status, retryAfter: headerText(response?.headers["retry-after"]) }, number, message.createdAt, endedAt, (options.random ?? Math.random)());

  const nextAttemptAt = step.action === "retry" ? new Date(endedAt.getTime() + step.delayMs) : null;
  const state = step.action === "delivered" ? "DELIVERED" : step.action === "retry" ? "PENDING" : "FAILED";
  await db.$transaction(async (tx) => {
    await tx.webhookAttempt.create({
      data: {
        messageId,
        attempt: number,
        startedAt,
        durationMs: Math.max(0, endedAt.getTime() - startedAt.getTime()),
        status,
        response: (response ? response.text + (response.truncated ? "…" : "") : (error ?? "")).slice(0, LOGGED_RESPONSE_CHARS),
      },
    });
    // A manual attempt that fails leaves a message's earlier outcome alone; one that succeeds delivers it.
    const keepState = options.manual && state !== "DELIVERED";
    const data: Prisma.WebhookMessageUpdateInput = {
      attemptCount: { set: Math.max(number, message.attemptCount) },
      ...(keepState ? {} : { state, nextAttemptAt }),
    };
    await tx.webhookMessage.update({ where: { id: messageId }, data });
    if (nextAttemptAt && options.schedule) await options.schedule(tx, { messageId, attempt: number + 1 }, nextAttemptAt);
    if (step.action === "disable") await disableWebhook(tx, message.webhook.id, step.reason);
    const ended = !keepState && state !== "PENDING" && message.state !== "DELIVERED" && message.state !== "FAILED";
    if (ended && message.orderingKey) await releaseNext(tx, message.webhook.id, message.orderingKey, schedule);
  });
  if (step.action !== "delivered") log.info("webhook delivery failed", { messageId, attempt: number, status, next: step.action });
  return { skipped: false, attempt: number, status, step };
}
