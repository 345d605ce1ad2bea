import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import type { Principal } from "../auth/principal";
import { db } from "../db/client";
import { AppError } from "../errors";
import { expectAppError } from "../../e2e/support/rejections";
import { addAttendee } from "./booking-edits";
import { rescheduleBooking } from "./booking-lifecycle";
import { getBooking } from "./booking-reads";
import { quotaOf } from "../security/rate-limits";
import { ZCreateBookingInput } from "./booking.schemas";
import { createBooking } from "./create";

const MAX_BOOKINGS_PER_ATTENDEE_EMAIL = quotaOf("BOOKINGS_PER_ATTENDEE_EMAIL");
const MAX_BOOKINGS_PER_CALLER_AND_EVENT_TYPE = quotaOf("BOOKINGS_PER_CALLER_AND_EVENT_TYPE");

const asUser = (userId: number): Principal => ({ userId, via: "api-key", credentialId: 0, scopes: null, oauthClientId: null });
const uniqueAddress = () => `198.51.100.${randomBytes(1)[0]}-${randomBytes(4).toString("hex")}`;

describe("Idempotency-Key is bound to the request it was first sent with", () => {
  it("the same key with another start, attendee or event type is a 422 and books nothing; the same request gets the first booking", async () => {
    const { eventType } = await makeHostWithEventType();
    const other = await makeHostWithEventType();
    const key = `key-${randomBytes(4).toString("hex")}`;
    const input = { eventTypeId: eventType.id, start: utcAt(2, 10), attendee: attendee() };
    const first = await createBooking(null, input, { idempotencyKey: key });
    for (const changed of [
      { ...input, start: utcAt(2, 11) },
      { ...input, attendee: attendee("Ada Lovelace") },
      { ...input, eventTypeId: other.eventType.id },
    ]) {
      const error = await expectAppError(createBooking(null, changed, { idempotencyKey: key }), "UNPROCESSABLE_ENTITY");
      expect(error.message).toMatch(/new Idempotency-Key/);
    }
    // Another credential sending the same body is another request too.
    await expectAppError(createBooking(asUser(other.host.id), input, { idempotencyKey: key }), "UNPROCESSABLE_ENTITY");
    const replay = await createBooking(null, { ...input, attendee: { ...input.attendee } }, { idempotencyKey: key });
    expect([first.created, replay.created]).toEqual([true, false]);
    expect(replay.booking.uid).toBe(first.booking.uid);
    expect(await db.booking.count({ where: { eventTypeId: { in: [eventType.id, other.eventType.id] } } })).toBe(1);
  });

  it("10 simultaneous requests with one key and 10 different starts: one booking, the other nine refused", async () => {
    const { eventType } = await makeHostWithEventType();
    const key = `key-${randomBytes(4).toString("hex")}`;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) =>
        createBooking(
          null,
          { eventTypeId: eventType.id, start: utcAt(3, 9 + (index % 8), index >= 8 ? 30 : 0), attendee: attendee() },
          { idempotencyKey: key },
        ),
      ),
    );
    const created = results.filter((result) => result.status === "fulfilled" && result.value.created);
    const refused = results.filter((result) => result.status === "rejected").map((result) => ((result as PromiseRejectedResult).reason as AppError).code);
    expect(created).toHaveLength(1);
    expect(refused).toEqual(Array(9).fill("UNPROCESSABLE_ENTITY"));
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(1);
  });
});

describe("attendee phone numbers", () => {
  it("are stored and returned (create, reads, reschedule, added attendees); absent ones are left out", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const input = ZCreateBookingInput.parse({
      eventTypeId: eventType.id,
      start: utcAt(2, 10).toISOString(),
      attendee: { ...attendee(), phoneNumber: "+44 20 7946 0958" },
    });
    const { booking } = await createBooking(null, input, { idempotencyKey: null });
    expect(booking.attendees[0]).toMatchObject({ phoneNumber: "+442079460958" });
    expect((await getBooking(asUser(host.id), booking.uid)).attendees[0]?.phoneNumber).toBe("+442079460958");
    const moved = await rescheduleBooking(null, booking.uid, { start: utcAt(2, 11) });
    expect(moved.attendees[0]?.phoneNumber).toBe("+442079460958");
    const added = await addAttendee(asUser(host.id), moved.uid, { ...attendee("Ada Lovelace"), phoneNumber: "+14155550123" });
    expect(added.phoneNumber).toBe("+14155550123");
    const { booking: withoutPhone } = await createBooking(
      null,
      { eventTypeId: eventType.id, start: utcAt(2, 13), attendee: attendee() },
      { idempotencyKey: null },
    );
    expect(withoutPhone.attendees[0]).not.toHaveProperty("phoneNumber");
  });

  it("must be an international number of bounded length", () => {
    for (const phoneNumber of ["0123456789", "+0 123 456 789", "+1 415 555 0123 ext 4", "+12", `+1${"2".repeat(40)}`, "tel:+14155550123"]) {
      const result = ZCreateBookingInput.safeParse({ eventTypeId: 1, start: "2030-01-01T10:00:00Z", attendee: { ...attendee(), phoneNumber } });
      expect(
        result.error?.issues.map(({ path }) => path.join(".")),
        phoneNumber,
      ).toEqual(["attendee.phoneNumber"]);
    }
  });
});

