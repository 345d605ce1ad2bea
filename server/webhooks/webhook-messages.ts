/**
 * Messages: one per domain event and subscribed webhook, made when the event is handled, with the payload frozen
 * then (the booking as its event recorded it, in its output DTO). The unique (eventId, webhookId) pair makes handling an event
 * twice (the queue delivers at least once) make no second message; the first attempts are scheduled in the
 * transaction that makes the messages.
 */
import { randomBytes } from "node:crypto";
import { BOOKING_SELECT, toBookingOutput, type BookingRow, type TBookingOutput } from "../bookings/booking.dto";
import { db, type Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { webhookPayloadOf, type WebhookBody, type WebhookDomainEvent } from "./webhook-payload";
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

/**
 * Makes the event's messages (once) and schedules their first attempts; returns the ids of the messages made. One
 * insert for all of them and one for their jobs, whatever the number of webhooks: this runs for every booking change.
 */
export async function messagesForEvent(event: WebhookDomainEvent, scheduleFirst?: ScheduleFirstAttempts): Promise<string[]> {
  const trigger = triggerOfEvent(event.type);
  if (!trigger || (!event.userIds.length && !event.eventTypeId)) return [];
  const webhooks = await db.webhook.findMany({ where: subscribersOf(event, trigger), select: { id: true } });
  if (webhooks.length === 0) return [];
  const payload = webhookPayloadOf(event, await bookingOf(event), trigger) as unknown as Prisma.InputJsonValue;
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
