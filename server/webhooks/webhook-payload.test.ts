/** The body of each trigger Convene fires, held field by field to the peer's (e2e/support/peer/peer-webhook-payloads.ts). */
import { describe, expect, it } from "vitest";
import { peerWebhookBodyProblems } from "../../e2e/support/peer/peer-webhook-payloads";
import { ZBookingSnapshot, type BookingPayloadContext } from "./webhook-booking-payload";
import { testPayload } from "./webhook-messages";
import { documentedFieldNames, WEBHOOK_PAYLOAD_DOCS } from "./webhook-payload-docs";
import { webhookPayloadOf, type WebhookDomainEvent, type WebhookFacts } from "./webhook-payload";

/** A booking output DTO as an event records it (booking.dto.ts). */
const recorded = {
  id: 41,
  uid: "bk_1",
  title: "Intro between Ada Host and Grace Guest",
  description: "",
  hosts: [
    { id: 7, name: "Ada Host", email: "ada@example.test", username: "ada", timeZone: "Europe/London" },
    { id: 8, name: "Alan Second", email: "alan@example.test", username: "alan", timeZone: "America/New_York" },
  ],
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
    { id: 1, name: "Grace Guest", email: "grace@example.test", timeZone: "Europe/Paris", language: "fr", absent: false },
    { id: 2, name: "Bob", email: "bob@example.test", timeZone: "Asia/Kolkata", language: "en", absent: false },
  ],
  guests: ["bob@example.test"],
  bookingFieldsResponses: { name: "Grace Guest", email: "grace@example.test", notes: "Bring slides", company: "Acme", guests: ["bob@example.test"] },
};

const context: BookingPayloadContext = {
  eventType: {
    title: "Intro",
    description: "A first call",
    requiresConfirmation: false,
    schedulingType: "COLLECTIVE",
    bookingFields: [{ type: "text", slug: "company", label: "Company", required: false, hidden: false, placeholder: "" }],
  },
  team: { id: 9, name: "Sales" },
  people: { 7: { locale: "de", timeFormat: 12 }, 8: { locale: "en", timeFormat: 24 } },
  destinationCalendar: { id: 4, integration: "google_calendar", externalId: "ada@example.test", userId: 7, eventTypeId: null, credentialId: 2 },
};

const event = (type: string, payload: object = {}): WebhookDomainEvent => ({
  id: "e1",
  type,
  occurredAt: "2031-01-01T00:00:01.000Z",
  bookingUid: "bk_1",
  eventTypeId: 3,
  userIds: [7],
  payload,
});

const facts = (booking: object, more: Partial<WebhookFacts> = {}): WebhookFacts => ({
  booking: ZBookingSnapshot.parse(booking),
  context,
  previousBooking: null,
  ooo: null,
  ...more,
});

const cases: [string, object, Partial<WebhookFacts>, Record<string, unknown>][] = [
  ["BOOKING_CREATED", recorded, {}, { status: "ACCEPTED", metadata: {} }],
  ["BOOKING_REQUESTED", { ...recorded, status: "pending" }, {}, { status: "PENDING" }],
  [
    "BOOKING_RESCHEDULED",
    { ...recorded, uid: "bk_2", rescheduledFromUid: "bk_1", reschedulingReason: "Clash", rescheduledByEmail: "planner@example.test" },
    { previousBooking: { id: 40, uid: "bk_1", start: "2031-01-05T09:00:00.000Z", end: "2031-01-05T09:30:00.000Z" } },
    {
      uid: "bk_2",
      rescheduleUid: "bk_1",
      rescheduleId: 40,
      rescheduleStartTime: "2031-01-05T09:00:00.000Z",
      rescheduleEndTime: "2031-01-05T09:30:00.000Z",
      rescheduledBy: "planner@example.test",
    },
  ],
  [
    "BOOKING_CANCELLED",
    { ...recorded, status: "cancelled", cancellationReason: "Ill", cancelledByEmail: "ada@example.test" },
    {},
    { cancelledBy: "ada@example.test", cancellationReason: "Ill", requestReschedule: false },
  ],
  ["BOOKING_CANCELLED", { ...recorded, status: "cancelled" }, {}, { cancelledBy: "grace@example.test", requestReschedule: false }],
  [
    "BOOKING_REJECTED",
    { ...recorded, status: "rejected", cancellationReason: "Full" },
    { context: { ...context, destinationCalendar: null } },
    { rejectionReason: "Full", destinationCalendar: [] },
  ],
];

