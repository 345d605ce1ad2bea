/**
 * Event type settings as bookings meet them, against a real PostgreSQL: the notice threshold decides
 * pending or accepted, disableGuests refuses guests (when booking and later), customName titles the
 * booking, and limits and windows refuse a booking with a 409 that names them.
 */
import { describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { expectAppError } from "../../e2e/support/rejections";
import type { Principal } from "../auth/principal";
import { db } from "../db/client";
import { needsConfirmation } from "../event-types/confirmation-policy";
import { addGuests } from "./booking-edits";
import { rescheduleBooking } from "./booking-lifecycle";
import { bookingTitle } from "./create/new-booking";
import { createBooking } from "./create";

const noKey = { idempotencyKey: null };
const asUser = (userId: number): Principal => ({ userId, via: "api-key", credentialId: 0, scopes: null, oauthClientId: null });
const book = async (eventTypeId: number, start: Date, extra: Record<string, unknown> = {}) =>
  (await createBooking(null, { eventTypeId, start, attendee: attendee("Grace Brewster Hopper"), ...extra }, noKey)).booking;

describe("confirmation with a notice threshold", () => {
  it("needs confirmation only with less notice than the threshold; exactly the threshold is accepted", () => {
    const policy = { requiresConfirmation: true, confirmationNoticeUnit: "hours", confirmationNoticeCount: 2 };
    const now = new Date("2030-06-12T08:00:00Z");
    expect(needsConfirmation(policy, new Date("2030-06-12T09:59:00Z"), now)).toBe(true);
    expect(needsConfirmation(policy, new Date("2030-06-12T10:00:00Z"), now)).toBe(false);
    expect(needsConfirmation({ ...policy, confirmationNoticeUnit: null, confirmationNoticeCount: null }, new Date("2031-01-01T00:00:00Z"), now)).toBe(true);
    expect(needsConfirmation({ ...policy, requiresConfirmation: false }, new Date("2030-06-12T08:30:00Z"), now)).toBe(false);
  });

  it("a short-notice booking is pending, one made well ahead is accepted", async () => {
    const { eventType } = await makeHostWithEventType({
      eventType: { requiresConfirmation: true, confirmationNoticeUnit: "hours", confirmationNoticeCount: 48 },
    });
    expect(await book(eventType.id, utcAt(1, 10))).toMatchObject({ status: "pending" }); // at most 34 hours away
    expect(await book(eventType.id, utcAt(4, 10))).toMatchObject({ status: "accepted" }); // at least 58 hours away
  });

  it("a reschedule is decided by the new time's notice", async () => {
    const { eventType } = await makeHostWithEventType({
      eventType: { requiresConfirmation: true, confirmationNoticeUnit: "days", confirmationNoticeCount: 2 },
    });
    const far = await book(eventType.id, utcAt(5, 10));
    expect(far.status).toBe("accepted");
    expect(await rescheduleBooking(null, far.uid, { start: utcAt(1, 10) })).toMatchObject({ status: "pending" });
  });
});

describe("disableGuests", () => {
  it("refuses a booking with guests (naming guests) and writes nothing; a booking without guests is made", async () => {
    const { eventType } = await makeHostWithEventType({ eventType: { disableGuests: true } });
    const error = await expectAppError(book(eventType.id, utcAt(2, 10), { guests: ["friend@example.test"] }), "BAD_REQUEST");
    expect(error.details).toEqual([{ path: "body.guests", message: expect.any(String) }]);
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(0);
    expect(await book(eventType.id, utcAt(2, 10), { guests: [] })).toMatchObject({ status: "accepted" });
  });

  it("refuses adding guests later", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { disableGuests: true } });
    const booking = await book(eventType.id, utcAt(2, 10));
    const error = await expectAppError(addGuests(asUser(host.id), booking.uid, { guests: [{ email: "late@example.test" }] }), "BAD_REQUEST");
    expect(error.details).toEqual([{ path: "body.guests", message: expect.any(String) }]);
    expect(await db.attendee.count({ where: { bookingId: booking.id } })).toBe(1);
  });
});

describe("customName", () => {
  it("fills in the peer's variables; unknown ones stay as written", () => {
    const parts = {
      eventTitle: "Intro",
      hostName: "Ada King Lovelace",
      attendeeName: "Grace Brewster Hopper",
      lengthInMinutes: 30,
      location: { type: "address", address: "1 Main St" },
    };
    expect(
      bookingTitle({
        ...parts,
        customName:
          "{Event type title}|{Organiser}|{Organiser first name}|{Scheduler}|{Scheduler first name}|{Scheduler last name}|{Event duration}|{Location}|{LOCATION}|{HOST}|{ATTENDEE}|{HOST/ATTENDEE}|{USER}|{Company}",
      }),
    ).toBe(
      "Intro|Ada King Lovelace|Ada|Grace Brewster Hopper|Grace|Brewster Hopper|30 minutes|1 Main St|1 Main St|Ada King Lovelace|Grace Brewster Hopper|Ada King Lovelace|Grace Brewster Hopper|{Company}",
    );
    expect(bookingTitle({ ...parts, customName: null })).toBe("Intro between Ada King Lovelace and Grace Brewster Hopper");
  });

  it("titles a new booking", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { customName: "{Scheduler first name} meets {Organiser} ({Event duration})" } });
    expect(await book(eventType.id, utcAt(2, 10))).toMatchObject({ title: `Grace meets ${host.name} (30 minutes)` });
  });
});

describe("limits and windows refuse bookings", () => {
  it("a day's booking limit: the second booking that day is a 409 naming the limit; another day and a same-day reschedule are fine", async () => {
    const { eventType } = await makeHostWithEventType({ eventType: { bookingLimitsCount: { day: 1 } } });
    const first = await book(eventType.id, utcAt(2, 10));
    const error = await expectAppError(book(eventType.id, utcAt(2, 12)), "CONFLICT");
    expect(error.message).toMatch(/booking limit/);
    await book(eventType.id, utcAt(3, 10));
    expect(await rescheduleBooking(null, first.uid, { start: utcAt(2, 14) })).toMatchObject({ status: "accepted" });
  });

  it("a booking past the booking window is a 409 naming the window", async () => {
    const { eventType } = await makeHostWithEventType({ eventType: { bookingWindowType: "CALENDAR_DAYS", bookingWindowDays: 2 } });
    await book(eventType.id, utcAt(2, 10));
    const error = await expectAppError(book(eventType.id, utcAt(3, 10)), "CONFLICT");
    expect(error.message).toMatch(/booking window/);
  });
});
