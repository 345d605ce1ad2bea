/**
 * Messages: one per domain event and subscribed webhook, made when the event is handled, with the payload frozen
 * then (webhook-payload-facts.ts: the booking as its event recorded it), for the webhooks webhook-subscriptions.ts names.
 * The unique (eventId, webhookId) pair makes handling an event twice (the queue delivers at least once) make no
 * second message; the first attempts are scheduled in the transaction that makes the messages, except for a
 * message that waits behind an earlier one of its booking (webhook-ordering.ts).
 */
import { randomBytes } from "node:crypto";
import { db, sql, UTC_NOW, type Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { lockOrderingKeys, lockPendingMessages, orderOfEvent, waitsBehindEarlierSql, type EventOrder } from "./webhook-ordering";
import { webhookPayloadOf, type WebhookBody, type WebhookDomainEvent, type WebhookFacts } from "./webhook-payload";
import { webhookFactsOf } from "./webhook-payload-facts";
import { SELECT_FORM_WEBHOOKS, SELECT_SUBSCRIBED_WEBHOOKS } from "./webhook-subscriptions";
import { FORM_TRIGGERS, PING_TRIGGER, triggerOfEvent } from "./webhook-triggers";

/** 128 random bits: the `webhook-id` a subscriber deduplicates on. */
export const newMessageId = () => `msg_${randomBytes(16).toString("hex")}`;

/** Schedules the first attempt of each message, in the transaction that made them. */
export type ScheduleFirstAttempts = (tx: Tx, messageIds: string[]) => Promise<void>;

const isFormTrigger = (trigger: string) => (FORM_TRIGGERS as readonly string[]).includes(trigger);

/** A form's submission reaches its author's, its team's and their organization's webhooks; anything else, webhook-subscriptions.ts's one predicate. */
const subscribedWebhookIds = async (event: WebhookDomainEvent, trigger: string) =>
  (isFormTrigger(trigger)
    ? await sql<{ id: number }>(SELECT_FORM_WEBHOOKS, [trigger, [...event.userIds], event.teamId ?? null])
    : await sql<{ id: number }>(SELECT_SUBSCRIBED_WEBHOOKS, [trigger, event.eventTypeId ?? null, [...event.userIds]])
  ).map(({ id }) => id);

const orderOf = (event: WebhookDomainEvent) => (event.bookingUid ? orderOfEvent(event.id, event.bookingUid) : Promise.resolve(null));

/** A form's body is its event's payload as recorded: nothing else is read. */
const NO_FACTS: WebhookFacts = { booking: null, context: null, previousBooking: null, ooo: null };

/**
 * Makes the event's messages (once) and schedules the first attempts of those that need not wait behind an earlier
 * message of the same booking (webhook-ordering.ts); returns the ids of the messages made. The booking's earlier
 * events whose handling has not finished get their messages first. One insert for all of them and one for their
 * jobs, whatever the number of webhooks: this runs for every booking change. The reads before the transaction go one
 * after another: several pollers make messages at once, and each must not hold more than one of the pool's
 * connections, which requests need.
 */
export async function messagesForEvent(event: WebhookDomainEvent, scheduleFirst?: ScheduleFirstAttempts): Promise<string[]> {
  const trigger = triggerOfEvent(event.type);
  if (!trigger || (!event.userIds.length && !event.eventTypeId)) return [];
  const webhookIds = await subscribedWebhookIds(event, trigger);
  if (webhookIds.length === 0) return [];
  const order = await orderOf(event);
  const facts = isFormTrigger(trigger) ? NO_FACTS : await webhookFactsOf(event, trigger);
  if (order?.earlierEventIds.length) {
    const earlier = await db.domainEvent.findMany({ where: { id: { in: order.earlierEventIds } }, orderBy: { sequence: "asc" } });
    for (const previous of earlier) {
      const previousTrigger = triggerOfEvent(previous.type);
      if (!previousTrigger) continue;
      const previousWebhooks = await subscribedWebhookIds(previous, previousTrigger);
      if (previousWebhooks.length === 0) continue;
      const previousOrder = await orderOf(previous);
      await makeMessages(previous, previousTrigger, previousWebhooks, previousOrder, await webhookFactsOf(previous, previousTrigger), scheduleFirst);
    }
  }
  return makeMessages(event, trigger, webhookIds, order, facts, scheduleFirst);
}

/**
 * The messages of one event in one statement: each made PENDING (due now) or WAITING behind an earlier message of
 * its booking to its webhook; one the event already has (a repeated job) is skipped by the unique (eventId, webhookId).
 */
const INSERT_MESSAGES = `
  INSERT INTO "WebhookMessage" (id, "webhookId", "eventId", trigger, payload, "orderingKey", sequence, state, "nextAttemptAt", "createdAt", "updatedAt")
  SELECT n.id, n."webhookId", $3, $4, $5::jsonb, $6::text, $7::bigint,
         CASE WHEN n.waits THEN 'WAITING' ELSE 'PENDING' END, CASE WHEN n.waits THEN NULL ELSE ${UTC_NOW} END, ${UTC_NOW}, ${UTC_NOW}
    FROM (SELECT m.id, m."webhookId", ${waitsBehindEarlierSql('m."webhookId"', "$6::text")} AS waits
            FROM unnest($1::text[], $2::int[]) AS m(id, "webhookId")) n
  ON CONFLICT DO NOTHING
  RETURNING id, state`;

async function makeMessages(
  event: WebhookDomainEvent,
  trigger: string,
  webhookIds: number[],
  order: EventOrder | null,
  facts: WebhookFacts,
  scheduleFirst: ScheduleFirstAttempts | undefined,
): Promise<string[]> {
  if (webhookIds.length === 0) return [];
  const payload = JSON.stringify(webhookPayloadOf(event, facts, trigger));
  return db.$transaction(async (tx) => {
    if (order) {
      await lockOrderingKeys(tx, webhookIds, order.orderingKey);
      await lockPendingMessages(tx, webhookIds, order.orderingKey);
    }
    const made = await tx.$queryRawUnsafe<{ id: string; state: string }[]>(
      INSERT_MESSAGES,
      webhookIds.map(() => newMessageId()),
      webhookIds,
      event.id,
      trigger,
      payload,
      order?.orderingKey ?? null,
      order ? order.sequence.toString() : null,
    );
    const due = made.filter(({ state }) => state === "PENDING").map(({ id }) => id);
    if (scheduleFirst && due.length > 0) await scheduleFirst(tx, due);
    return made.map(({ id }) => id);
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