describe("each booking trigger's body is the peer's", () => {
  it.each(cases)("%s", (trigger, booking, more, expected) => {
    const body = webhookPayloadOf(event(trigger), facts(booking, more));
    expect(peerWebhookBodyProblems(body)).toEqual([]);
    expect(body.payload).toMatchObject(expected);
  });

  it("carries the event type's fields, the hosts' preferences and the peer's {label, value} responses", () => {
    const { payload } = webhookPayloadOf(event("BOOKING_CREATED"), facts(recorded));
    expect(payload).toMatchObject({
      type: "intro",
      eventTitle: "Intro",
      eventDescription: "A first call",
      description: "Bring slides",
      additionalNotes: "Bring slides",
      price: 0,
      currency: "usd",
      length: 30,
      requiresConfirmation: false,
      seatsShowAttendees: false,
      customInputs: {},
      location: "https://meet.example.test/x",
      destinationCalendar: [context.destinationCalendar],
      organizer: { id: 7, language: { locale: "de" }, timeFormat: "h:mma", utcOffset: 0 },
      team: { id: 9, name: "Sales", members: [{ name: "Alan Second", language: { locale: "en" } }] },
      attendees: [
        { name: "Grace Guest", firstName: "Grace", lastName: "Guest", language: { locale: "fr" }, utcOffset: 60 },
        { name: "Bob", firstName: "Bob", lastName: "", utcOffset: 330 },
      ],
    });
    expect(payload.responses).toMatchObject({
      name: { label: "your_name", value: "Grace Guest" },
      email: { label: "email_address", value: "grace@example.test" },
      notes: { label: "additional_notes", value: "Bring slides" },
      guests: { label: "additional_guests", value: ["bob@example.test"] },
      location: { label: "location", value: { value: "https://meet.example.test/x", optionValue: "" } },
      company: { label: "Company", value: "Acme", isHidden: false },
    });
    expect((payload.responses as Record<string, object>).title).toEqual({ label: "what_is_this_meeting_about", isHidden: true });
    expect(payload.userFieldsResponses).toEqual({ company: { label: "Company", value: "Acme", isHidden: false } });
  });

  it("a booking recorded before later fields existed, of an event type since deleted, still makes a whole body", () => {
    const { bookingFieldsResponses: _answers, hosts: _hosts, icsUid: _ics, ...older } = recorded;
    const body = webhookPayloadOf(event("BOOKING_CREATED"), {
      ...facts({ ...older, hosts: [recorded.hosts[0]], attendees: [{ name: "Grace", email: "g@example.test" }] }),
      context: { eventType: null, team: null, people: {}, destinationCalendar: null },
    });
    expect(peerWebhookBodyProblems(body)).toEqual([]);
    expect(body.payload).toMatchObject({ eventTitle: recorded.title, eventDescription: "", responses: { name: { label: "your_name" } } });
  });
});

describe("meeting facts in the peer's places", () => {
  const zoomBooking = { ...recorded, location: "zoom", metadata: { source: "crm" } };
  const meeting = { type: "zoom_video", id: "81234567890", url: "https://zoom.example.test/j/81234567890" };

  const previousBooking = { id: 40, uid: "bk_0", start: "2031-01-05T09:00:00.000Z", end: "2031-01-05T09:30:00.000Z" };

  it.each(["BOOKING_CREATED", "BOOKING_RESCHEDULED"])("%s carries the join URL as location, metadata.videoCallUrl and videoCallData", (trigger) => {
    const body = webhookPayloadOf(event(trigger), facts({ ...zoomBooking, rescheduledFromUid: "bk_0" }, { meeting, previousBooking }));
    expect(peerWebhookBodyProblems(body)).toEqual([]);
    expect(body.payload).toMatchObject({ location: meeting.url, metadata: { source: "crm", videoCallUrl: meeting.url }, videoCallData: meeting });
  });

  it("without a meeting (none, or its link not there in time), the body is the booking's as recorded", () => {
    const { payload } = webhookPayloadOf(event("BOOKING_CREATED"), facts(zoomBooking, { meeting: null }));
    expect(payload).toMatchObject({ location: "zoom", metadata: { source: "crm" } });
    expect(payload).not.toHaveProperty("videoCallData");
  });

  const media = {
    recordings: ["https://zoom.example.test/rec/download/1.mp4?access_token=t"],
    transcripts: [{ format: "vtt", link: "https://zoom.example.test/rec/download/1.vtt?access_token=t" }],
  };

  it("RECORDING_READY carries the recording's downloadLink, RECORDING_TRANSCRIPTION_GENERATED the downloadLinks", () => {
    const ready = webhookPayloadOf(event("RECORDING_READY", { media }), facts(zoomBooking));
    expect(ready.payload.downloadLink).toBe(media.recordings[0]);
    expect(ready.payload).toMatchObject({ uid: "bk_1", bookingId: 41 });
    const transcribed = webhookPayloadOf(event("RECORDING_TRANSCRIPTION_GENERATED", { media }), facts(zoomBooking));
    expect(transcribed.payload.downloadLinks).toEqual({ transcription: media.transcripts, recording: media.recordings[0] });
    expect(transcribed.payload).not.toHaveProperty("downloadLink");
  });

  it("an event recorded without links (older, or the provider gave none) adds no link fields", () => {
    expect(webhookPayloadOf(event("RECORDING_READY"), facts(zoomBooking)).payload).not.toHaveProperty("downloadLink");
    const empty = webhookPayloadOf(event("RECORDING_READY", { media: { recordings: [], transcripts: [] } }), facts(zoomBooking));
    expect(empty.payload).not.toHaveProperty("downloadLink");
  });
});

