/** A message describes the booking as its change left it, however late the event is handled. */
import { describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { sessionActor } from "../auth/actor";
import { createBooking } from "../bookings/create-booking";
import { db } from "../db/client";
import type { DomainEvent } from "../events/domain-events";
import { messagesForEvent } from "./webhook-messages";
import type { WebhookBody } from "./webhook-payload";
import { createWebhook } from "./webhook.service";

const noKey = { principal: null, idempotencyKey: null };
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
    const { booking } = await createBooking({ eventTypeId: eventType.id, start: utcAt(2, 10), attendee: attendee() }, noKey);
    const event = await db.domainEvent.findFirstOrThrow({ where: { bookingId: booking.id, type: "BOOKING_CREATED" } });
    // A backlog or a restart: by the time the event is handled, the booking has moved on.
    await db.booking.update({ where: { id: booking.id }, data: { status: "CANCELLED", cancellationReason: "Changed my mind" } });

    const [messageId] = await messagesForEvent(event as DomainEvent);
    const message = await db.webhookMessage.findUniqueOrThrow({ where: { id: messageId! } });
    const { payload } = message.payload as WebhookBody;
    expect(payload).toMatchObject({ uid: booking.uid, status: "ACCEPTED" });
    expect(payload.cancellationReason ?? null).toBeNull();
  });
});
