/**
 * How long the outbox keeps what it has done: domain events (with their mail receipts) and webhook messages (with
 * their attempts: the delivery log) are deleted OUTBOX_RETENTION_DAYS after they were made. By then every job about
 * them has long ended (mail and calendar jobs retry for about an hour, a webhook message for about three days), so
 * nothing still needs them. The `outbox.prune` job does it hourly (pg-boss's cron, server/jobs/workers.ts), in
 * small batches so no statement holds many row locks for long. pg-boss prunes its own jobs.
 */
import { sql } from "../db/client";
import { defineJob } from "../jobs/queue";
import { log } from "../log";

export const OUTBOX_RETENTION_DAYS = 30;
export const PRUNE_JOB = "outbox.prune";
/** At minute 17 of every hour: one instance runs it (pg-boss sends a cron job once per slot, whatever the instances). */
export const PRUNE_CRON = "17 * * * *";
const BATCH = 1_000;

type Pruned = { events: number; messages: number };

/** Deletes, batch after batch, the rows a `DELETE … WHERE id IN (SELECT … LIMIT $2)` statement picks, until none is left. */
async function deleteInBatches(statement: string, cutoff: string): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await sql<{ deleted: number }>(`WITH gone AS (${statement}) SELECT count(*)::int AS deleted FROM gone`, [cutoff, BATCH]);
    const deleted = rows[0]?.deleted ?? 0;
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/** Timestamps are stored as UTC without a zone (server/db/client.ts UTC_NOW): the cutoff is passed as that text. */
const utcText = (date: Date) => date.toISOString().replace("T", " ").replace("Z", "");

export async function pruneOutbox(now = new Date(), retentionDays = OUTBOX_RETENTION_DAYS): Promise<Pruned> {
  const cutoffText = utcText(new Date(now.getTime() - retentionDays * 86_400_000));
  const events = await deleteInBatches(
    `DELETE FROM "DomainEvent" WHERE id IN (SELECT id FROM "DomainEvent" WHERE "occurredAt" < $1::timestamp LIMIT $2) RETURNING 1`,
    cutoffText,
  );
  const messages = await deleteInBatches(
    `DELETE FROM "WebhookMessage" WHERE id IN (SELECT id FROM "WebhookMessage" WHERE "createdAt" < $1::timestamp LIMIT $2) RETURNING 1`,
    cutoffText,
  );
  return { events, messages };
}

const holder = globalThis as unknown as { conveneOutboxPruningRegistered?: boolean };

/** The hourly job, registered once per process (server/jobs/workers.ts). */
export function registerOutboxPruning(): void {
  if (holder.conveneOutboxPruningRegistered) return;
  holder.conveneOutboxPruningRegistered = true;
  defineJob(
    PRUNE_JOB,
    async () => {
      const pruned = await pruneOutbox();
      if (pruned.events || pruned.messages) log.info("outbox pruned", pruned);
    },
    { cron: PRUNE_CRON, retryLimit: 2, expireInSeconds: 600 },
  );
}
