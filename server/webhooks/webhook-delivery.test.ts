/**
 * deliverWebhookMessage against a real receiver on loopback, which verifies every delivery with the
 * `standardwebhooks` library: retries keep the webhook-id, 410 disables and mails the owner, Retry-After,
 * the 64 KB read, no redirect followed, the timeout, and a name that turns private between save and delivery.
 */
import type { LookupAddress } from "node:dns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionActor } from "../auth/actor";
import { makeUser } from "../../prisma/factories";
import { db, type Tx } from "../db/client";
import { runPendingJobs } from "../jobs/workers";
import { startWebhookReceiver, type WebhookReceiver } from "../../e2e/support/webhook-receiver";
import { deliverWebhookMessage, deliverWebhookMessages, MAX_RESPONSE_BYTES, type ScheduleAttempt } from "./webhook-delivery";
import { disableWebhook } from "./webhook-disable";
import { messagesForEvent } from "./webhook-messages";
import { createWebhook, updateWebhook } from "./webhook.service";
import type { UrlPolicy } from "./webhook-url";
import type { TCreateWebhookInput } from "./webhook.schemas";
import { newWebhookSecret } from "./webhook-signing";
import { randomUUID } from "node:crypto";

const local: UrlPolicy = { allowPrivateNetwork: true, resolve: async () => [{ address: "127.0.0.1", family: 4 }] };
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.stop());

let pathCount = 0;
async function subscribed(overrides: Partial<TCreateWebhookInput> = {}) {
  const user = await makeUser();
  const path = `/hook-${++pathCount}-${user.id}`;
  const webhook = await createWebhook(
    sessionActor(user.id),
    { kind: "user" },
    { subscriberUrl: receiver.url(path), triggers: ["BOOKING_CREATED", "OOO_CREATED"], active: true, ...overrides },
    local,
  );
  receiver.expectSecrets(path, [webhook.secret!]);
  const scheduled: { messageId: string; attempt: number; at: Date }[] = [];
  const schedule: ScheduleAttempt = async (tx, job, at) => {
    scheduled.push({ ...job, at });
  };
  const event = { id: randomUUID(), type: "OOO_CREATED", occurredAt: new Date(), userIds: [user.id], payload: { oooEntry: { reason: "vacation" } } };
  const scheduleFirst = async (tx: Tx, messageIds: string[]) => {
    for (const messageId of messageIds) await schedule(tx, { messageId, attempt: 1 }, new Date());
  };
  const [messageId] = await messagesForEvent(event, scheduleFirst);
  return { user, path, webhook, messageId: messageId!, schedule, scheduleFirst, scheduled, event };
}

const state = (messageId: string) => db.webhookMessage.findUniqueOrThrow({ where: { id: messageId }, include: { attempts: { orderBy: { attempt: "asc" } } } });

