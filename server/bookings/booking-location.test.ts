/**
 * Where a booking takes place (booking-location.ts), on the real database through createBooking: one location is
 * applied, several let the booker choose among them, a choice the event type does not offer is a 400 naming
 * body.location, the kinds the booker fills in take the booker's value; the place is stored, returned, kept by a
 * reschedule, and reaches the mail, the .ics, the connected calendars' event and the webhook body.
 */
import { describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { makeTeamEventType } from "@/prisma/team-factories";
import { expectAppError } from "../../e2e/support/rejections";
import { eventOf } from "../calendars/booking-sync";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { runPendingJobs } from "../jobs/workers";
import { webhookPayloadOf } from "../webhooks/webhook-payload";
import { webhookFactsOf } from "../webhooks/webhook-payload-facts";
import { locationForPeople } from "./booking-location";
import { bookingIcs } from "./booking-ics";
import { rescheduleBooking } from "./booking-lifecycle";
import { ZCreateBookingInput, type TCreateBookingInput } from "./booking.schemas";
import { createBooking } from "./create";

const noKey = { idempotencyKey: null };
const ADDRESS = { type: "address", address: "1 Rue de Rivoli, Paris", public: true };
const LINK = { type: "link", link: "https://meet.example.test/room-7", public: true };
const PHONE = { type: "phone", phone: "+33100000007", public: true };
const ZOOM = { type: "integration", integration: "zoom" };

async function eventTypeWith(locations: Prisma.InputJsonArray) {
  return (await makeHostWithEventType({ eventType: { locations } })).eventType;
}

/** A booking of `eventTypeId` at a new hour; `body` is parsed as POST /v2/bookings parses it. */
let hour = 8; // 09:00 … 16:00, the hosts' working hours; each test books its own event type
async function book(eventTypeId: number, body: Partial<Record<keyof TCreateBookingInput, unknown>> = {}) {
  hour = hour >= 16 ? 9 : hour + 1;
  const input = ZCreateBookingInput.parse({ eventTypeId, start: utcAt(3, hour).toISOString(), attendee: attendee(), ...body });
  return (await createBooking(null, input, noKey)).booking;
}

const refusal = async (eventTypeId: number, body: Partial<Record<keyof TCreateBookingInput, unknown>>) => {
  const error = await expectAppError(book(eventTypeId, body), "BAD_REQUEST");
  return { message: error.message, paths: (error.details as { path: string }[]).map(({ path }) => path) };
};

describe("an event type with one location", () => {
  for (const [location, expected] of [
    [ADDRESS, "1 Rue de Rivoli, Paris"],
    [LINK, "https://meet.example.test/room-7"],
    [PHONE, "+33100000007"],
    [ZOOM, "zoom"],
  ] as const) {
    it(`applies its ${location.type} to a booking that names none`, async () => {
      const eventType = await eventTypeWith([location]);
      const booking = await book(eventType.id);
      expect(booking.location).toBe(expected);
      const stored = await db.booking.findUniqueOrThrow({ where: { uid: booking.uid }, select: { location: true } });
      expect(stored.location).toMatchObject({ type: location.type });
    });
  }

  it("reaches the mail, the .ics, the calendar event and the webhook body, and a reschedule keeps it", async () => {
    const eventType = await eventTypeWith([ADDRESS]);
    const booking = await book(eventType.id);
    await runPendingJobs();
    const mail = await db.outboxMail.findFirstOrThrow({ where: { to: booking.attendees[0]!.email, subject: { startsWith: "Booked:" } } });
    expect(mail.text).toContain("Location: 1 Rue de Rivoli, Paris");
    expect(await bookingIcs(booking.uid)).toContain("LOCATION:1 Rue de Rivoli\\, Paris");
    expect(eventOf(booking, booking.uid).location).toBe("1 Rue de Rivoli, Paris");
    const event = {
      id: "e",
      type: "BOOKING_CREATED",
      occurredAt: new Date(),
      bookingUid: booking.uid,
      eventTypeId: eventType.id,
      userIds: [],
      payload: { booking },
    };
    expect(webhookPayloadOf(event, await webhookFactsOf(event, event.type)).payload.location).toBe("1 Rue de Rivoli, Paris");

    const moved = await rescheduleBooking(null, booking.uid, { start: utcAt(4, 12) });
    expect(moved.location).toBe("1 Rue de Rivoli, Paris");
  });

  it("of a round-robin and a collective team event type alike", async () => {
    for (const schedulingType of ["ROUND_ROBIN", "COLLECTIVE"] as const) {
      const { eventType } = await makeTeamEventType({ hosts: 2, schedulingType });
      await db.eventType.update({ where: { id: eventType.id }, data: { locations: [LINK] } });
      expect((await book(eventType.id)).location).toBe(LINK.link);
    }
  });
});

describe("an event type with several locations", () => {
  const SEVERAL = [ADDRESS, PHONE, { type: "address", address: "2 Quai Branly, Paris", public: false }, ZOOM, { type: "attendeePhone" }];

  it("stores the booker's choice, by kind (the first of it) or by value among the same kind", async () => {
    const eventType = await eventTypeWith(SEVERAL);
    expect((await book(eventType.id, { location: { type: "phone" } })).location).toBe("+33100000007");
    expect((await book(eventType.id, { location: { type: "address" } })).location).toBe("1 Rue de Rivoli, Paris");
    expect((await book(eventType.id, { location: { type: "address", address: "2 Quai Branly, Paris" } })).location).toBe("2 Quai Branly, Paris");
    expect((await book(eventType.id, { location: { type: "integration", integration: "zoom" } })).location).toBe("zoom");
    expect((await book(eventType.id, { location: { type: "attendeePhone", phone: "+44 20 7946 0958" } })).location).toBe("+442079460958");
  });

  it("stores none when the booker chooses none (the location field is optional, as the peer's)", async () => {
    const eventType = await eventTypeWith(SEVERAL);
    expect((await book(eventType.id)).location).toBe("");
  });

  it("refuses a choice it does not offer with a 400 on body.location, and books nothing", async () => {
    const eventType = await eventTypeWith(SEVERAL);
    for (const location of [
      { type: "link" },
      { type: "address", address: "10 Downing Street" },
      { type: "phone", phone: "+33100000099" },
      { type: "integration", integration: "google-meet" },
      { type: "attendeeAddress", address: "3 Elm St" },
      { type: "organizersDefaultApp" },
    ]) {
      const { message, paths } = await refusal(eventType.id, { location });
      expect(paths).toEqual(["body.location"]);
      expect(message).toContain("choose one of: address, phone, integration zoom, attendeePhone");
    }
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(0);
  });
});

describe("the kinds the booker fills in", () => {
  it("an attendee phone needs a valid number; the only location takes attendee.phoneNumber", async () => {
    const eventType = await eventTypeWith([{ type: "attendeePhone" }]);
    expect((await refusal(eventType.id, {})).paths).toEqual(["body.location.phone"]);
    expect((await refusal(eventType.id, { location: { type: "attendeePhone" } })).paths).toEqual(["body.location.phone"]);
    expect((await refusal(eventType.id, { location: { type: "attendeePhone", phone: "call me" } })).paths).toEqual(["body.location.phone"]);
    const phoneNumber = "+14155550123";
    expect((await book(eventType.id, { attendee: { ...attendee(), phoneNumber } })).location).toBe(phoneNumber);
  });

  it("an attendee address and an attendee-defined place are the booker's words, and required", async () => {
    const eventType = await eventTypeWith([{ type: "attendeeAddress" }, { type: "attendeeDefined" }]);
    expect((await book(eventType.id, { location: { type: "attendeeAddress", address: "5 Av. Foch" } })).location).toBe("5 Av. Foch");
    expect((await book(eventType.id, { location: { type: "attendeeDefined", location: "The café by the station" } })).location).toBe("The café by the station");
    expect((await refusal(eventType.id, { location: { type: "attendeeAddress" } })).paths).toEqual(["body.location.address"]);
    const only = await eventTypeWith([{ type: "attendeeDefined" }]);
    expect((await refusal(only.id, {})).paths).toEqual(["body.location.location"]);
  });
});

describe("an event type without locations", () => {
  it("books with no location, and refuses one it cannot offer", async () => {
    const eventType = await eventTypeWith([]);
    expect((await book(eventType.id)).location).toBe("");
    const { message, paths } = await refusal(eventType.id, { location: { type: "address", address: "1 Main St" } });
    expect(paths).toEqual(["body.location"]);
    expect(message).toBe("This event type has no location to choose; leave location out");
  });

  it("takes the peer's deprecated meetingUrl as the booking's link", async () => {
    const eventType = await eventTypeWith([]);
    expect(await book(eventType.id, { meetingUrl: "https://meet.example.test/own" })).toMatchObject({ location: "https://meet.example.test/own" });
  });
});

describe("locationForPeople", () => {
  it("names a video app by its name rather than its key, and shows any other place as written", () => {
    expect(locationForPeople("zoom")).toBe("Zoom");
    expect(locationForPeople("cal-video")).toBe("Jitsi Meet");
    expect(locationForPeople("office365-video")).toBe("Microsoft Teams");
    expect(locationForPeople("1 Main St, Springfield")).toBe("1 Main St, Springfield");
    expect(locationForPeople("https://meet.example/abc")).toBe("https://meet.example/abc");
    expect(locationForPeople(null)).toBeNull();
  });
});
