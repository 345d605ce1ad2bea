/**
 * Messages: one per domain event and subscribed webhook, made when the event is handled, with the payload frozen
 * then (webhook-payload-facts.ts: the booking as its event recorded it). The unique (eventId, webhookId) pair makes handling an event
 * twice (the queue delivers at least once) make no second message; the first attempts are scheduled in the
 * transaction that makes the messages.
 */
import { randomBytes } from "node:crypto";
import { db, type Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { webhookPayloadOf, type WebhookBody, type WebhookDomainEvent } from "./webhook-payload";
import { webhookFactsOf } from "./webhook-payload-facts";
import { PING_TRIGGER, triggerOfEvent } from "./webhook-triggers";

/** 128 random bits: the `webhook-id` a subscriber deduplicates on. */
export const newMessageId = () => `msg_${randomBytes(16).toString("hex")}`;

/** Active webhooks subscribed to `trigger` that this event concerns: its users' accounts and its event type. */
function subscribersOf(event: WebhookDomainEvent, trigger: string): Prisma.WebhookWhereInput {
  const owners: Prisma.WebhookWhereInput[] = [];
  if (event.userIds.length) owners.push({ userId: { in: [...event.userIds] } });
  if (event.eventTypeId) owners.push({ eventTypeId: event.eventTypeId });
  return { active: true, disabledAt: null, triggers: { has: trigger }, OR: owners };
}

/** Schedules the first attempt of each message, in the transaction that made them. */
export type ScheduleFirstAttempts = (tx: Tx, messageIds: string[]) => Promise<void>;

/**
 * Makes the event's messages (once) and schedules their first attempts; returns the ids of the messages made. One
 * insert for all of them and one for their jobs, whatever the number of webhooks: this runs for every booking change.
 */
export async function messagesForEvent(event: WebhookDomainEvent, scheduleFirst?: ScheduleFirstAttempts): Promise<string[]> {
  const trigger = triggerOfEvent(event.type);
  if (!trigger || (!event.userIds.length && !event.eventTypeId)) return [];
  const webhooks = await db.webhook.findMany({ where: subscribersOf(event, trigger), select: { id: true } });
  if (webhooks.length === 0) return [];
  const payload = webhookPayloadOf(event, await webhookFactsOf(event, trigger), trigger) as unknown as Prisma.InputJsonValue;
  const now = new Date();
  return db.$transaction(async (tx) => {
    // A message this event already has (a repeated job) is skipped by the unique (eventId, webhookId), not made twice.
    const made = await tx.webhookMessage.createManyAndReturn({
      data: webhooks.map((webhook) => ({ id: newMessageId(), webhookId: webhook.id, eventId: event.id, trigger, payload, nextAttemptAt: now })),
      skipDuplicates: true,
      select: { id: true },
    });
    const ids = made.map(({ id }) => id);
    if (scheduleFirst && ids.length > 0) await scheduleFirst(tx, ids);
    return ids;
  });
}

/** The peer's test event (its testTrigger handler's sample), sent as PING: never tied to a domain event. */
export function testPayload(now: Date): WebhookBody {
  const person = (name: string, email: string) => ({ name, email, timeZone: "UTC", language: { locale: "en" }, utcOffset: 0 });
  return {
    triggerEvent: PING_TRIGGER,
    createdAt: now.toISOString(),
    payload: {
      type: "test",
      title: "Test event from Convene",
      description: "",
      startTime: now.toISOString(),
      endTime: new Date(now.getTime() + 30 * 60_000).toISOString(),
      organizer: person("Convene", "no-reply@convene.localhost"),
      attendees: [person("Test attendee", "attendee@example.test")],
      uid: "test",
      status: "ACCEPTED",
    },
  };
}

/** A PING message for "send test event". */
export async function createTestMessage(webhookId: number): Promise<string> {
  const payload = testPayload(new Date());
  const id = newMessageId();
  await db.webhookMessage.create({ data: { id, webhookId, trigger: PING_TRIGGER, payload: payload as unknown as Prisma.InputJsonValue } });
  return id;
}
