/** An operator raises or lowers booking limits by environment (here RATE_LIMIT_BOOKINGS_PER_ATTENDEE_EMAIL=2), without a code change. */
import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { expectAppError } from "../../e2e/support/rejections";
import { db } from "../db/client";
import { createBooking } from "./create";

// Before any module reads the environment (server/env.ts reads it once).
vi.hoisted(() => {
  process.env.RATE_LIMIT_BOOKINGS_PER_ATTENDEE_EMAIL = "2";
  process.env.RATE_LIMIT_BOOKINGS_PER_CALLER_AND_EVENT_TYPE = "3";
});

const uniqueAddress = () => `198.51.100.${randomBytes(1)[0]}-${randomBytes(4).toString("hex")}`;

describe("configured booking limits", () => {
  it("one attendee e-mail books as often as RATE_LIMIT_BOOKINGS_PER_ATTENDEE_EMAIL says, then 429", async () => {
    const { eventType } = await makeHostWithEventType();
    const guest = attendee();
    const book = (hour: number) =>
      createBooking(null, { eventTypeId: eventType.id, start: utcAt(4, hour), attendee: guest }, { idempotencyKey: null, clientAddress: uniqueAddress() });
    await book(9);
    await book(10);
    await expectAppError(book(11), "TOO_MANY_REQUESTS");
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(2);
  });

  it("one caller books an event type as often as RATE_LIMIT_BOOKINGS_PER_CALLER_AND_EVENT_TYPE says, then 429", async () => {
    const { eventType } = await makeHostWithEventType();
    const address = uniqueAddress();
    const book = (hour: number) =>
      createBooking(null, { eventTypeId: eventType.id, start: utcAt(5, hour), attendee: attendee() }, { idempotencyKey: null, clientAddress: address });
    for (const hour of [9, 10, 11]) await book(hour);
    await expectAppError(book(12), "TOO_MANY_REQUESTS");
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(3);
  });
});