describe("BOOKING_NO_SHOW_UPDATED", () => {
  it.each([
    [{ attendees: [{ email: "grace@example.test", absent: true }] }, [{ email: "grace@example.test", noShow: true }], "grace@example.test marked as no-show"],
    [
      { attendees: [{ email: "grace@example.test", absent: false }] },
      [{ email: "grace@example.test", noShow: false }],
      "grace@example.test unmarked as no-show",
    ],
    [
      {
        attendees: [
          { email: "grace@example.test", absent: true },
          { email: "bob@example.test", absent: true },
        ],
      },
      [
        { email: "grace@example.test", noShow: true },
        { email: "bob@example.test", noShow: true },
      ],
      "No-show status updated",
    ],
    [{ attendees: [], host: true }, [], "Host marked as no-show"],
    // Recorded before the change was: every attendee as the booking stood.
    [
      undefined,
      [
        { email: "grace@example.test", noShow: false },
        { email: "bob@example.test", noShow: false },
      ],
      "No-show status updated",
    ],
  ])("%j: the peer's {bookingUid, bookingId, attendees, message}", (noShow, attendees, message) => {
    const body = webhookPayloadOf(event("BOOKING_NO_SHOW_UPDATED", noShow ? { noShow } : {}), facts(recorded));
    expect(peerWebhookBodyProblems(body)).toEqual([]);
    expect(body.payload).toEqual({ bookingUid: "bk_1", bookingId: 41, attendees, message, noShowHost: false });
  });
});

describe("OOO_CREATED", () => {
  const entry = { id: 5, uuid: "u-5", userId: 7, toUserId: 8, start: "2031-02-01T00:00:00.000Z", end: "2031-02-03T00:00:00.000Z", notes: null, reason: "sick" };
  const person = (id: number) => ({ id, name: `P${id}`, username: `p${id}`, timeZone: "UTC", email: `p${id}@example.test` });

  it("sends the peer's oooEntry: reason as {emoji, reason}, reasonId, user and toUser", () => {
    const ooo = { createdAt: "2031-01-01T00:00:00.000Z", updatedAt: "2031-01-01T00:00:00.000Z", user: person(7), toUser: person(8) };
    const body = webhookPayloadOf(
      { ...event("OOO_CREATED", { outOfOffice: entry }), bookingUid: null },
      { booking: null, context: null, previousBooking: null, ooo },
    );
    expect(peerWebhookBodyProblems(body)).toEqual([]);
    expect(body.payload.oooEntry).toMatchObject({
      id: 5,
      uuid: "u-5",
      reason: { emoji: "🤒", reason: "ooo_reasons_sick_leave" },
      reasonId: 4,
      reasonName: "sick",
      user: person(7),
      toUser: person(8),
      userId: 7,
      toUserId: 8,
    });
  });

  it("an entry since deleted still sends a whole body (times from the event)", () => {
    const body = webhookPayloadOf(
      { ...event("OOO_CREATED", { outOfOffice: { ...entry, toUserId: null } }), bookingUid: null },
      { booking: null, context: null, previousBooking: null, ooo: null },
    );
    expect(peerWebhookBodyProblems(body)).toEqual([]);
    expect(body.payload.oooEntry).toMatchObject({ createdAt: "2031-01-01T00:00:01.000Z", toUser: null, user: { id: 7 } });
  });
});

it("PING is the peer's test event", () => {
  expect(peerWebhookBodyProblems(testPayload(new Date("2031-01-01T00:00:00Z")))).toEqual([]);
});

describe("the API reference's webhook table", () => {
  const previousBooking = { id: 40, uid: "bk_0", start: "2031-01-05T09:00:00.000Z", end: "2031-01-05T09:30:00.000Z" };
  const ooo = {
    id: 5,
    uuid: "u-5",
    userId: 7,
    toUserId: null,
    start: "2031-02-01T00:00:00.000Z",
    end: "2031-02-03T00:00:00.000Z",
    notes: null,
    reason: "travel",
  };
  const bodyFor = (trigger: string) =>
    trigger === "OOO_CREATED"
      ? webhookPayloadOf({ ...event(trigger, { outOfOffice: ooo }), bookingUid: null }, { booking: null, context: null, previousBooking: null, ooo: null })
      : trigger === "PING"
        ? testPayload(new Date())
        : webhookPayloadOf(event(trigger), facts({ ...recorded, cancellationReason: "Because" }, { previousBooking }));

  it.each(WEBHOOK_PAYLOAD_DOCS)("$trigger: every field it names is in the body", (doc) => {
    const { payload } = bodyFor(doc.trigger);
    for (const name of documentedFieldNames(doc.fields)) expect(payload, name).toHaveProperty(name);
  });
});

describe("an occurrence of a series", () => {
  it("names its series as the peer's recurringEventId; a single booking has none", () => {
    const occurrence = webhookPayloadOf(event("BOOKING_CREATED"), facts({ ...recorded, recurringBookingUid: "series_1" }));
    expect(occurrence.payload).toMatchObject({ uid: "bk_1", recurringEventId: "series_1" });
    expect(webhookPayloadOf(event("BOOKING_CREATED"), facts(recorded)).payload).not.toHaveProperty("recurringEventId");
  });
});
