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
 * - Throughput: each poller takes up to DELIVERY_BATCH attempts at once and makes them together
 *   (webhook-delivery.ts `deliverWebhookMessages`: one query to load, the POSTs in parallel over kept-alive
 *   connections, one transaction to log), so the database round trips of a delivery are shared by the batch. While
 *   the instance serves requests the queue still hands the batch over one job per turn (server/jobs/foreground-first.ts).
 */
import type { Tx } from "../db/client";
import { DELIVER_JOB, deliverWebhookMessages, type DeliveryOptions } from "./webhook-delivery";
import { messagesForEvent } from "./webhook-messages";
import type { WebhookDomainEvent } from "./webhook-payload";

/** Pollers of `webhook.deliver` in each app instance, each with up to DELIVERY_BATCH attempts in flight. */
const DELIVERY_POLLERS = 4;
const DELIVERY_BATCH = 16;
/** Pollers of the `webhooks` subscriber, which makes the messages: events of different bookings are made in parallel. */
const MESSAGE_POLLERS = 2;

export type DeliverJobData = { messageId: string; attempt: number };

/** What this module needs of server/jobs/queue.ts. */
export type JobQueue = {
  defineBatchJob: (name: string, handler: (jobs: { data: DeliverJobData }[]) => Promise<void>, options?: Record<string, unknown>) => unknown;
  enqueueJob: (tx: Tx | null, name: string, data: DeliverJobData, options?: { startAfter?: Date; singletonKey?: string }) => Promise<unknown>;
  enqueueJobs: (tx: Tx | null, list: { name: string; data: DeliverJobData; singletonKey?: string }[]) => Promise<void>;
};

/** What this module needs of server/events/domain-events.ts. */
export type DomainEvents = {
  subscribeToDomainEvents: (name: string, handler: (event: WebhookDomainEvent) => Promise<void>, options?: Record<string, unknown>) => unknown;
};

export function registerWebhookJobs(queue: JobQueue, events: DomainEvents, options: Omit<DeliveryOptions, "schedule" | "manual"> = {}) {
  const schedule = async (tx: Tx, job: DeliverJobData, at: Date) => {
    await queue.enqueueJob(tx, DELIVER_JOB, job, { startAfter: at, singletonKey: `${job.messageId}:${job.attempt}` });
  };
  // A batch's attempts go out together, each bounded by the 10 s timeout: a slow subscriber holds its batch for at
  // most that long, and the other pollers go on. Retries are the retry policy's (new jobs), not the queue's.
  queue.defineBatchJob(
    DELIVER_JOB,
    async (jobs) => {
      await deliverWebhookMessages(
        jobs.map(({ data }) => data),
        { ...options, schedule },
      );
    },
    { workers: DELIVERY_POLLERS, batchSize: DELIVERY_BATCH, expireInSeconds: 60 },
  );
  events.subscribeToDomainEvents(
    "webhooks",
    async (event) => {
      await messagesForEvent(event, (tx, messageIds) =>
        queue.enqueueJobs(
          tx,
          messageIds.map((messageId) => ({ name: DELIVER_JOB, data: { messageId, attempt: 1 }, singletonKey: `${messageId}:1` })),
        ),
      );
    },
    { workers: MESSAGE_POLLERS, batchSize: 5 },
  );
}
