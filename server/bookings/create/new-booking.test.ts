import { describe, expect, it } from "vitest";
import type { BookableEventType } from "../booking-rules";
import { newBookingOf } from "./new-booking";

const eventType = {
  id: 3,
  userId: 7,
  title: "Intro call",
  description: null,
  customName: null,
  requiresConfirmation: false,
  confirmationNoticeUnit: null,
  confirmationNoticeCount: null,
  hosts: [],
  owner: { name: "Olive", email: "olive@example.test", username: "olive", timeZone: "UTC", destinationCalendar: null, defaultSchedule: null },
} as unknown as BookableEventType;
const start = new Date("2030-01-02T10:00:00Z");
const end = new Date("2030-01-02T10:30:00Z");
const booker = { name: "Grace Hopper", email: "grace@example.test", timeZone: "Europe/Paris", language: "en" as const };

describe("newBookingOf", () => {
  it("the booker first, then each guest once (not the booker again), named by their e-mail's local part", () => {
    const input = { eventTypeId: 3, start, attendee: booker, guests: ["ada@example.test", "ada@example.test", "grace@example.test"] };
    const booking = newBookingOf(eventType, input, { bookingFieldsResponses: {}, location: null }, { end, hostIds: [7] }, null);
    expect(booking.attendees).toEqual([
      { name: "Grace Hopper", email: "grace@example.test", timeZone: "Europe/Paris", language: "en", phoneNumber: null },
      { name: "ada", email: "ada@example.test", timeZone: "Europe/Paris", language: "en", isGuest: true },
    ]);
    expect(booking).toMatchObject({ eventTypeId: 3, start, end, hostIds: [7], status: "ACCEPTED", metadata: {}, idempotencyKey: null });
    expect(booking.title).toContain("Grace Hopper");
  });

  it("keeps the request's key and fingerprint; pending when the event type needs confirmation", () => {
    const confirming = { ...eventType, requiresConfirmation: true } as BookableEventType;
    const keyed = { idempotencyKey: "k-1", fingerprint: "f".repeat(64) };
    const booking = newBookingOf(
      confirming,
      { eventTypeId: 3, start, attendee: booker },
      { bookingFieldsResponses: {}, location: null },
      { end, hostIds: [7] },
      keyed,
    );
    expect(booking).toMatchObject({ status: "PENDING", idempotencyKey: "k-1", idempotencyFingerprint: keyed.fingerprint });
  });
});