describe("booking creation is rate limited", () => {
  it("one attendee e-mail: the booking past the limit is a 429 with Retry-After, and nothing is written", async () => {
    const { eventType } = await makeHostWithEventType();
    const guest = attendee();
    const book = (hour: number, minute: number, address: string) =>
      createBooking(null, { eventTypeId: eventType.id, start: utcAt(4, hour, minute), attendee: guest }, { idempotencyKey: null, clientAddress: address });
    for (let index = 0; index < MAX_BOOKINGS_PER_ATTENDEE_EMAIL; index++) await book(9 + Math.floor(index / 2), (index % 2) * 30, uniqueAddress());
    const error = await expectAppError(book(16, 0, uniqueAddress()), "TOO_MANY_REQUESTS");
    expect(Number(error.headers?.["Retry-After"])).toBeGreaterThan(0);
    expect(error.message).toMatch(/try again in \d+ minute/);
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(MAX_BOOKINGS_PER_ATTENDEE_EMAIL);
  });

  it("a simultaneous flood from one address is held to the limit too: attempts count before anything is written", async () => {
    const { eventType } = await makeHostWithEventType({ hours: { startMinute: 0, endMinute: 24 * 60 } });
    const address = uniqueAddress();
    const flood = MAX_BOOKINGS_PER_CALLER_AND_EVENT_TYPE + 10;
    const results = await Promise.allSettled(
      Array.from({ length: flood }, (_, slot) =>
        createBooking(
          null,
          { eventTypeId: eventType.id, start: utcAt(6, Math.floor(slot / 2), (slot % 2) * 30), attendee: attendee() },
          { idempotencyKey: null, clientAddress: address },
        ),
      ),
    );
    const refused = results.filter((result) => result.status === "rejected").map((result) => ((result as PromiseRejectedResult).reason as AppError).code);
    expect(refused).toEqual(Array(10).fill("TOO_MANY_REQUESTS"));
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(MAX_BOOKINGS_PER_CALLER_AND_EVENT_TYPE);
  });

  it("simultaneous requests in one attendee's name for one slot are contention, not a flood: one booking, the rest 409", async () => {
    const { eventType } = await makeHostWithEventType();
    const input = { eventTypeId: eventType.id, start: utcAt(4, 11), attendee: attendee() };
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => createBooking(null, input, { idempotencyKey: null, clientAddress: "192.0.2.1" })),
    );
    const refused = results.filter((result) => result.status === "rejected").map((result) => ((result as PromiseRejectedResult).reason as AppError).code);
    expect(refused).toEqual(Array(29).fill("CONFLICT"));
  });

  it("one address for one event type: limited; the same address still books other event types, and refused attempts do not count", async () => {
    const { eventType } = await makeHostWithEventType({ hours: { startMinute: 0, endMinute: 24 * 60 } });
    const address = uniqueAddress();
    const book = (eventTypeId: number, slot: number) =>
      createBooking(
        null,
        { eventTypeId, start: utcAt(5, Math.floor(slot / 2), (slot % 2) * 30), attendee: attendee() },
        { idempotencyKey: null, clientAddress: address },
      );
    await book(eventType.id, 0);
    // Taken slots write nothing, so they give their count back: a visitor retrying is not locked out.
    for (let retry = 0; retry < MAX_BOOKINGS_PER_CALLER_AND_EVENT_TYPE; retry++) await expectAppError(book(eventType.id, 0), "CONFLICT");
    for (let slot = 1; slot < MAX_BOOKINGS_PER_CALLER_AND_EVENT_TYPE; slot++) await book(eventType.id, slot);
    await expectAppError(book(eventType.id, 40), "TOO_MANY_REQUESTS");
    const elsewhere = await makeHostWithEventType();
    expect((await book(elsewhere.eventType.id, 20)).created).toBe(true);
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(MAX_BOOKINGS_PER_CALLER_AND_EVENT_TYPE);
  });
});
