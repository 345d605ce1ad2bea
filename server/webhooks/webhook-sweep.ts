/**
 * Messages the queue lost track of. An attempt is a `webhook.deliver` job, and the queue retries a job that throws
 * (a database outage mid-attempt, a worker killed past its expiry) only so often: once those retries are spent the
 * job is `failed` while its message is still PENDING, with no job left to attempt it. Before ordering, that lost one
 * message; now it would also hold every later message of its booking to its webhook WAITING for good.
 *
 * Every few minutes `webhook.sweep` (pg-boss's cron: one instance per slot) enqueues a fresh attempt for each PENDING
 * message whose attempt was due more than STALL_MINUTES ago and that no unfinished job names, and lets go the first
 * WAITING message of each (webhook, booking) that has none PENDING ahead of it. Both are safe to repeat: an attempt's
 * number is checked against the message's attemptCount, and a release happens only while nothing is PENDING.
 */
import { db, sql, UTC_NOW } from "../db/client";
import { defineJob, enqueueJob, unfinishedJobExistsSql } from "../jobs/queue";
import { log } from "../log";
import { DELIVER_JOB, scheduleOnQueue } from "./webhook-delivery";
import { releaseNextMessage } from "./webhook-ordering";

export const SWEEP_JOB = "webhook.sweep";
export const SWEEP_CRON = "*/5 * * * *";
/** Longer than any attempt takes (10 s) plus the queue's own retries of a throwing job (about 3 minutes). */
export const STALL_MINUTES = 10;
/** Per run: a backlog larger than this is picked up by the next runs. */
const BATCH = 500;

type Swept = { restarted: number; released: number };

const STALLED_MESSAGES = `
  SELECT m.id, m."attemptCount" FROM "WebhookMessage" m
   WHERE m.state = 'PENDING' AND m."nextAttemptAt" < ${UTC_NOW} - make_interval(mins => $1::int)
     AND NOT ${unfinishedJobExistsSql(`'${DELIVER_JOB}'`, "messageId", "m.id")}
   ORDER BY m."nextAttemptAt" LIMIT $2`;

const ORPHANED_QUEUES = `
  SELECT DISTINCT w."webhookId", w."orderingKey" FROM "WebhookMessage" w
   WHERE w.state = 'WAITING' AND w."orderingKey" IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM "WebhookMessage" p
                      WHERE p."webhookId" = w."webhookId" AND p."orderingKey" = w."orderingKey" AND p.state = 'PENDING')
   LIMIT $1`;

export async function sweepStalledMessages(stallMinutes = STALL_MINUTES): Promise<Swept> {
  const stalled = await sql<{ id: string; attemptCount: number }>(STALLED_MESSAGES, [stallMinutes, BATCH]);
  for (const message of stalled) {
    await enqueueJob(null, DELIVER_JOB, { messageId: message.id, attempt: message.attemptCount + 1 });
  }
  const orphaned = await sql<{ webhookId: number; orderingKey: string }>(ORPHANED_QUEUES, [BATCH]);
  let released = 0;
  for (const { webhookId, orderingKey } of orphaned) {
    await db.$transaction(async (tx) => {
      const next = await releaseNextMessage(tx, webhookId, orderingKey);
      if (!next) return;
      released++;
      await scheduleOnQueue(tx, { messageId: next.id, attempt: next.attempt }, new Date());
    });
  }
  return { restarted: stalled.length, released };
}

const holder = globalThis as unknown as { conveneWebhookSweepRegistered?: boolean };

/** The sweep's cron job, registered once per process (server/jobs/workers.ts). */
export function registerWebhookSweep(): void {
  if (holder.conveneWebhookSweepRegistered) return;
  holder.conveneWebhookSweepRegistered = true;
  defineJob(
    SWEEP_JOB,
    async () => {
      const swept = await sweepStalledMessages();
      if (swept.restarted || swept.released) log.warn("webhook messages without a job were picked up again", swept);
    },
    { cron: SWEEP_CRON, retryLimit: 1, expireInSeconds: 300 },
  );
}
