/** payloadTemplate (validation at save time, JSON-escaped filling) and the peer-shaped payload. */
import { describe, expect, it } from "vitest";
import type { TBookingOutput } from "../bookings/booking.dto";
import { bodyOf } from "./webhook-delivery";
import { ZBookingSnapshot } from "./webhook-booking-payload";
import { webhookPayloadOf, type WebhookDomainEvent, type WebhookFacts } from "./webhook-payload";
import { renderTemplate, templateProblem } from "./webhook-template";
import { ZCreateWebhookInput } from "./webhook.schemas";

const booking = {
  id: 41,
  uid: "bk_1",
  title: 'Call "between" us\nand you',
  description: "",
  hosts: [{ id: 7, name: "Ada Host", email: "ada@example.test", username: "ada", timeZone: "Europe/London" }],
  status: "accepted",
  start: "2031-01-06T09:00:00.000Z",
  end: "2031-01-06T09:30:00.000Z",
  duration: 30,
  eventTypeId: 3,
  eventType: { id: 3, slug: "intro" },
  location: "https://meet.example.test/x",
  absentHost: false,
  createdAt: "2031-01-01T00:00:00.000Z",
  updatedAt: "2031-01-01T00:00:00.000Z",
  metadata: {},
  icsUid: "bk_1@localhost",
  attendees: [
    { id: 1, name: "Grace Guest", email: "grace@example.test", displayEmail: "grace@example.test", timeZone: "Europe/Paris", language: "fr", absent: false },
  ],
  guests: [],
  bookingFieldsResponses: { name: "Grace Guest", email: "grace@example.test" },
} as unknown as TBookingOutput;

const facts: WebhookFacts = {
  booking: ZBookingSnapshot.parse(booking),
  context: { eventType: null, team: null, people: {}, destinationCalendar: null },
  previousBooking: null,
  ooo: null,
};
const none: WebhookFacts = { booking: null, context: null, previousBooking: null, ooo: null };

const event: WebhookDomainEvent = {
  id: "e1",
  type: "BOOKING_CREATED",
  occurredAt: "2031-01-01T00:00:01.000Z",
  bookingUid: "bk_1",
  eventTypeId: 3,
  userIds: [7],
  payload: {},
};

describe("webhookPayloadOf", () => {
  it("answers the peer's body: triggerEvent, createdAt and the booking's fields under payload", () => {
    const body = webhookPayloadOf(event, facts);
    expect(body).toMatchObject({
      triggerEvent: "BOOKING_CREATED",
      createdAt: "2031-01-01T00:00:01.000Z",
      payload: {
        type: "intro",
        title: booking.title,
        startTime: "2031-01-06T09:00:00.000Z",
        endTime: "2031-01-06T09:30:00.000Z",
        organizer: { id: 7, name: "Ada Host", email: "ada@example.test", timeZone: "Europe/London", language: { locale: "en" } },
        attendees: [{ name: "Grace Guest", email: "grace@example.test", timeZone: "Europe/Paris", language: { locale: "fr" } }],
        uid: "bk_1",
        bookingId: 41,
        status: "ACCEPTED",
        location: "https://meet.example.test/x",
      },
    });
  });

  it("sends an event snapshot of no known shape under the peer's oooEntry, as recorded", () => {
    const ooo = { ...event, type: "OOO_CREATED", bookingUid: null, payload: { outOfOffice: { id: 5, reason: "vacation" } } };
    expect(webhookPayloadOf(ooo, none)).toEqual({
      triggerEvent: "OOO_CREATED",
      createdAt: event.occurredAt,
      payload: { oooEntry: { id: 5, reason: "vacation" } },
    });
  });
});

describe("payloadTemplate", () => {
  it("fills {{paths}}, JSON-escaped, so quotes and newlines in values keep the document valid", () => {
    const template =
      '{"name":"{{title}}","organizer":"{{organizer.name}}","booker":"{{ attendees.0.name }}","kind":"{{triggerEvent}}","missing":"{{nope.x}}","answer":"{{responses.name.value}}","event":"{{eventTitle}}"}';
    const sent = JSON.parse(bodyOf(webhookPayloadOf(event, facts), template));
    expect(sent).toEqual({
      name: booking.title,
      organizer: "Ada Host",
      booker: "Grace Guest",
      kind: "BOOKING_CREATED",
      missing: "",
      answer: "Grace Guest",
      event: booking.title,
    });
  });

  it("writes an object value as its JSON text inside the string", () => {
    expect(JSON.parse(renderTemplate('{"o":"{{organizer}}"}', { organizer: { a: 1 } }))).toEqual({ o: '{"a":1}' });
  });

  it.each([
    ['{"a":"{{title}}"', "is not valid JSON"],
    ['{"a":{{title}}}', "is not valid JSON"],
    ['{"a":"{{#if title}}x{{/if}}"}', "unknown syntax"],
    ['{"a":"{{ }}"}', "unknown syntax"],
    ['{"a":"{{title"}', "unknown syntax"],
  ])("refuses %s", (template, problem) => {
    expect(templateProblem(template)).toContain(problem);
  });

  it("accepts the peer's documented example", () => {
    expect(
      templateProblem(
        '{"content":"A new event has been scheduled","type":"{{type}}","name":"{{title}}","organizer":"{{organizer.name}}","booker":"{{attendees.0.name}}"}',
      ),
    ).toBeNull();
  });

  it("is refused at save time with the field named", () => {
    const parsed = ZCreateWebhookInput.safeParse({ subscriberUrl: "https://x.example", triggers: ["BOOKING_CREATED"], active: true, payloadTemplate: "{nope" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ["payloadTemplate"], message: expect.stringContaining("payloadTemplate is not valid JSON") });
  });
});
