/**
 * Webhooks on the job queue and the domain events (server/jobs/queue.ts, server/events/domain-events.ts), registered
 * by server/events/subscribers.ts. The queue and the events are taken as parameters (their shapes below), a leftover
 * of building this before the queue existed; webhook-jobs.test.ts still passes an in-memory queue.
 *
 * - Each domain event that is a trigger makes its messages (webhook-messages.ts) and, in the same
 *   transaction, enqueues their first attempts.
 * - `webhook.deliver` runs one attempt; a retry is enqueued, with startAfter, in the transaction that logs it, and so
 *   is the first attempt of a message that waited behind it (webhook-ordering.ts). A job that runs twice makes its
 *   attempt once: the message's attemptCount says it was made.
 */
import type { Tx } from "../db/client";
import { DELIVER_JOB, deliverWebhookMessage, type DeliveryOptions } from "./webhook-delivery";
import { messagesForEvent } from "./webhook-messages";
import type { WebhookDomainEvent } from "./webhook-payload";

/** Deliveries in flight at once in each app instance. */
const DELIVERY_POLLERS = 8;

export type DeliverJobData = { messageId: string; attempt: number };

/** What this module needs of server/jobs/queue.ts. */
export type JobQueue = {
  defineJob: (name: string, handler: (data: DeliverJobData) => Promise<void>, options?: Record<string, unknown>) => unknown;
  enqueueJob: (tx: Tx | null, name: string, data: DeliverJobData, options?: { startAfter?: Date; singletonKey?: string }) => Promise<unknown>;
  enqueueJobs: (tx: Tx | null, list: { name: string; data: DeliverJobData; singletonKey?: string }[]) => Promise<void>;
};

/** What this module needs of server/events/domain-events.ts. */
export type DomainEvents = {
  subscribeToDomainEvents: (name: string, handler: (event: WebhookDomainEvent) => Promise<void>) => unknown;
};

export function registerWebhookJobs(queue: JobQueue, events: DomainEvents, options: Omit<DeliveryOptions, "schedule" | "manual"> = {}) {
  const schedule = async (tx: Tx, job: DeliverJobData, at: Date) => {
    await queue.enqueueJob(tx, DELIVER_JOB, job, { startAfter: at, singletonKey: `${job.messageId}:${job.attempt}` });
  };
  // Attempts wait on subscribers (up to the 10 s timeout each): many pollers of one job each, so a slow subscriber
  // holds one of them, not every delivery behind it. Retries are the retry policy's (new jobs), not the queue's.
  queue.defineJob(
    DELIVER_JOB,
    async ({ messageId, attempt }) => {
      await deliverWebhookMessage(messageId, attempt, { ...options, schedule });
    },
    { workers: DELIVERY_POLLERS, batchSize: 1, expireInSeconds: 60 },
  );
  events.subscribeToDomainEvents("webhooks", async (event) => {
    await messagesForEvent(event, (tx, messageIds) =>
      queue.enqueueJobs(
        tx,
        messageIds.map((messageId) => ({ name: DELIVER_JOB, data: { messageId, attempt: 1 }, singletonKey: `${messageId}:1` })),
      ),
    );
  });
}
