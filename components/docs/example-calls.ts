/**
 * What an operation's runnable example sends where the OpenAPI document's example would not run on a fresh install:
 * the ids and times of the page's setup block (example-variables.ts) in its query and body, unique slugs and e-mails,
 * and, for the few operations a fresh install cannot serve, what they need first and what they answer until then.
 * Strings are templates: `$NAME` or `${NAME}` is a variable of the block, a whole `"$NAME"` of a number variable
 * is sent as that number. Keyed by `METHOD /path` as the route declares it.
 */
export type TExampleNeeds = {
  /** One line, next to the example: what to set up first. */
  what: string;
  /** What the example answers on a fresh install until then (e2e/api/api-examples.spec.ts checks it). */
  status: number;
};

export type TExampleCall = {
  /** Path parameters filled by another variable than the one their path gives (a booking waiting for confirmation), or a fixed value (an app). */
  path?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  needs?: TExampleNeeds;
};

const WEBHOOK = { subscriberUrl: "https://example.com/convene-webhooks", triggers: ["BOOKING_CREATED"], active: true };
const MORE_TRIGGERS = { triggers: ["BOOKING_CREATED", "BOOKING_CANCELLED"] };
const NOTES = { notes: "At a conference" };
/** What the calendar operations need on a fresh install, which has no calendar connected. */
const A_CALENDAR = (status: number, what = "a connected calendar: its credentialId and externalId from GET /v2/calendars") => ({ needs: { what, status } });
const ROUTED_SLOTS = { query: { start: "$FROM", end: "$TO" }, body: { topic: "Pricing" } };
const PHONE_CALLS = {
  needs: { what: "phone calls configured on the server (`PHONE_CALL_API_KEY`; Retell AI unless `PHONE_CALL_API_URL` says otherwise)", status: 400 },
};
/** A fresh install has one account, yours, and you belong to what you made already. */
const ANOTHER_PERSON = { what: "another person's account: their user id as `userId` (you, as here, are a member already)", status: 409 };
const ROUND_ROBIN = { needs: { what: "a round-robin team booking with another host to take it (this booking is yours alone)", status: 400 } };

const GUEST = { name: "Grace Hopper", email: "grace-$RUN@example.com", timeZone: "Europe/London" };
const A_DAY_OFF = { start: "${FROM}T00:00:00Z", end: "${FROM}T23:59:00Z" };

