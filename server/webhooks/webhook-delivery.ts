/**
 * Delivery attempts of webhook messages: POST the frozen payload (or the webhook's template filled from it), signed
 * with the webhook's current secrets, with the message's id as `webhook-id` on every attempt and a fresh timestamp.
 * A 10 s deadline, no redirect followed, the answer read to at most 64 KB, the subscriber's address checked on each
 * new connection (webhook-delivery-http.ts keeps connections alive per origin). The attempt is logged; the retry
 * policy decides what follows, and a retry is scheduled (through the `schedule` hook: the job queue) in the
 * transaction that records it, so a crash cannot lose it. The transaction that ends a message (delivered, or given
 * up) lets the next message of its booking to its webhook go (webhook-ordering.ts).
 *
 * The job queue hands over several attempts at once (webhook-jobs.ts), and a batch costs what one attempt did:
 * one query loads every message with its webhook, the POSTs go out together, and one transaction of two statements
 * writes every attempt's log row and outcome and lets the next messages go.
 */
import { db, sql, UTC_NOW, type Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { enqueueJob } from "../jobs/queue";
import { log } from "../log";
import { OutboundUrlError, requestUserUrl, type OutboundResponse } from "../security/outbound-http";
import { nextStep, type NextStep } from "./retry-policy";
import { disableWebhook } from "./webhook-disable";
import { keepAliveAgentFor } from "./webhook-delivery-http";
import { releaseNextMessages } from "./webhook-ordering";
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

/** One attempt the queue asks for: attempt number `attempt` of message `messageId`. */
export type DeliverJob = { messageId: string; attempt: number };

/** The request body: the template filled from the payload's fields (and the two envelope fields), or the JSON body. */
export function bodyOf(payload: WebhookBody, template: string | null): string {
  if (!template) return JSON.stringify(payload);
  return renderTemplate(template, { ...payload.payload, triggerEvent: payload.triggerEvent, createdAt: payload.createdAt });
}

/** A message with what an attempt needs of its webhook. */
type Message = {
  id: string;
  trigger: string;
  payload: Prisma.JsonValue;
  state: string;
  attemptCount: number;
  orderingKey: string | null;
  createdAt: Date;
  webhook: {
    id: number;
    subscriberUrl: string;
    payloadTemplate: string | null;
    active: boolean;
    disabledAt: Date | null;
    secretEncrypted: string;
    previousSecretEncrypted: string | null;
    previousSecretExpiresAt: Date | null;
  };
};

/** The messages with their webhooks in one prepared statement; instants through timestamptz, so they come back as the Dates Prisma gave. */
const LOAD_MESSAGES = `
  SELECT m.id, m.trigger, m.payload, m.state, m."attemptCount", m."orderingKey", m."createdAt" AT TIME ZONE 'UTC' AS "createdAt",
         w.id AS "webhookId", w."subscriberUrl", w."payloadTemplate", w.active, w."disabledAt" AT TIME ZONE 'UTC' AS "disabledAt",
         w."secretEncrypted", w."previousSecretEncrypted", w."previousSecretExpiresAt" AT TIME ZONE 'UTC' AS "previousSecretExpiresAt"
    FROM "WebhookMessage" m JOIN "Webhook" w ON w.id = m."webhookId"
   WHERE m.id = ANY($1::text[])`;

type MessageRow = Omit<Message, "webhook"> & { webhookId: number } & Omit<Message["webhook"], "id">;

/** Every message of a batch with its webhook: one query (through sql(): Prisma's relation join cost the worker more CPU than the read). */
export async function loadMessages(ids: readonly string[]): Promise<Map<string, Message>> {
  const rows = await sql<MessageRow>(LOAD_MESSAGES, [[...new Set(ids)]]);
  return new Map(
    rows.map(
      ({ webhookId, subscriberUrl, payloadTemplate, active, disabledAt, secretEncrypted, previousSecretEncrypted, previousSecretExpiresAt, ...message }) => [
        message.id,
        {
          ...message,
          webhook: { id: webhookId, subscriberUrl, payloadTemplate, active, disabledAt, secretEncrypted, previousSecretEncrypted, previousSecretExpiresAt },
        },
      ],
    ),
  );
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
      agent: keepAliveAgentFor(url, policy),
    });
    return { response, error: null };
  } catch (error) {
    return { response: null, error: error instanceof OutboundUrlError ? error.message : "The request failed" };
  }
}

