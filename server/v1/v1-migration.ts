/**
 * The spec's "Differences v1 to v2" table (Versioning), one entry per row, as data. It is the single copy: the
 * migration guide (/docs/migrate-v1) renders every row with its before and after request, and the 410 answers to
 * /v1 requests (v1-gone.ts) name the replacements of the rows whose v1 operations a request matches.
 */

export const V1_SHUTDOWN_DATE = "2026-04-08";
export const MIGRATION_GUIDE_PATH = "/docs/migrate-v1";

export type TV1Difference = {
  /** The row's Area, as the spec writes it; its slug is the row's anchor in the guide. */
  area: string;
  v1: string;
  v2: string;
  /** v1 operations this row concerns: "METHOD /v1/path", `{id}` one path segment, `*` any method. */
  v1Operations: readonly string[];
  /** One sentence naming the v2 replacement, used in the 410 message. */
  replacement: string;
  before: string;
  after: string;
};

const V2 = "Authorization: Bearer API_KEY";
const BOOKINGS_V2 = `${V2}\nsvc-api-version: 2024-08-13`;
const JSON_BODY = "Content-Type: application/json";
const EVENT_TYPE_OPERATIONS = ["GET /v1/event-types", "POST /v1/event-types", "GET /v1/event-types/{id}", "PATCH /v1/event-types/{id}"];

