import { describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType } from "@/prisma/scheduling-factories";
import { db } from "../db/client";
import { ZListBookingsQuery } from "./booking-list-query";
import { ZCreateBookingInput, ZRescheduleBookingInput } from "./booking.schemas";
import { createBooking } from "./create";
import { ZAvailableSlotsQuery } from "../slots/slots.schemas";
import { ZCreateOooInput } from "../out-of-office/out-of-office.schemas";
import { ZOverrideInput } from "../schedules/schedule.schemas";
import { ZCreatePrivateLinkInput } from "../event-types/private-link.schemas";
import { ZBusyTimesQuery } from "../calendars/calendars.schemas";

const OUT_OF_RANGE = ["9999-12-31T23:45:00Z", "2200-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "0001-01-01T00:00:00Z"];
const fieldsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) => result.error?.issues.map(({ path }) => path.join("."));

describe("every date input is bounded to 1970–2200", () => {
  it("bookings: create, reschedule and the list filters refuse a timestamp out of range, naming the field", () => {
    for (const start of OUT_OF_RANGE) {
      const created = ZCreateBookingInput.safeParse({ eventTypeId: 1, start, attendee: attendee() });
      expect(fieldsOf(created), start).toEqual(["start"]);
      expect(created.error?.issues[0]?.message).toMatch(/between 1970-01-01 and 2200-01-01/);
      expect(fieldsOf(ZRescheduleBookingInput.safeParse({ start }))).toEqual(["start"]);
      expect(fieldsOf(ZListBookingsQuery.safeParse({ afterStart: start }))).toEqual(["afterStart"]);
      expect(fieldsOf(ZListBookingsQuery.safeParse({ beforeEnd: start }))).toEqual(["beforeEnd"]);
    }
    expect(ZCreateBookingInput.safeParse({ eventTypeId: 1, start: "2199-12-31T23:00:00Z", attendee: attendee() }).success).toBe(true);
  });

  it("slots, out-of-office, schedule overrides, private links and busy times refuse dates out of range", () => {
    for (const value of OUT_OF_RANGE) {
      expect(fieldsOf(ZAvailableSlotsQuery.safeParse({ eventTypeId: 1, startTime: value, endTime: "2026-12-02T00:00:00Z" }))).toContain("startTime");
      expect(fieldsOf(ZCreateOooInput.safeParse({ start: "2030-05-01T00:00:00Z", end: value }))).toContain("end");
      expect(fieldsOf(ZCreatePrivateLinkInput.safeParse({ expiresAt: value }))).toContain("expiresAt");
      expect(fieldsOf(ZBusyTimesQuery.safeParse({ credentialId: "1", externalId: "x", dateFrom: value }))).toEqual(["dateFrom"]);
      expect(fieldsOf(ZOverrideInput.safeParse({ date: value.slice(0, 10), startTime: "09:00", endTime: "10:00" }))).toEqual(["date"]);
    }
  });

  it("a booking that cannot be read back commits nothing: its response is built before the commit", async () => {
    const { eventType } = await makeHostWithEventType({ hours: { startMinute: 0, endMinute: 24 * 60 }, eventType: { lengthInMinutes: 15 } });
    // Past the schema on purpose: whatever reaches the service, a row whose end is in year 10000 must not stay.
    const start = new Date("9999-12-31T23:45:00Z");
    await expect(createBooking(null, { eventTypeId: eventType.id, start, attendee: attendee() }, { idempotencyKey: null })).rejects.toThrow();
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(0);
  });

  it("the database itself refuses a booking outside the range, so no write path can store one", async () => {
    const { eventType } = await makeHostWithEventType();
    const insert = db.$executeRaw`
      INSERT INTO "Booking" (uid, "eventTypeId", title, start, "end", status, "updatedAt")
      VALUES (gen_random_uuid()::text, ${eventType.id}, 'Far future', '9999-12-31T23:45:00Z', '10000-01-01T00:15:00Z', 'ACCEPTED', now())`;
    await expect(insert).rejects.toThrow(/Booking_time_range/);
  });
});