export const EXAMPLE_CALLS: Record<string, TExampleCall> = {
  // The document's first field, email, would change your sign-in address.
  "PATCH /v2/me": { body: { timeFormat: 24 } },
  "POST /v2/event-types": { body: { title: "Intro call", slug: "intro-call-$RUN", lengthInMinutes: 30 } },
  "GET /v2/slots": { query: { eventTypeId: "$EVENT_TYPE_ID", start: "$FROM", end: "$TO" } },
  "GET /v2/slots/available": { query: { eventTypeId: "$EVENT_TYPE_ID", startTime: "${FROM}T00:00:00Z", endTime: "${TO}T00:00:00Z" } },
  "POST /v2/slots/reservations": { body: { eventTypeId: "$EVENT_TYPE_ID", slotStart: "$START" } },
  "PATCH /v2/slots/reservations/{uid}": { body: { eventTypeId: "$EVENT_TYPE_ID", slotStart: "$START" } },
  "POST /v2/slots/reserve": { body: { eventTypeId: "$EVENT_TYPE_ID", slotStart: "$START" } },
  "POST /v2/bookings": { body: { eventTypeId: "$EVENT_TYPE_ID", start: "$START", attendee: GUEST } },
  "POST /v2/bookings/{bookingUid}/reschedule": { body: { start: "$NEW_START" } },
  "POST /v2/bookings/{bookingUid}/confirm": { path: { bookingUid: "PENDING_UID" } },
  "POST /v2/bookings/{bookingUid}/decline": { path: { bookingUid: "PENDING_UID" } },
  "POST /v2/bookings/{bookingUid}/mark-absent": { needs: { what: "a booking that has started: absences are recorded from its start on", status: 400 } },
  "POST /v2/bookings/{bookingUid}/reassign": ROUND_ROBIN,
  "POST /v2/bookings/{bookingUid}/reassign/{userId}": ROUND_ROBIN,
  "POST /v2/me/ooo": { body: A_DAY_OFF },
  "PATCH /v2/me/ooo/{oooId}": { body: NOTES },
  "GET /v2/calendars/busy-times": A_CALENDAR(404),
  "GET /v2/calendars/ics-feed/check": A_CALENDAR(404, "a saved ICS feed (POST /v2/calendars/ics-feed/save), or `url=` a feed to try"),
  "POST /v2/calendars/ics-feed/save": {
    body: { urls: ["https://calendar.example/ada.ics"] },
    needs: { what: "the address of an ICS feed the server can fetch, in place of this one", status: 400 },
  },
  "GET /v2/calendars/{calendar}/connect": {
    needs: {
      what: "Google Calendar configured on the server (`GOOGLE_CLIENT_ID`, `GOOGLE_CLIENT_SECRET`); `office365` needs `MICROSOFT_CLIENT_ID`",
      status: 400,
    },
  },
  "POST /v2/calendars/{calendar}/credentials": {
    needs: { what: "your Apple ID and an app-specific password (or a CalDAV server's `url` and account) in place of these", status: 400 },
  },
  "GET /v2/calendars/{calendar}/check": A_CALENDAR(404, "a connected calendar of that kind"),
  "POST /v2/calendars/{calendar}/disconnect": A_CALENDAR(404, "a connected calendar: its credential id (`id`) from GET /v2/calendars"),
  "POST /v2/selected-calendars": A_CALENDAR(404),
  "DELETE /v2/selected-calendars": A_CALENDAR(404, "a selected calendar: the credentialId and externalId POST /v2/selected-calendars was given"),
  "PUT /v2/destination-calendars": A_CALENDAR(404, "a connected calendar: its integration and externalId from GET /v2/calendars"),
  "POST /v2/conferencing/{app}/connect": { path: { app: "google-meet" }, needs: { what: "a connected Google Calendar, which Google Meet uses", status: 400 } },
  "GET /v2/conferencing/{app}/oauth/auth-url": { needs: { what: "Zoom configured on the server (`ZOOM_CLIENT_ID`, `ZOOM_CLIENT_SECRET`)", status: 400 } },
  "DELETE /v2/conferencing/{app}/disconnect": {
    path: { app: "zoom" },
    needs: { what: "Zoom connected (GET /v2/conferencing/zoom/oauth/auth-url)", status: 404 },
  },
  "POST /v2/webhooks": { body: WEBHOOK },
  "PATCH /v2/webhooks/{webhookId}": { body: MORE_TRIGGERS },
  "PATCH /v2/event-types/{eventTypeId}/webhooks/{webhookId}": { body: MORE_TRIGGERS },
  "PATCH /v2/teams/{teamId}/event-types/{eventTypeId}/webhooks/{webhookId}": { body: MORE_TRIGGERS },
  "PATCH /v2/organizations/{orgId}/webhooks/{webhookId}": { body: MORE_TRIGGERS },
  "POST /v2/event-types/{eventTypeId}/webhooks": { body: WEBHOOK },
  "POST /v2/teams/{teamId}/event-types/{eventTypeId}/webhooks": { body: WEBHOOK },
  "POST /v2/organizations/{orgId}/webhooks": { body: WEBHOOK },
  "POST /v2/teams/{teamId}/event-types/{eventTypeId}/create-phone-call": PHONE_CALLS,
  "POST /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/create-phone-call": PHONE_CALLS,
  "POST /v2/teams/{teamId}/memberships": { body: { userId: "$USER_ID" }, needs: ANOTHER_PERSON },
  "POST /v2/organizations/{orgId}/memberships": { body: { userId: "$USER_ID" }, needs: ANOTHER_PERSON },
  "DELETE /v2/teams/{teamId}/memberships/{membershipId}": {
    needs: { what: "another member: TEAM_MEMBERSHIP_ID set to their membership (yours, the last owner's, cannot be removed)", status: 409 },
  },
  "PATCH /v2/teams/{teamId}/users/{userId}/ooo/{oooId}": { body: NOTES },
  "PATCH /v2/organizations/{orgId}/users/{userId}/ooo/{oooId}": { body: NOTES },
  "POST /v2/organizations/{orgId}/routing-forms/{routingFormId}/responses": ROUTED_SLOTS,
  "POST /v2/organizations/{orgId}/teams/{teamId}/routing-forms/{routingFormId}/responses": ROUTED_SLOTS,
  "POST /v2/routing-forms/{routingFormId}/calculate-slots": { query: { start: "$FROM", end: "$TO" }, body: { topic: "Pricing" } },
  "POST /v2/teams": { body: { name: "Sales $RUN" } },
  "POST /v2/teams/{teamId}/event-types": {
    body: { title: "Intro call", slug: "intro-call-$RUN", lengthInMinutes: 30, schedulingType: "roundRobin", assignAllTeamMembers: true },
  },
  "POST /v2/teams/{teamId}/invite": { body: { email: "ada-$RUN@example.com" } },
  "POST /v2/teams/{teamId}/users/{userId}/ooo": { body: A_DAY_OFF },
  "POST /v2/organizations/{orgId}/users": { body: { email: "grace-$RUN@example.com" } },
  "POST /v2/organizations/{orgId}/teams": { body: { name: "Sales $RUN" } },
  "POST /v2/organizations/{orgId}/teams/{teamId}/memberships": { body: { userId: "$ORG_USER_ID" } },
  "POST /v2/organizations/{orgId}/teams/{teamId}/event-types": {
    body: { title: "Intro call", slug: "intro-call-$RUN", lengthInMinutes: 30, schedulingType: "roundRobin", assignAllTeamMembers: true },
  },
  "POST /v2/organizations/{orgId}/teams/{teamId}/invite": { body: { email: "ada-$RUN@example.com" } },
  "POST /v2/organizations/{orgId}/users/{userId}/ooo": { body: A_DAY_OFF },
};