describe("deliverWebhookMessage", () => {
  it("retries a 500 with the same webhook-id and a new timestamp, then delivers on 200; every delivery verifies", async () => {
    const { path, messageId, schedule, scheduled, event } = await subscribed();
    expect(scheduled).toEqual([{ messageId, attempt: 1, at: expect.any(Date) }]);
    receiver.script(path, [
      { status: 500, body: "down" },
      { status: 200, body: "thanks" },
    ]);

    const first = await deliverWebhookMessage(messageId, 1, { ...local, schedule });
    expect(first).toMatchObject({ attempt: 1, status: 500, step: { action: "retry" } });
    const retry = scheduled[1]!;
    expect(retry).toMatchObject({ messageId, attempt: 2 });
    expect(retry.at.getTime() - Date.now()).toBeLessThanOrEqual(10_000);

    const later = new Date(Date.now() + 3_000);
    expect(await deliverWebhookMessage(messageId, 2, { ...local, schedule, now: () => later })).toMatchObject({ status: 200, step: { action: "delivered" } });
    const [one, two] = await receiver.waitFor(path, 2);
    expect(one!.headers["webhook-id"]).toBe(messageId);
    expect(two!.headers["webhook-id"]).toBe(messageId);
    expect(Number(two!.headers["webhook-timestamp"])).toBeGreaterThan(Number(one!.headers["webhook-timestamp"]));
    expect([one!.verifiedWith.length, two!.verifiedWith.length]).toEqual([1, 1]);
    expect(JSON.parse(two!.body)).toMatchObject({
      triggerEvent: "OOO_CREATED",
      payload: { oooEntry: { reason: "vacation" } },
      createdAt: new Date(event.occurredAt).toISOString(),
    });

    const stored = await state(messageId);
    expect(stored).toMatchObject({ state: "DELIVERED", attemptCount: 2, nextAttemptAt: null });
    expect(stored.attempts.map(({ attempt, status, response }) => [attempt, status, response])).toEqual([
      [1, 500, "down"],
      [2, 200, "thanks"],
    ]);
    // The job queue runs a job at least once: the same attempt again sends nothing.
    expect(await deliverWebhookMessage(messageId, 2, { ...local, schedule })).toMatchObject({ skipped: true });
    expect(receiver.deliveries(path)).toHaveLength(2);
  });

  it("makes a batch's attempts together: each message once, a repeated job skipped, every attempt logged and verified", async () => {
    const [one, two] = [await subscribed(), await subscribed()];
    const jobs = [one, two, one].map(({ messageId }) => ({ messageId, attempt: 1 }));
    const outcomes = await deliverWebhookMessages(jobs, { ...local, schedule: one.schedule });
    expect(outcomes).toEqual([
      { skipped: false, attempt: 1, status: 200, step: { action: "delivered" } },
      { skipped: false, attempt: 1, status: 200, step: { action: "delivered" } },
      { skipped: true, reason: "attempted by another job of this batch" },
    ]);
    for (const { path, messageId } of [one, two]) {
      const [delivery] = await receiver.waitFor(path, 1);
      expect(delivery!.verifiedWith).toHaveLength(1);
      expect(await state(messageId)).toMatchObject({ state: "DELIVERED", attemptCount: 1, attempts: [{ attempt: 1, status: 200 }] });
    }
    // The queue runs a batch at least once: run again, it sends nothing.
    expect((await deliverWebhookMessages(jobs, { ...local, schedule: one.schedule })).every((outcome) => outcome.skipped)).toBe(true);
    expect(receiver.deliveries(one.path)).toHaveLength(1);
  });

  it("handles an event once, however often the queue hands it over", async () => {
    const { event, scheduleFirst } = await subscribed();
    expect(await messagesForEvent(event, scheduleFirst)).toEqual([]);
  });

  it("disables the webhook on 410 Gone and mails its owner", async () => {
    const { user, path, webhook, messageId } = await subscribed();
    receiver.script(path, [{ status: 410 }]);
    expect(await deliverWebhookMessage(messageId, 1, local)).toMatchObject({ status: 410, step: { action: "disable" } });
    expect(await db.webhook.findUniqueOrThrow({ where: { id: webhook.id } })).toMatchObject({
      active: false,
      disabledReason: "The subscriber answered 410 Gone",
    });
    expect((await state(messageId)).state).toBe("FAILED");
    // Queued in the transaction that turned the webhook off; a second disable finds it off and queues nothing.
    expect(await db.queuedMail.count({ where: { to: user.email } })).toBe(1);
    expect(await db.$transaction((tx) => disableWebhook(tx, webhook.id, "again"))).toBe(false);
    await runPendingJobs();
    const mails = await db.outboxMail.findMany({ where: { to: user.email } });
    expect(mails).toEqual([expect.objectContaining({ subject: "A webhook of yours was disabled", text: expect.stringContaining(receiver.url(path)) })]);
    expect(await db.queuedMail.count({ where: { to: user.email } })).toBe(0);
  });

  it("gives up after three days of failures, disabling the webhook", async () => {
    const { webhook, messageId, path } = await subscribed();
    await db.webhookMessage.update({ where: { id: messageId }, data: { createdAt: new Date(Date.now() - 72 * 3600_000 + 1_000) } });
    receiver.script(path, [{ status: 502 }]);
    expect(await deliverWebhookMessage(messageId, 9, local)).toMatchObject({ step: { action: "disable", reason: "Deliveries failed for three days" } });
    expect(await db.webhook.findUniqueOrThrow({ where: { id: webhook.id } })).toMatchObject({ active: false });
  });

  it("honours Retry-After", async () => {
    const { path, messageId } = await subscribed();
    receiver.script(path, [{ status: 429, headers: { "retry-after": "120" } }]);
    await deliverWebhookMessage(messageId, 1, local);
    const { nextAttemptAt } = await state(messageId);
    expect(nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(115_000);
    expect(nextAttemptAt!.getTime() - Date.now()).toBeLessThanOrEqual(120_000);
  });

  it("reads at most 64 KB of an answer and logs the start of it", async () => {
    const { path, messageId } = await subscribed();
    receiver.script(path, [{ status: 200, body: "y".repeat(4 * MAX_RESPONSE_BYTES) }]);
    expect(await deliverWebhookMessage(messageId, 1, local)).toMatchObject({ status: 200, step: { action: "delivered" } });
    const [attempt] = (await state(messageId)).attempts;
    expect(attempt!.response).toHaveLength(1_000);
  });

  it("does not follow a redirect: a 3xx is a failed delivery, and the target gets nothing", async () => {
    const { path, messageId } = await subscribed();
    receiver.script(path, [{ status: 302, headers: { location: receiver.url("/elsewhere") } }]);
    expect(await deliverWebhookMessage(messageId, 1, local)).toMatchObject({ status: 302, step: { action: "drop" } });
    expect(receiver.deliveries("/elsewhere")).toHaveLength(0);
    expect((await state(messageId)).state).toBe("FAILED");
  });

  it("gives up an attempt at the deadline and retries", async () => {
    const { path, messageId } = await subscribed();
    receiver.script(path, [{ status: 200, delayMs: 1_000 }]);
    expect(await deliverWebhookMessage(messageId, 1, { ...local, timeoutMs: 100 })).toMatchObject({ status: null, step: { action: "retry" } });
    expect((await state(messageId)).attempts[0]!.response).toMatch(/did not answer in time/);
  });

  it("refuses, without sending, a name that resolved public at save time and private at delivery", async () => {
    const user = await makeUser();
    let answer = "93.184.216.34";
    const resolve = async (): Promise<LookupAddress[]> => [{ address: answer, family: 4 }];
    const policy: UrlPolicy = { allowPrivateNetwork: false, resolve };
    await createWebhook(
      sessionActor(user.id),
      { kind: "user" },
      { subscriberUrl: "https://rebind.example.test/hook", triggers: ["OOO_CREATED"], active: true },
      policy,
    );
    const [messageId] = await messagesForEvent({ id: randomUUID(), type: "OOO_CREATED", occurredAt: new Date(), userIds: [user.id], payload: {} });
    answer = "127.0.0.1";
    const before = receiver.deliveries("/hook").length;
    expect(await deliverWebhookMessage(messageId!, 1, policy)).toMatchObject({ status: null, step: { action: "retry" } });
    expect((await state(messageId!)).attempts[0]!.response).toMatch(/rebind.example.test resolves to a private or reserved address \(127.0.0.1\)/);
    expect(receiver.deliveries("/hook")).toHaveLength(before);
  });

  it("sends the payloadTemplate filled in, and both signatures during a rotation", async () => {
    const { user, path, webhook, messageId } = await subscribed({ payloadTemplate: '{"what":"{{triggerEvent}}","why":"{{oooEntry.reason}}"}' });
    const next = newWebhookSecret();
    await updateWebhook(sessionActor(user.id), { kind: "user" }, webhook.id, { secret: next }, local);
    receiver.expectSecrets(path, [webhook.secret!, next]);
    await deliverWebhookMessage(messageId, 1, local);
    const [delivery] = await receiver.waitFor(path, 1);
    expect(JSON.parse(delivery!.body)).toEqual({ what: "OOO_CREATED", why: "vacation" });
    expect(delivery!.verifiedWith).toEqual([webhook.secret, next]);
  });
});
