/**
 * The ordering rule (webhook-ordering.ts) on real rows and a real receiver on loopback: a booking's messages to one
 * webhook wait behind the earlier one until it is delivered or given up; other bookings' do not; an event handled
 * before an earlier one of its booking makes the earlier one's messages first. The events here have no jobs of their
 * own (other test files drain the queue), so each step is run by hand.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { utcAt } from "../../prisma/scheduling-factories";
import { startWebhookReceiver, type WebhookReceiver } from "../../e2e/support/webhook-receiver";
import { sessionActor } from "../auth/actor";
import { db, type Tx } from "../db/client";
import { enqueueJob } from "../jobs/queue";
import { deliverWebhookMessage, type ScheduleAttempt } from "./webhook-delivery";
import { disableWebhook } from "./webhook-disable";
import { messagesForEvent } from "./webhook-messages";
import type { WebhookDomainEvent } from "./webhook-payload";
import { createWebhook, updateWebhook } from "./webhook.service";
import type { UrlPolicy } from "./webhook-url";

const local: UrlPolicy = { allowPrivateNetwork: true, resolve: async () => [{ address: "127.0.0.1", family: 4 }] };
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.stop());

/** A booking rescheduled once, three events of it (created, rescheduled, cancelled), and an account webhook for all three. */
async function world() {
  const user = await makeUser();
  const path = `/order-${user.id}`;
  const webhook = await createWebhook(
    sessionActor(user.id),
    { kind: "user" },
    { subscriberUrl: receiver.url(path), triggers: ["BOOKING_CREATED", "BOOKING_RESCHEDULED", "BOOKING_CANCELLED"], active: true },
    local,
  );
  receiver.expectSecrets(path, [webhook.secret!]);
  const booking = (data: { rescheduledFromUid?: string } = {}) =>
    db.booking.create({ data: { title: "Call", start: utcAt(3, 9), end: utcAt(3, 9, 30), status: "ACCEPTED", ...data } });
  const event = async (type: string, of: { id: number; uid: string }): Promise<WebhookDomainEvent> =>
    db.domainEvent.create({ data: { id: randomUUID(), type, bookingId: of.id, bookingUid: of.uid, userIds: [user.id], payload: {} } });
  const first = await booking();
  const moved = await booking({ rescheduledFromUid: first.uid });
  const events = [await event("BOOKING_CREATED", first), await event("BOOKING_RESCHEDULED", moved), await event("BOOKING_CANCELLED", moved)];
  const scheduled: string[] = [];
  const schedule: ScheduleAttempt = async (_tx, job) => {
    scheduled.push(`${job.messageId}:${job.attempt}`);
  };
  const scheduleFirst = async (tx: Tx, ids: string[]) => {
    for (const messageId of ids) await schedule(tx, { messageId, attempt: 1 }, new Date());
  };
  const deliver = (messageId: string, attempt: number) => deliverWebhookMessage(messageId, attempt, { ...local, schedule });
  const states = async (ids: string[]) => {
    const rows = await db.webhookMessage.findMany({ where: { id: { in: ids } }, select: { id: true, state: true } });
    return ids.map((id) => rows.find((row) => row.id === id)?.state);
  };
  return { user, webhook, path, first, moved, events, event, booking, scheduled, scheduleFirst, deliver, states };
}

const triggersAt = (path: string) => receiver.deliveries(path).map((delivery) => (JSON.parse(delivery.body) as { triggerEvent: string }).triggerEvent);

