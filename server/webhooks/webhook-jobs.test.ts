/**
 * registerWebhookJobs over the queue and domain-event interfaces, here a small in-memory queue that runs each
 * job in order without waiting for startAfter (webhooks-outbox.spec.ts covers the real pg-boss queue), with the real
 * delivery against the loopback receiver: an event becomes a verified delivery; a 500 is retried by the queue.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionActor } from "../auth/actor";
import { makeUser } from "../../prisma/factories";
import { startWebhookReceiver, type WebhookReceiver } from "../../e2e/support/webhook-receiver";
import { db } from "../db/client";
import { registerWebhookJobs, type DeliverJobData, type DomainEvents, type JobQueue } from "./webhook-jobs";
import type { WebhookDomainEvent } from "./webhook-payload";
import { createWebhook } from "./webhook.service";
import type { UrlPolicy } from "./webhook-url";

const local: UrlPolicy = { allowPrivateNetwork: true, resolve: async () => [{ address: "127.0.0.1", family: 4 }] };

function memoryQueue() {
  const handlers = new Map<string, (jobs: { data: DeliverJobData }[]) => Promise<void>>();
  const subscribers: ((event: WebhookDomainEvent) => Promise<void>)[] = [];
  const keys = new Set<string>();
  const jobs: { name: string; data: DeliverJobData }[] = [];
  const queue: JobQueue = {
    defineBatchJob: (name, handler) => handlers.set(name, handler),
    enqueueJob: async (_tx, name, data, options = {}) => {
      if (options.singletonKey && keys.has(options.singletonKey)) return null;
      if (options.singletonKey) keys.add(options.singletonKey);
      jobs.push({ name, data });
      return null;
    },
    enqueueJobs: async (tx, list) => {
      for (const { name, data, singletonKey } of list) await queue.enqueueJob(tx, name, data, { singletonKey });
    },
  };
  const events: DomainEvents = { subscribeToDomainEvents: (_name, handler) => subscribers.push(handler) };
  const publish = async (event: WebhookDomainEvent) => {
    for (const subscriber of subscribers) await subscriber(event);
  };
  /** Runs every job, in order, once the transaction that enqueued it has committed; startAfter is not waited for. */
  const settle = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) await handlers.get(job.name)!([{ data: job.data }]);
  };
  return { queue, events, publish, settle };
}

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.stop());

describe("registerWebhookJobs", () => {
  it("turns a domain event into a signed delivery, retried through the queue after a 500, with one webhook-id", async () => {
    const user = await makeUser();
    const hook = await createWebhook(
      sessionActor(user.id),
      { kind: "user" },
      { subscriberUrl: receiver.url("/jobs"), triggers: ["OOO_CREATED"], active: true },
      local,
    );
    receiver.expectSecrets("/jobs", [hook.secret!]);
    receiver.script("/jobs", [{ status: 500 }, { status: 200 }]);
    const { queue, events, publish, settle } = memoryQueue();
    registerWebhookJobs(queue, events, local);

    const event = { id: randomUUID(), type: "OOO_CREATED", occurredAt: new Date(), userIds: [user.id], payload: { oooEntry: { id: 1 } } };
    await publish(event);
    await publish(event);
    await settle();

    const deliveries = receiver.deliveries("/jobs");
    expect(deliveries).toHaveLength(2);
    expect(new Set(deliveries.map((delivery) => delivery.headers["webhook-id"])).size).toBe(1);
    expect(deliveries.every((delivery) => delivery.verifiedWith.length === 1)).toBe(true);
    expect(await db.webhookMessage.findMany({ where: { webhookId: hook.id }, select: { state: true, attemptCount: true } })).toEqual([
      { state: "DELIVERED", attemptCount: 2 },
    ]);
  });

  it("ignores events that are not triggers, and webhooks not subscribed to the trigger", async () => {
    const user = await makeUser();
    await createWebhook(
      sessionActor(user.id),
      { kind: "user" },
      { subscriberUrl: receiver.url("/quiet"), triggers: ["BOOKING_CANCELLED"], active: true },
      local,
    );
    const { queue, events, publish, settle } = memoryQueue();
    registerWebhookJobs(queue, events, local);
    await publish({ id: randomUUID(), type: "OOO_CREATED", occurredAt: new Date(), userIds: [user.id], payload: {} });
    await publish({ id: randomUUID(), type: "SOMETHING_ELSE", occurredAt: new Date(), userIds: [user.id], payload: {} });
    await settle();
    expect(receiver.deliveries("/quiet")).toHaveLength(0);
  });
});