/** The next message of each (webhook, booking) whose message ended, if it was waiting, is due now. */
async function releaseNext(tx: Tx, ended: readonly { webhookId: number; orderingKey: string }[], schedule: ScheduleAttempt): Promise<void> {
  if (ended.length === 0) return;
  const now = new Date();
  for (const next of await releaseNextMessages(tx, ended)) await schedule(tx, { messageId: next.id, attempt: next.attempt }, now);
}

/** A message whose webhook is paused or disabled is given up, and lets the next one of its booking go (to be given up too). */
async function giveUp(messageId: string, webhookId: number, orderingKey: string | null, schedule: ScheduleAttempt): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.webhookMessage.updateMany({ where: { id: messageId, state: "PENDING" }, data: { state: "FAILED", nextAttemptAt: null } });
    if (count > 0 && orderingKey) await releaseNext(tx, [{ webhookId, orderingKey }], schedule);
  });
}

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/** An attempt made: what the log row and the message's new state are made of. */
export type MadeAttempt = {
  message: Message;
  number: number;
  startedAt: Date;
  endedAt: Date;
  status: number | null;
  logged: string;
  step: NextStep;
};

/** Why a job's attempt is not made (null: it is due), before anything is sent. */
function skipReason(message: Message | undefined, attempt: number, options: DeliveryOptions): string | null {
  if (!message) return "no such message";
  if (options.manual) return null;
  if (message.state !== "PENDING") return `message ${message.state.toLowerCase()}`;
  if (message.attemptCount >= attempt) return `attempt ${attempt} already made`;
  return null;
}

/** Signs and POSTs one message; the webhook's secrets are opened once per batch (`secrets` caches them by webhook). */
export async function attempt(message: Message, number: number, secrets: Map<number, string[]>, options: DeliveryOptions): Promise<MadeAttempt> {
  const now = options.now ?? (() => new Date());
  const body = bodyOf(message.payload as WebhookBody, message.webhook.payloadTemplate);
  const startedAt = now();
  let signing = secrets.get(message.webhook.id);
  if (!signing) secrets.set(message.webhook.id, (signing = signingSecretsOf(message.webhook, startedAt)));
  const headers = signedHeaders(signing, message.id, body, startedAt);
  const { response, error } = await post(message.webhook.subscriberUrl, body, headers, options);
  const endedAt = now();
  const status = response?.status ?? null;
  const step: NextStep = options.manual
    ? status !== null && status >= 200 && status < 300
      ? { action: "delivered" }
      : { action: "drop", reason: "A manual attempt is not retried" }
    : nextStep({ status, retryAfter: headerText(response?.headers["retry-after"]) }, number, message.createdAt, endedAt, (options.random ?? Math.random)());
  const logged = (response ? response.text + (response.truncated ? "…" : "") : (error ?? "")).slice(0, LOGGED_RESPONSE_CHARS);
  return { message, number, startedAt, endedAt, status, logged, step };
}

const STATE_AFTER = { delivered: "DELIVERED", retry: "PENDING" } as const;

/**
 * Every attempt's delivery-log row and its message's outcome in ONE statement (an INSERT as a data-modifying CTE
 * beside the UPDATE). `keepState`: a manual attempt that failed leaves its message's earlier outcome alone.
 */
const RECORD_ATTEMPTS = `
  WITH input AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[], $9::bool[])
      AS i(id, attempt, "startedAt", "durationMs", status, response, state, "nextAttemptAt", "keepState")
  ), logged AS (
    INSERT INTO "WebhookAttempt" ("messageId", attempt, "startedAt", "durationMs", status, response)
    SELECT id, attempt, "startedAt"::timestamp, "durationMs", status, response FROM input
  )
  UPDATE "WebhookMessage" m
     SET "attemptCount" = GREATEST(m."attemptCount", i.attempt),
         state = CASE WHEN i."keepState" THEN m.state ELSE i.state END,
         "nextAttemptAt" = CASE WHEN i."keepState" THEN m."nextAttemptAt" ELSE i."nextAttemptAt"::timestamp END,
         "updatedAt" = ${UTC_NOW}
    FROM input i WHERE m.id = i.id`;

