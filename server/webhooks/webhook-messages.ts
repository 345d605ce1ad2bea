/**
 * Messages: one per domain event and subscribed webhook, made when the event is handled, with the payload frozen
 * then (the booking as its event recorded it, in its output DTO), for the webhooks webhook-subscriptions.ts names.
 * The unique (eventId, webhookId) pair makes handling an event twice (the queue delivers at least once) make no
 * second message; the first attempts are scheduled in the transaction that makes the messages, except for a
 * message that waits behind an earlier one of its booking (webhook-ordering.ts).
 */
import { randomBytes } from "node:crypto";
import { BOOKING_SELECT, toBookingOutput, type BookingRow, type TBookingOutput } from "../bookings/booking.dto";
import { db, sql, type Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { lockOrderingKeys, orderOfEvent, webhooksBusyWith, type EventOrder } from "./webhook-ordering";
import { webhookPayloadOf, type WebhookBody, type WebhookDomainEvent } from "./webhook-payload";
import { SELECT_SUBSCRIBED_WEBHOOKS } from "./webhook-subscriptions";
import { PING_TRIGGER, triggerOfEvent } from "./webhook-triggers";

/** 128 random bits: the `webhook-id` a subscriber deduplicates on. */
export const newMessageId = () => `msg_${randomBytes(16).toString("hex")}`;

/**
 * The booking as the change left it: the snapshot its event carries (server/events/booking-events.ts), so a message
 * made late (a backlog, a restart after a crash) does not describe a later state, e.g. a BOOKING_CREATED of a booking
 * since cancelled. An event without a snapshot reads the booking as it is now.
 */
async function bookingOf(event: WebhookDomainEvent): Promise<TBookingOutput | null> {
  const snapshot = (event.payload as { booking?: TBookingOutput } | null)?.booking;
  if (snapshot && typeof snapshot === "object" && snapshot.uid === event.bookingUid) return snapshot;
  if (!event.bookingUid) return null;
  const row = await db.booking.findUnique({ where: { uid: event.bookingUid }, select: BOOKING_SELECT });
  return row ? toBookingOutput(row as BookingRow) : null;
}

/** Schedules the first attempt of each message, in the transaction that made them. */
export type ScheduleFirstAttempts = (tx: Tx, messageIds: string[]) => Promise<void>;

const subscribedWebhookIds = async (event: WebhookDomainEvent, trigger: string) =>
  (await sql<{ id: number }>(SELECT_SUBSCRIBED_WEBHOOKS, [trigger, event.eventTypeId ?? null, [...event.userIds]])).map(({ id }) => id);

const orderOf = (event: WebhookDomainEvent) => (event.bookingUid ? orderOfEvent(event.id, event.bookingUid) : Promise.resolve(null));

/**
 * Makes the event's messages (once) and schedules the first attempts of those that need not wait behind an earlier
 * message of the same booking (webhook-ordering.ts); returns the ids of the messages made. The booking's earlier
 * events whose handling has not finished get their messages first. One insert for all of them and one for their
 * jobs, whatever the number of webhooks: this runs for every booking change.
 */
export async function messagesForEvent(event: WebhookDomainEvent, scheduleFirst?: ScheduleFirstAttempts): Promise<string[]> {
  const trigger = triggerOfEvent(event.type);
  if (!trigger || (!event.userIds.length && !event.eventTypeId)) return [];
  const webhookIds = await subscribedWebhookIds(event, trigger);
  if (webhookIds.length === 0) return [];
  const order = await orderOf(event);
  if (order?.earlierEventIds.length) {
    const earlier = await db.domainEvent.findMany({ where: { id: { in: order.earlierEventIds } }, orderBy: { sequence: "asc" } });
    for (const previous of earlier) {
      const previousTrigger = triggerOfEvent(previous.type);
      if (previousTrigger)
        await makeMessages(previous, previousTrigger, await subscribedWebhookIds(previous, previousTrigger), await orderOf(previous), scheduleFirst);
    }
  }
  return makeMessages(event, trigger, webhookIds, order, scheduleFirst);
}

async function makeMessages(
  event: WebhookDomainEvent,
  trigger: string,
  webhookIds: number[],
  order: EventOrder | null,
  scheduleFirst: ScheduleFirstAttempts | undefined,
): Promise<string[]> {
  if (webhookIds.length === 0) return [];
  const payload = webhookPayloadOf(event, await bookingOf(event), trigger) as unknown as Prisma.InputJsonValue;
  const now = new Date();
  return db.$transaction(async (tx) => {
    let busy = new Set<number>();
    if (order) {
      await lockOrderingKeys(tx, webhookIds, order.orderingKey);
      busy = await webhooksBusyWith(tx, webhookIds, order.orderingKey);
    }
    // A message this event already has (a repeated job) is skipped by the unique (eventId, webhookId), not made twice.
    const made = await tx.webhookMessage.createManyAndReturn({
      data: webhookIds.map((webhookId) => ({
        id: newMessageId(),
        webhookId,
        eventId: event.id,
        trigger,
        payload,
        orderingKey: order?.orderingKey ?? null,
        sequence: order?.sequence ?? null,
        ...(busy.has(webhookId) ? { state: "WAITING", nextAttemptAt: null } : { nextAttemptAt: now }),
      })),
      skipDuplicates: true,
      select: { id: true, state: true },
    });
    const due = made.filter(({ state }) => state === "PENDING").map(({ id }) => id);
    if (scheduleFirst && due.length > 0) await scheduleFirst(tx, due);
    return made.map(({ id }) => id);
  });
}

/** A PING message for "send test event": a sample booking-shaped payload, never tied to a domain event. */
export async function createTestMessage(webhookId: number): Promise<string> {
  const now = new Date();
  const payload: WebhookBody = {
    triggerEvent: PING_TRIGGER,
    createdAt: now.toISOString(),
    payload: {
      type: "test",
      title: "Test event from Convene",
      startTime: now.toISOString(),
      endTime: new Date(now.getTime() + 30 * 60_000).toISOString(),
      organizer: { name: "Convene", email: "no-reply@convene.localhost", timeZone: "UTC", language: { locale: "en" } },
      attendees: [{ name: "Test attendee", email: "attendee@example.test", timeZone: "UTC", language: { locale: "en" } }],
      uid: "test",
      status: "ACCEPTED",
    },
  };
  const id = newMessageId();
  await db.webhookMessage.create({ data: { id, webhookId, trigger: PING_TRIGGER, payload: payload as unknown as Prisma.InputJsonValue } });
  return id;
}