describe("webhook delivery order", () => {
  it("a booking's later messages wait while an earlier one is retried, then go one after another", async () => {
    const { path, first, events, scheduled, scheduleFirst, deliver, states } = await world();
    const ids: string[] = [];
    for (const event of events) ids.push(...(await messagesForEvent(event, scheduleFirst)));
    const [created, rescheduled, cancelled] = ids as [string, string, string];
    expect(await states(ids)).toEqual(["PENDING", "WAITING", "WAITING"]);
    expect(scheduled).toEqual([`${created}:1`]);
    const keys = await db.webhookMessage.findMany({ where: { id: { in: ids } }, select: { orderingKey: true } });
    expect(keys.map(({ orderingKey }) => orderingKey)).toEqual([first.uid, first.uid, first.uid]);

    receiver.script(path, [{ status: 500, headers: { "retry-after": "1" } }]);
    expect(await deliver(created, 1)).toMatchObject({ status: 500, step: { action: "retry" } });
    expect(await states(ids)).toEqual(["PENDING", "WAITING", "WAITING"]);
    expect(await deliver(created, 2)).toMatchObject({ status: 200 });
    expect(await states(ids)).toEqual(["DELIVERED", "PENDING", "WAITING"]);
    expect(scheduled).toEqual([`${created}:1`, `${created}:2`, `${rescheduled}:1`]);
    await deliver(rescheduled, 1);
    expect(scheduled.at(-1)).toBe(`${cancelled}:1`);
    await deliver(cancelled, 1);
    expect(await states(ids)).toEqual(["DELIVERED", "DELIVERED", "DELIVERED"]);
    expect(triggersAt(path)).toEqual(["BOOKING_CREATED", "BOOKING_CREATED", "BOOKING_RESCHEDULED", "BOOKING_CANCELLED"]);
    expect(receiver.deliveries(path).every((delivery) => delivery.verifiedWith.length === 1 && delivery.peerVerifiedWith.length === 1)).toBe(true);
  });

  it("another booking's messages to the same webhook do not wait", async () => {
    const { events, event, booking, scheduleFirst, states } = await world();
    const [created] = await messagesForEvent(events[0]!, scheduleFirst);
    const [other] = await messagesForEvent(await event("BOOKING_CREATED", await booking()), scheduleFirst);
    expect(await states([created!, other!])).toEqual(["PENDING", "PENDING"]);
  });

  it("a message given up (a final status) lets the next go; a disabled webhook gives up all it still had to send", async () => {
    const { webhook, path, events, scheduled, scheduleFirst, deliver, states } = await world();
    const ids: string[] = [];
    for (const event of events) ids.push(...(await messagesForEvent(event, scheduleFirst)));
    receiver.script(path, [{ status: 400 }]);
    expect(await deliver(ids[0]!, 1)).toMatchObject({ status: 400, step: { action: "drop" } });
    expect(await states(ids)).toEqual(["FAILED", "PENDING", "WAITING"]);
    expect(scheduled.at(-1)).toBe(`${ids[1]}:1`);
    await db.$transaction((tx) => disableWebhook(tx, webhook.id, "test"));
    expect(await states(ids)).toEqual(["FAILED", "FAILED", "FAILED"]);
  });

  it("a paused webhook's pending message is given up when its attempt comes, and lets the next go (to be given up too)", async () => {
    const { user, webhook, events, scheduled, scheduleFirst, deliver, states } = await world();
    const ids: string[] = [];
    for (const event of events) ids.push(...(await messagesForEvent(event, scheduleFirst)));
    await updateWebhook(sessionActor(user.id), { kind: "user" }, webhook.id, { active: false }, local);
    expect(await deliver(ids[0]!, 1)).toMatchObject({ skipped: true });
    expect(await states(ids)).toEqual(["FAILED", "PENDING", "WAITING"]);
    expect(scheduled.at(-1)).toBe(`${ids[1]}:1`);
  });

  it("an event handled before an earlier one of its booking (whose handling is unfinished) makes the earlier one's messages first", async () => {
    const { webhook, events, scheduleFirst, states } = await world();
    const [created, , cancelled] = events as [WebhookDomainEvent, WebhookDomainEvent, WebhookDomainEvent];
    // The created event's `webhooks` job is still to run (far in the future here, so no other test file's drain takes it).
    await enqueueJob(null, "event.webhooks", { eventId: created.id }, { startAfter: new Date(Date.now() + 86_400_000) });
    try {
      const [last] = await messagesForEvent(cancelled, scheduleFirst);
      const earlier = await db.webhookMessage.findUniqueOrThrow({ where: { eventId_webhookId: { eventId: created.id, webhookId: webhook.id } } });
      expect(await states([earlier.id, last!])).toEqual(["PENDING", "WAITING"]);
      expect(earlier.sequence! < (await db.webhookMessage.findUniqueOrThrow({ where: { id: last! } })).sequence!).toBe(true);
      // The earlier event's own job, when it runs, makes nothing twice.
      expect(await messagesForEvent(created, scheduleFirst)).toEqual([]);
    } finally {
      await db.$executeRawUnsafe(`DELETE FROM pgboss.job WHERE name = 'event.webhooks' AND data->>'eventId' = $1`, created.id);
    }
  });

  it("an earlier event whose handling finished is not made again by a later one", async () => {
    const { events, scheduleFirst } = await world();
    const [last] = await messagesForEvent(events[2]!, scheduleFirst);
    expect(await db.webhookMessage.count({ where: { eventId: { in: [events[0]!.id, events[1]!.id] } } })).toBe(0);
    expect((await db.webhookMessage.findUniqueOrThrow({ where: { id: last! } })).state).toBe("PENDING");
  });
});
