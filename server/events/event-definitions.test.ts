/** Domain events' names, versions and schemas (event-definitions.ts over event-catalog.ts): refused on write, upgraded on read. */
import { describe, expect, it } from "vitest";
import { bookingPayloadOf } from "./booking-events";
import { DOMAIN_EVENTS } from "./event-catalog";
import { DomainEventPayloadError, payloadToRead, payloadToWrite } from "./event-definitions";

const at = "2026-12-01T10:00:00.000Z";
const until = "2026-12-01T10:30:00.000Z";
const host = { id: 7, name: "Hana Host", email: "hana@example.test", username: "hana", timeZone: "Europe/Berlin" };
const attendee = { id: 3, name: "Ada", email: "ada@example.test", displayEmail: "ada@example.test", timeZone: "UTC", language: "en", absent: false };
const booking = {
  id: 11,
  uid: "bk_1",
  title: "Call",
  description: "",
  hosts: [host],
  status: "accepted",
  start: at,
  end: until,
  duration: 30,
  eventTypeId: 5,
  eventType: { id: 5, slug: "call" },
  location: "",
  absentHost: false,
  createdAt: at,
  updatedAt: at,
  metadata: {},
  icsUid: "bk_1@convene.test",
  attendees: [attendee],
  guests: [],
  bookingFieldsResponses: { name: "Ada" },
};

describe("domain event definitions", () => {
  it("writes a valid payload at the current version", () => {
    expect(payloadToWrite(DOMAIN_EVENTS, "BOOKING_CREATED", { booking })).toEqual({ version: 2, payload: { booking } });
  });

  it("refuses a payload its schema does not accept, naming the event, the version and the field", () => {
    const bad = { booking: { ...booking, uid: 42, start: "tomorrow" } };
    expect(() => payloadToWrite(DOMAIN_EVENTS, "BOOKING_CREATED", bad)).toThrow(DomainEventPayloadError);
    expect(() => payloadToWrite(DOMAIN_EVENTS, "BOOKING_CREATED", bad)).toThrow(/BOOKING_CREATED v2 refused: booking\.uid: .*; booking\.start/);
    // A no-show update must say what it changed.
    expect(() => payloadToWrite(DOMAIN_EVENTS, "BOOKING_NO_SHOW_UPDATED", { booking })).toThrow(/BOOKING_NO_SHOW_UPDATED v2 refused: noShow/);
  });

  it("reads a v1 row (written before versions, lacking later fields) upgraded to the current version", () => {
    const { icsUid: _ics, bookingFieldsResponses: _answers, duration: _duration, guests: _guests, ...older } = booking;
    const legacy = { booking: { ...older, status: "ACCEPTED", attendees: [{ id: 3, name: "Ada", email: "ada@example.test" }] } };
    const read = payloadToRead(DOMAIN_EVENTS, "BOOKING_CREATED", 1, legacy);
    expect(read.version).toBe(2);
    expect(read.payload).toMatchObject({
      booking: {
        uid: "bk_1",
        status: "accepted",
        duration: 30,
        icsUid: expect.stringMatching(/^bk_1@/),
        bookingFieldsResponses: {},
        guests: [],
        attendees: [{ email: "ada@example.test", displayEmail: "ada@example.test", timeZone: "UTC", language: "en", absent: false }],
      },
    });
    // A v1 no-show update without its change meant every attendee as the booking stood.
    const noShow = bookingPayloadOf({ type: "BOOKING_NO_SHOW_UPDATED", version: 1, payload: legacy });
    expect(noShow.noShow).toEqual({ attendees: [{ email: "ada@example.test", absent: false }] });
  });

  it("reads a current row as it was written, and refuses a stored payload its version's schema does not accept", () => {
    expect(bookingPayloadOf({ type: "BOOKING_CANCELLED", version: 2, payload: { booking } }).booking).toEqual(booking);
    expect(() => payloadToRead(DOMAIN_EVENTS, "BOOKING_CANCELLED", 1, { booking: { uid: "bk_1" } })).toThrow(
      /BOOKING_CANCELLED v1 \(stored\) is not valid: booking\.id/,
    );
  });

  it("an unknown name or version is a clear error", () => {
    expect(() => payloadToRead(DOMAIN_EVENTS, "BOOKING_TELEPORTED", 1, {})).toThrow('Unknown domain event "BOOKING_TELEPORTED"');
    expect(() => payloadToRead(DOMAIN_EVENTS, "BOOKING_CREATED", 9, { booking })).toThrow("Domain event BOOKING_CREATED has no version 9 (known: 1, 2)");
    expect(() => payloadToWrite(DOMAIN_EVENTS, "BOOKING_TELEPORTED", { booking })).toThrow(DomainEventPayloadError);
  });
});