export const V1_DIFFERENCES: readonly TV1Difference[] = [
  {
    area: "Create booking body",
    v1: "eventTypeId, start, end, responses (name, email, location {value, optionValue}), timeZone, language, metadata",
    v2: "eventTypeId, start, attendee {name, email, timeZone, language}, location {type}, metadata; end not sent",
    v1Operations: ["POST /v1/bookings"],
    replacement:
      "create bookings with POST /v2/bookings: eventTypeId, start, attendee {name, email, timeZone, language}, location {type}, metadata (end is not sent)",
    before: `POST /v1/bookings?apiKey=API_KEY
${JSON_BODY}

{"eventTypeId": 42, "start": "2026-12-01T09:00:00Z", "end": "2026-12-01T09:30:00Z",
 "responses": {"name": "Ada Lovelace", "email": "ada@example.com", "location": {"value": "link", "optionValue": "https://meet.example/ada"}},
 "timeZone": "Europe/London", "language": "en", "metadata": {}}`,
    after: `POST /v2/bookings
${BOOKINGS_V2}
${JSON_BODY}

{"eventTypeId": 42, "start": "2026-12-01T09:00:00Z",
 "attendee": {"name": "Ada Lovelace", "email": "ada@example.com", "timeZone": "Europe/London", "language": "en"},
 "location": {"type": "link", "link": "https://meet.example/ada"}, "metadata": {}}`,
  },
  {
    area: "Booking response times",
    v1: "startTime, endTime",
    v2: "start, end, duration, hosts, attendees, eventType",
    v1Operations: ["GET /v1/bookings/{id}"],
    replacement: "read a booking with GET /v2/bookings/{uid}: start and end (were startTime and endTime), with duration, hosts, attendees and eventType",
    before: `GET /v1/bookings/123?apiKey=API_KEY

→ {"booking": {"id": 123, "startTime": "2026-12-01T09:00:00.000Z", "endTime": "2026-12-01T09:30:00.000Z", "status": "ACCEPTED"}}`,
    after: `GET /v2/bookings/BOOKING_UID
${BOOKINGS_V2}

→ {"status": "success", "data": {"uid": "BOOKING_UID", "start": "2026-12-01T09:00:00.000Z", "end": "2026-12-01T09:30:00.000Z",
   "duration": 30, "status": "accepted", "hosts": [...], "attendees": [...], "eventType": {...}}}`,
  },
  {
    area: "List bookings",
    v1: "no dedicated endpoint",
    v2: "GET /v2/bookings with filters, sorting and pagination",
    v1Operations: ["GET /v1/bookings"],
    replacement:
      "list bookings with GET /v2/bookings (filters status, attendeeEmail, eventTypeId, afterStart, beforeEnd; sortStart, sortEnd, sortCreated; take, skip)",
    before: `(no dedicated endpoint: each booking was fetched on its own)
GET /v1/bookings/123?apiKey=API_KEY`,
    after: `GET /v2/bookings?status=accepted&afterStart=2026-12-01T00:00:00Z&sortStart=asc&take=20&skip=0
${BOOKINGS_V2}`,
  },
  {
    area: "Cancel booking",
    v1: "DELETE /v1/bookings with query id, allRemainingBookings, cancellationReason",
    v2: "POST /v2/bookings/{uid}/cancel with body cancellationReason",
    v1Operations: ["DELETE /v1/bookings", "DELETE /v1/bookings/{id}", "DELETE /v1/bookings/{id}/cancel"],
    replacement: "cancel with POST /v2/bookings/{uid}/cancel and the body {cancellationReason}; the booking is named by its uid in the path",
    before: `DELETE /v1/bookings?id=123&allRemainingBookings=false&cancellationReason=Double%20booked&apiKey=API_KEY`,
    after: `POST /v2/bookings/BOOKING_UID/cancel
${BOOKINGS_V2}
${JSON_BODY}

{"cancellationReason": "Double booked"}`,
  },
  {
    area: "Reschedule",
    v1: "create a new booking carrying rescheduleUid",
    v2: "POST /v2/bookings/{uid}/reschedule with body start, reschedulingReason",
    v1Operations: ["POST /v1/bookings"],
    replacement: "reschedule with POST /v2/bookings/{uid}/reschedule and the body {start, reschedulingReason} instead of a new booking carrying rescheduleUid",
    before: `POST /v1/bookings?apiKey=API_KEY
${JSON_BODY}

{"eventTypeId": 42, "rescheduleUid": "BOOKING_UID", "start": "2026-12-02T09:00:00Z", "end": "2026-12-02T09:30:00Z",
 "responses": {"name": "Ada Lovelace", "email": "ada@example.com"}, "timeZone": "Europe/London", "language": "en", "metadata": {}}`,
    after: `POST /v2/bookings/BOOKING_UID/reschedule
${BOOKINGS_V2}
${JSON_BODY}

{"start": "2026-12-02T09:00:00Z", "reschedulingReason": "Travelling that day"}`,
  },
  {
    area: "Event type length",
    v1: "length",
    v2: "lengthInMinutes",
    v1Operations: EVENT_TYPE_OPERATIONS,
    replacement: "event types are at /v2/event-types, where length is lengthInMinutes",
    before: `POST /v1/event-types?apiKey=API_KEY
${JSON_BODY}

{"title": "Intro call", "slug": "intro", "length": 30}`,
    after: `POST /v2/event-types
${V2}
${JSON_BODY}

{"title": "Intro call", "slug": "intro", "lengthInMinutes": 30}`,
  },
  {
    area: "Event type location kind",
    v1: "type with an app prefix",
    v2: "type without the prefix",
    v1Operations: EVENT_TYPE_OPERATIONS,
    replacement: "a location's type is written without the app prefix in /v2/event-types",
    before: `POST /v1/event-types?apiKey=API_KEY
${JSON_BODY}

{"title": "Intro call", "slug": "intro", "length": 30, "locations": [{"type": "integrations:zoom"}]}`,
    after: `POST /v2/event-types
${V2}
${JSON_BODY}

{"title": "Intro call", "slug": "intro", "lengthInMinutes": 30, "locations": [{"type": "integration", "integration": "zoom"}]}`,
  },
  {
    area: "Update event type",
    v1: "PATCH /v1/event-types/{id}",
    v2: "PATCH /v2/event-types/{id}",
    v1Operations: ["PATCH /v1/event-types/{id}"],
    replacement: "update with PATCH /v2/event-types/{id} (the body has the same structure as create)",
    before: `PATCH /v1/event-types/42?apiKey=API_KEY
${JSON_BODY}

{"length": 45}`,
    after: `PATCH /v2/event-types/42
${V2}
${JSON_BODY}

{"lengthInMinutes": 45}`,
  },
  {
    area: "Schedule availability",
    v1: "availability",
    v2: "schedule, plus isDefault",
    v1Operations: ["* /v1/schedules", "* /v1/schedules/{id}"],
    replacement: "schedules are at /v2/schedules, where availability is schedule, plus isDefault",
    before: `POST /v1/schedules?apiKey=API_KEY
${JSON_BODY}

{"name": "Working hours", "timeZone": "Europe/London",
 "availability": [{"days": ["Monday", "Tuesday"], "startTime": "09:00", "endTime": "17:00"}]}`,
    after: `POST /v2/schedules
${V2}
${JSON_BODY}

{"name": "Working hours", "timeZone": "Europe/London", "isDefault": true,
 "schedule": [{"days": ["Monday", "Tuesday"], "startTime": "09:00", "endTime": "17:00"}]}`,
  },
  {
    area: "Webhook triggers",
    v1: "eventTriggers",
    v2: "triggers, plus payloadTemplate",
    v1Operations: ["* /v1/webhooks", "* /v1/webhooks/{id}"],
    replacement: "v2 webhooks take triggers (were eventTriggers), plus payloadTemplate; this Convene does not serve webhooks yet",
    before: `POST /v1/webhooks?apiKey=API_KEY
${JSON_BODY}

{"subscriberUrl": "https://app.example/hooks", "eventTriggers": ["BOOKING_CREATED"], "active": true}`,
    after: `POST /v2/event-types/42/webhooks   (not served by this Convene yet)
${V2}
${JSON_BODY}

{"subscriberUrl": "https://app.example/hooks", "triggers": ["BOOKING_CREATED"], "active": true,
 "payloadTemplate": "{\\"uid\\": \\"{{uid}}\\"}"}`,
  },
  {
    area: "Slots",
    v1: "GET /v1/slots/available with date-only startTime and endTime",
    v2: "GET /v2/slots/available with full ISO 8601 timestamps",
    v1Operations: ["GET /v1/slots/available", "GET /v1/slots"],
    replacement:
      "use GET /v2/slots/available with startTime and endTime as full ISO 8601 timestamps (such as 2026-12-01T00:00:00Z; date-only values are refused)",
    before: `GET /v1/slots/available?eventTypeId=42&startTime=2026-12-01&endTime=2026-12-07&apiKey=API_KEY`,
    after: `GET /v2/slots/available?eventTypeId=42&startTime=2026-12-01T00:00:00Z&endTime=2026-12-07T23:59:59Z&timeZone=Europe/London
${V2}`,
  },
  {
    area: "Current user",
    v1: "separate user endpoints",
    v2: "GET /v2/me",
    v1Operations: ["* /v1/me", "* /v1/users", "* /v1/users/{id}"],
    replacement: "the current user's profile is GET /v2/me (PATCH /v2/me updates it)",
    before: `GET /v1/users/7?apiKey=API_KEY`,
    after: `GET /v2/me
${V2}`,
  },
];

export const differenceAnchor = (difference: TV1Difference) => difference.area.toLowerCase().replace(/[^a-z0-9]+/g, "-");
