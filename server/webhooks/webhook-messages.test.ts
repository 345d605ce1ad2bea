/** A message describes the booking as its change left it, however late the event is handled. */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { sessionActor } from "../auth/actor";
import { peerWebhookBodyProblems } from "../../e2e/support/peer/peer-webhook-payloads";
import { rescheduleBooking } from "../bookings/booking-lifecycle";
import { createBooking } from "../bookings/create";
import { db } from "../db/client";
import type { DomainEvent } from "../events/domain-events";
import { messagesForEvent } from "./webhook-messages";
import type { WebhookBody } from "./webhook-payload";
import { createWebhook } from "./webhook.service";

const noKey = { idempotencyKey: null };
const local = { allowPrivateNetwork: true, resolve: async () => [{ address: "127.0.0.1", family: 4 }] };

describe("webhook messages", () => {
  it("a BOOKING_CREATED handled after the booking was cancelled still sends it as created", async () => {
    const { host, eventType } = await makeHostWithEventType();
    await createWebhook(
      sessionActor(host.id),
      { kind: "user" },
      { subscriberUrl: "http://127.0.0.1:9/late", triggers: ["BOOKING_CREATED"], active: true },
      local,
    );
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 10), attendee: attendee() }, noKey);
    const event = await db.domainEvent.findFirstOrThrow({ where: { bookingId: booking.id, type: "BOOKING_CREATED" } });
    // A backlog or a restart: by the time the event is handled, the booking has moved on.
    await db.booking.update({ where: { id: booking.id }, data: { status: "CANCELLED", cancellationReason: "Changed my mind" } });

    const [messageId] = await messagesForEvent(event as DomainEvent);
    const message = await db.webhookMessage.findUniqueOrThrow({ where: { id: messageId! } });
    const { payload } = message.payload as WebhookBody;
    expect(payload).toMatchObject({ uid: booking.uid, status: "ACCEPTED" });
    expect(payload.cancellationReason ?? null).toBeNull();
  });

  it("a booking of a managed copy makes a message for the team event type's webhook (the copy's lineage)", async () => {
    const { host, eventType: parent } = await makeHostWithEventType();
    const team = await db.team.create({ data: { name: "Team", slug: `team-${parent.id}` } });
    await db.eventType.update({ where: { id: parent.id }, data: { userId: null, teamId: team.id, schedulingType: "MANAGED" } });
    const copy = await db.eventType.create({
      data: { userId: host.id, parentId: parent.id, title: "Copy", slug: `copy-${parent.id}`, lengthInMinutes: 30, minimumBookingNotice: 0 },
    });
    const hook = await db.webhook.create({
      data: { eventTypeId: parent.id, subscriberUrl: "http://127.0.0.1:9/team", triggers: ["BOOKING_CREATED"], secretEncrypted: "unused" },
    });
    const { booking } = await createBooking(null, { eventTypeId: copy.id, start: utcAt(2, 11), attendee: attendee() }, noKey);
    const event = await db.domainEvent.findFirstOrThrow({ where: { bookingId: booking.id, type: "BOOKING_CREATED" } });
    await messagesForEvent(event as DomainEvent);
    expect(await db.webhookMessage.findMany({ where: { eventId: event.id }, select: { webhookId: true } })).toEqual([{ webhookId: hook.id }]);
  });
});

describe("webhook message bodies: the peer's, whatever the event's age", () => {
  const subscribe = async (userId: number, triggers: string[]) =>
    createWebhook(sessionActor(userId), { kind: "user" }, { subscriberUrl: "http://127.0.0.1:9/peer", triggers: triggers as never, active: true }, local);
  const bodyOf = async (event: DomainEvent) => {
    const [messageId] = await messagesForEvent(event);
    return (await db.webhookMessage.findUniqueOrThrow({ where: { id: messageId! } })).payload as WebhookBody;
  };

  it("reads the event type's settings and the organizer's locale and clock when the message is made", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { requiresConfirmation: true } });
    await db.user.update({ where: { id: host.id }, data: { locale: "fr", timeFormat: 12 } });
    await db.eventType.update({ where: { id: eventType.id }, data: { description: "Let us meet" } });
    await subscribe(host.id, ["BOOKING_REQUESTED"]);
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 10), attendee: attendee() }, noKey);
    const event = await db.domainEvent.findFirstOrThrow({ where: { bookingId: booking.id, type: "BOOKING_REQUESTED" } });
    const body = await bodyOf(event as DomainEvent);
    expect(peerWebhookBodyProblems(body)).toEqual([]);
    expect(body.payload).toMatchObject({
      eventTitle: "Intro call",
      eventDescription: "Let us meet",
      requiresConfirmation: true,
      organizer: { id: host.id, language: { locale: "fr" }, timeFormat: "h:mma" },
    });
  });

  it("an event written before the snapshot had today's fields, and a reschedule without its previous booking, still make valid bodies", async () => {
    const { host, eventType } = await makeHostWithEventType();
    await subscribe(host.id, ["BOOKING_RESCHEDULED", "BOOKING_NO_SHOW_UPDATED"]);
    const guest = attendee();
    const { booking: first } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 10), attendee: guest }, noKey);
    const moved = await rescheduleBooking(null, first.uid, { start: utcAt(3, 11) });
    const event = (await db.domainEvent.findFirstOrThrow({ where: { bookingId: moved.id, type: "BOOKING_RESCHEDULED" } })) as DomainEvent;
    // As an older release recorded it: no previousBooking, no answers, no icsUid.
    const { bookingFieldsResponses: _answers, icsUid: _ics, ...older } = (event.payload as { booking: Record<string, string> }).booking;
    const body = await bodyOf({ ...event, id: randomUUID(), payload: { booking: older } });
    expect(peerWebhookBodyProblems(body)).toEqual([]);
    expect(body.payload).toMatchObject({ uid: moved.uid, rescheduleUid: first.uid, rescheduleId: first.id, rescheduleStartTime: utcAt(2, 10).toISOString() });

    const noShow: DomainEvent = { ...event, id: randomUUID(), type: "BOOKING_NO_SHOW_UPDATED", payload: { booking: older } };
    const noShowBody = await bodyOf(noShow);
    expect(peerWebhookBodyProblems(noShowBody)).toEqual([]);
    expect(noShowBody.payload).toMatchObject({ bookingUid: moved.uid, attendees: [{ email: guest.email, noShow: false }] });
  });
});