/** ISO text of a UTC instant: a `timestamp` column (UTC, no zone, server/db/client.ts) ignores the trailing Z. */
const utcText = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The log rows, the messages' new states, their retries, disabled webhooks and the messages let go after the ended
 * ones: one transaction, so a crash keeps all of it or none (and the attempts are made again).
 */
export async function recordAttempts(made: readonly MadeAttempt[], options: DeliveryOptions, schedule: ScheduleAttempt): Promise<void> {
  if (made.length === 0) return;
  const rows = made.map(({ message, number, startedAt, endedAt, status, logged, step }) => {
    const nextAttemptAt = step.action === "retry" ? new Date(endedAt.getTime() + step.delayMs) : null;
    const state = step.action === "delivered" || step.action === "retry" ? STATE_AFTER[step.action] : "FAILED";
    const keepState = options.manual === true && state !== "DELIVERED";
    const ended = !keepState && state !== "PENDING" && message.state !== "DELIVERED" && message.state !== "FAILED";
    return { message, number, startedAt, endedAt, status, logged, step, nextAttemptAt, state, keepState, ended };
  });
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => rows.map(pick);
  await db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(
      RECORD_ATTEMPTS,
      column((row) => row.message.id),
      column((row) => row.number),
      column((row) => utcText(row.startedAt)),
      column((row) => Math.max(0, row.endedAt.getTime() - row.startedAt.getTime())),
      column((row) => row.status),
      column((row) => row.logged),
      column((row) => row.state),
      column((row) => utcText(row.nextAttemptAt)),
      column((row) => row.keepState),
    );
    for (const row of rows) {
      if (row.nextAttemptAt && options.schedule) await options.schedule(tx, { messageId: row.message.id, attempt: row.number + 1 }, row.nextAttemptAt);
      if (row.step.action === "disable") await disableWebhook(tx, row.message.webhook.id, row.step.reason);
    }
    const ended = rows.filter((row) => row.ended && row.message.orderingKey !== null);
    await releaseNext(
      tx,
      ended.map((row) => ({ webhookId: row.message.webhook.id, orderingKey: row.message.orderingKey! })),
      schedule,
    );
  });
}

/**
 * The attempts a batch of jobs asks for, in one go; an outcome per job, in the jobs' order. A job whose attempt
 * was already made (the queue runs a job at least once), or whose message ended, is skipped; a message named twice
 * in one batch is attempted once.
 */
export async function deliverWebhookMessages(jobs: readonly DeliverJob[], options: DeliveryOptions = {}): Promise<DeliveryOutcome[]> {
  const schedule = options.schedule ?? scheduleOnQueue;
  const messages = await loadMessages(jobs.map(({ messageId }) => messageId));
  const outcomes: DeliveryOutcome[] = [];
  const due: { index: number; message: Message; number: number }[] = [];
  const taken = new Set<string>();
  for (const [index, { messageId, attempt: number }] of jobs.entries()) {
    const message = messages.get(messageId);
    const reason = taken.has(messageId) ? "attempted by another job of this batch" : skipReason(message, number, options);
    if (reason || !message) {
      outcomes[index] = { skipped: true, reason: reason ?? "no such message" };
      continue;
    }
    taken.add(messageId);
    if (!options.manual && (!message.webhook.active || message.webhook.disabledAt)) {
      await giveUp(messageId, message.webhook.id, message.orderingKey, schedule);
      outcomes[index] = { skipped: true, reason: "webhook paused or disabled" };
      continue;
    }
    due.push({ index, message, number: options.manual ? message.attemptCount + 1 : number });
  }
  const secrets = new Map<number, string[]>();
  const made = await Promise.all(due.map(({ message, number }) => attempt(message, number, secrets, options)));
  await recordAttempts(made, options, schedule);
  for (const [position, { index }] of due.entries()) {
    const { message, number, status, step } = made[position]!;
    outcomes[index] = { skipped: false, attempt: number, status, step };
    if (step.action !== "delivered") log.info("webhook delivery failed", { messageId: message.id, attempt: number, status, next: step.action });
  }
  return outcomes;
}

/** One attempt of one message (a manual redelivery, the tests): a batch of one. */
export async function deliverWebhookMessage(messageId: string, attempt: number, options: DeliveryOptions = {}): Promise<DeliveryOutcome> {
  const [outcome] = await deliverWebhookMessages([{ messageId, attempt }], options);
  return outcome!;
}
