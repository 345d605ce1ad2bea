/**
 * Drop-in compatibility with the peer API (issue 9, section 2): every operation both documents serve, answered
 * by the running app with real data, validates against the peer's published 2xx schema (extra properties
 * allowed) and against Convene's own response schema from the route declaration. Booking operations are
 * checked under each svc-api-version and under the default one.
 */
import type { APIRequestContext } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { ROUTE_CATALOG } from "../../server/http/route-catalog";
import { BOOKINGS_VERSIONS, VERSION_HEADER } from "../../server/http/versioning";
import { expect, test } from "../support/fixtures";
import { at, icsFeed, serveFeeds, WED, type FeedServer } from "../support/ics-feeds";
import { exercised, send } from "../support/peer/conformance";
import { sharedOperations } from "../support/peer/operations";
import { PEER } from "../support/peer/peer-schemas";
import { acceptPendingMembership } from "../support/service-invitations";
import { startRadicale, type Radicale } from "../support/radicale";

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const PASSWORD = "radicale-secret";

let radicale: Radicale;
let feedServer: FeedServer;
test.beforeAll(async () => {
  radicale = await startRadicale({ peer: PASSWORD });
  feedServer = await serveFeeds();
});
test.afterAll(async () => {
  await radicale.stop();
  await feedServer.stop();
  await disconnectDb();
});

async function caller() {
  const user = await makeUser();
  return { user, headers: bearer(await makeApiKey(user.id)) };
}

/** A CalDAV account connected through the API: it becomes the destination calendar, as connecting a writable calendar does. */
async function connectCalDav(request: APIRequestContext, headers: Record<string, string>) {
  const externalId = await radicale.makeCalendar("peer", `work-${randomBytes(4).toString("hex")}`, "Work");
  const { data } = await send(request, "POST /v2/calendars/{calendar}/credentials", "/v2/calendars/apple/credentials", {
    headers,
    data: { username: "peer", password: PASSWORD, url: radicale.url },
  });
  return { credentialId: data.id as number, externalId };
}

// ---------------------------------------------------------------- bookings, under every version

const VERSION_VARIANTS = [{}, ...BOOKINGS_VERSIONS.map((version) => ({ [VERSION_HEADER]: version }))];

async function bookingWorld(request: APIRequestContext, version: Record<string, string>, eventType: Parameters<typeof makeHostWithEventType>[0] = {}) {
  const host = await makeHostWithEventType(eventType);
  const headers = { ...bearer(host.apiKey), ...version };
  const book = async (days: number, hour: number, extra: Record<string, unknown> = {}) => {
    const { data, headers: answered } = await send(request, "POST /v2/bookings", "/v2/bookings", {
      headers,
      data: { eventTypeId: host.eventType.id, start: utcAt(days, hour).toISOString(), attendee: attendee(), ...extra },
    });
    expect(answered[VERSION_HEADER]).toBe(version[VERSION_HEADER] ?? BOOKINGS_VERSIONS[0]);
    return data as { uid: string };
  };
  return { ...host, headers, book };
}

const bookingOperations: Record<string, (request: APIRequestContext, version: Record<string, string>) => Promise<void>> = {
  "POST /v2/bookings": async (request, version) => {
    const { book } = await bookingWorld(request, version, {
      eventType: { locations: [{ type: "link", link: "https://meet.example.test/peer", public: true }] },
    });
    await book(2, 9);
    const linked = await book(2, 10, { location: { type: "link", link: "https://meet.example.test/peer" } });
    expect(linked).toMatchObject({ meetingUrl: "https://meet.example.test/peer" });
  },
  "GET /v2/bookings": async (request, version) => {
    const { book, headers } = await bookingWorld(request, version);
    const first = await book(2, 9);
    await send(request, "POST /v2/bookings/{bookingUid}/reschedule", `/v2/bookings/${first.uid}/reschedule`, {
      headers,
      data: { start: utcAt(2, 11).toISOString(), reschedulingReason: "Clash" },
    });
    const { data } = await send(request, "GET /v2/bookings", "/v2/bookings", { headers, query: { take: "10" } });
    expect(data).toHaveLength(2);
  },
  "GET /v2/bookings/{bookingUid}": async (request, version) => {
    const { book, headers } = await bookingWorld(request, version);
    const booking = await book(2, 9);
    await send(request, "GET /v2/bookings/{bookingUid}", `/v2/bookings/${booking.uid}`, { headers });
  },
  "POST /v2/bookings/{bookingUid}/cancel": async (request, version) => {
    const { book, headers } = await bookingWorld(request, version);
    const booking = await book(2, 9);
    const { data } = await send(request, "POST /v2/bookings/{bookingUid}/cancel", `/v2/bookings/${booking.uid}/cancel`, {
      headers,
      data: { cancellationReason: "Ill" },
    });
    expect(data).toMatchObject({ status: "cancelled", cancellationReason: "Ill" });
  },
  "POST /v2/bookings/{bookingUid}/reschedule": async (request, version) => {
    const { book, headers } = await bookingWorld(request, version);
    const booking = await book(2, 9);
    const { data } = await send(request, "POST /v2/bookings/{bookingUid}/reschedule", `/v2/bookings/${booking.uid}/reschedule`, {
      headers,
      data: { start: utcAt(2, 10).toISOString() },
    });
    expect(data).toMatchObject({ rescheduledFromUid: booking.uid });
    const { data: old } = await send(request, "GET /v2/bookings/{bookingUid}", `/v2/bookings/${booking.uid}`, { headers });
    expect(old).toMatchObject({ status: "cancelled", rescheduledToUid: data.uid });
  },
  "POST /v2/bookings/{bookingUid}/confirm": async (request, version) => {
    const { book, headers } = await bookingWorld(request, version, { eventType: { requiresConfirmation: true } });
    const booking = await book(2, 9);
    await send(request, "POST /v2/bookings/{bookingUid}/confirm", `/v2/bookings/${booking.uid}/confirm`, { headers });
  },
  "POST /v2/bookings/{bookingUid}/decline": async (request, version) => {
    const { book, headers } = await bookingWorld(request, version, { eventType: { requiresConfirmation: true } });
    const booking = await book(2, 9);
    await send(request, "POST /v2/bookings/{bookingUid}/decline", `/v2/bookings/${booking.uid}/decline`, { headers, data: { reason: "Busy" } });
  },
  "POST /v2/bookings/{bookingUid}/mark-absent": async (request, version) => {
    const { book, headers } = await bookingWorld(request, version);
    const booking = await book(2, 9);
    // The meeting "took place": moved into the past directly, since the API only books future times.
    await db.booking.update({ where: { uid: booking.uid }, data: { start: utcAt(-1, 9), end: utcAt(-1, 9, 30) } });
    await send(request, "POST /v2/bookings/{bookingUid}/mark-absent", `/v2/bookings/${booking.uid}/mark-absent`, { headers, data: { host: true } });
  },
  "POST /v2/bookings/{bookingUid}/reassign": async (request, version) => {
    const { booking, headers } = await roundRobinBooking(request, version);
    await send(request, "POST /v2/bookings/{bookingUid}/reassign", `/v2/bookings/${booking.uid}/reassign`, { headers });
  },
  "POST /v2/bookings/{bookingUid}/reassign/{userId}": async (request, version) => {
    const { booking, headers, other } = await roundRobinBooking(request, version);
    await send(request, "POST /v2/bookings/{bookingUid}/reassign/{userId}", `/v2/bookings/${booking.uid}/reassign/${other}`, { headers, data: {} });
  },
  ...Object.fromEntries(
    ["calendar-links", "references", "recordings", "transcripts"].map((suffix) => [
      `GET /v2/bookings/{bookingUid}/${suffix}`,
      async (request: APIRequestContext, version: Record<string, string>) => {
        const { book, headers } = await bookingWorld(request, version);
        const booking = await book(2, 9);
        await send(request, `GET /v2/bookings/{bookingUid}/${suffix}`, `/v2/bookings/${booking.uid}/${suffix}`, { headers });
      },
    ]),
  ),
};

async function roundRobinBooking(request: APIRequestContext, version: Record<string, string>) {
  const world = await bookingWorld(request, version);
  const second = await makeHostWithEventType();
  await db.eventType.update({
    where: { id: world.eventType.id },
    data: { schedulingType: "ROUND_ROBIN", hosts: { create: [{ userId: world.host.id }, { userId: second.host.id }] } },
  });
  return { booking: await world.book(2, 13), headers: world.headers, other: second.host.id };
}

// ---------------------------------------------------------------- the rest

const operations: Record<string, (request: APIRequestContext) => Promise<void>> = {
  ...Object.fromEntries(
    Object.entries(bookingOperations).map(([operation, run]) => [
      operation,
      async (request: APIRequestContext) => {
        for (const version of VERSION_VARIANTS) await run(request, version);
      },
    ]),
  ),
  "GET /v2/me": async (request) => {
    const { user, headers } = await caller();
    expect((await send(request, "GET /v2/me", "/v2/me", { headers })).data).not.toHaveProperty("organization");
    const org = await db.team.create({ data: { name: "Acme", slug: `org-${randomBytes(4).toString("hex")}`, isOrganization: true } });
    await db.membership.create({ data: { teamId: org.id, userId: user.id, role: "ADMIN", accepted: true } });
    // The first GET cached the profile; the database's notification of the new membership (written here, not through
    // the API) reaches the server a moment later, so the answer is awaited rather than read at once.
    await expect
      .poll(async () => (await send(request, "GET /v2/me", "/v2/me", { headers })).data.organization, { timeout: 5_000 })
      .toMatchObject({ id: org.id, isPlatform: false });
  },
  "POST /v2/api-keys/refresh": async (request) => {
    const { headers } = await caller();
    await send(request, "POST /v2/api-keys/refresh", "/v2/api-keys/refresh", { headers, data: { apiKeyDaysValid: 10 } });
  },
  "PATCH /v2/me": async (request) => {
    const { headers } = await caller();
    await send(request, "PATCH /v2/me", "/v2/me", { headers, data: { name: "Renamed" } });
  },
  "GET /v2/event-types": async (request) => {
    const { apiKey } = await makeHostWithEventType();
    await send(request, "GET /v2/event-types", "/v2/event-types", { headers: bearer(apiKey) });
  },
  "POST /v2/event-types": async (request) => {
    const { headers } = await caller();
    await send(request, "POST /v2/event-types", "/v2/event-types", {
      headers,
      data: { title: "Deep dive", slug: "deep-dive", lengthInMinutes: 60, lengthInMinutesOptions: [30, 60] },
    });
  },
  "GET /v2/event-types/{eventTypeId}": async (request) => {
    const { apiKey, eventType } = await makeHostWithEventType();
    const { data } = await send(request, "GET /v2/event-types/{eventTypeId}", `/v2/event-types/${eventType.id}`, { headers: bearer(apiKey) });
    expect(data).toMatchObject({ description: "" });
    expect(data).not.toHaveProperty("bookingWindow");
  },
  "PATCH /v2/event-types/{eventTypeId}": async (request) => {
    const { apiKey, eventType } = await makeHostWithEventType();
    await send(request, "PATCH /v2/event-types/{eventTypeId}", `/v2/event-types/${eventType.id}`, { headers: bearer(apiKey), data: { title: "Renamed" } });
    // Every setting set, so each optional output field is held to the peer's schema too.
    const { data } = await send(request, "PATCH /v2/event-types/{eventTypeId}", `/v2/event-types/${eventType.id}`, {
      headers: bearer(apiKey),
      data: {
        bookingLimitsCount: { day: 2, week: 5 },
        bookingLimitsDuration: { day: 120 },
        bookingWindow: { type: "calendarDays", value: 30, rolling: true },
        confirmationPolicy: { type: "time", noticeThreshold: { unit: "hours", count: 24 }, blockUnconfirmedBookingsInBooker: true },
        color: { lightThemeHex: "#292929", darkThemeHex: "#fafafa" },
        customName: "{Event type title} between {Organiser} and {Scheduler}",
        successRedirectUrl: "https://example.test/thanks",
        disableGuests: true,
        onlyShowFirstAvailableSlot: true,
      },
    });
    expect(data.bookingWindow).toEqual([{ type: "calendarDays", value: 30, rolling: true }]);
    await send(request, "PATCH /v2/event-types/{eventTypeId}", `/v2/event-types/${eventType.id}`, {
      headers: bearer(apiKey),
      data: { bookingWindow: { type: "range", value: ["2030-09-05", "2030-09-09"] } },
    });
  },
  "DELETE /v2/event-types/{eventTypeId}": async (request) => {
    const { apiKey, eventType } = await makeHostWithEventType();
    await send(request, "DELETE /v2/event-types/{eventTypeId}", `/v2/event-types/${eventType.id}`, { headers: bearer(apiKey) });
  },
  ...privateLinkOperations(),
  ...scheduleOperations(),
  ...calendarOperations(),
  ...conferencingOperations(),
  ...slotOperations(),
  ...teamOperations(),
  ...teamEventTypeOperations(),
  ...webhookOperations(),
  ...organizationOperations(),
};

/**
 * The organization routes the peer documents, called by the organization's admin: one organization per call, with a
 * team of it, an accepted member who hosts its event type (with a private link, a booking, a schedule and an entry).
 */
function organizationOperations(): typeof operations {
  const ORG = "/v2/organizations/{orgId}";
  const OT = `${ORG}/teams/{teamId}`;
  const hookBody = { subscriberUrl: "http://127.0.0.1:9/peer-org", triggers: ["BOOKING_CREATED"], active: true, payloadTemplate: '{"t":"{{title}}"}' };
  const orgWorld = async (request: APIRequestContext) => {
    const org = await db.team.create({ data: { name: "Acme", slug: `org-${randomBytes(4).toString("hex")}`, isOrganization: true } });
    const team = await db.team.create({ data: { name: "Support", slug: `support-${randomBytes(4).toString("hex")}`, parentId: org.id } });
    const { user: admin, headers } = await caller();
    const { host: member, eventType: personal } = await makeHostWithEventType();
    await db.membership.createMany({
      data: [
        { teamId: org.id, userId: admin.id, role: "ADMIN", accepted: true },
        { teamId: org.id, userId: member.id, role: "MEMBER", accepted: true },
        { teamId: team.id, userId: member.id, role: "MEMBER", accepted: true },
      ],
    });
    const eventType = await db.eventType.create({
      data: {
        teamId: team.id,
        title: "Support call",
        slug: `support-${personal.id}`,
        lengthInMinutes: 30,
        schedulingType: "COLLECTIVE",
        hosts: { create: [{ userId: member.id }] },
      },
    });
    const link = await db.privateLink.create({ data: { eventTypeId: eventType.id, hash: `peer-${randomBytes(9).toString("base64url")}`, maxUsageCount: 2 } });
    const start = utcAt(4, 10);
    const booking = await db.booking.create({
      data: {
        uid: `peer-${randomBytes(8).toString("hex")}`,
        eventTypeId: eventType.id,
        title: "Support call",
        start,
        end: new Date(start.getTime() + 1_800_000),
        status: "ACCEPTED",
        hosts: { create: [{ userId: member.id, start, end: new Date(start.getTime() + 1_800_000), isLive: true }] },
        attendees: { create: [{ name: "Ada", email: "ada@example.test", timeZone: "UTC" }] },
      },
    });
    const ooo = await db.outOfOffice.create({ data: { userId: member.id, start: utcAt(20, 0), end: utcAt(21, 0), notes: "Away" } });
    const schedule = (await db.user.findUniqueOrThrow({ where: { id: member.id }, select: { defaultScheduleId: true } })).defaultScheduleId!;
    const teamMembership = (await db.membership.findFirstOrThrow({ where: { teamId: team.id, userId: member.id } })).id;
    const orgMembership = (await db.membership.findFirstOrThrow({ where: { teamId: org.id, userId: member.id } })).id;
    const orgUrl = `/v2/organizations/${org.id}`;
    const teamUrl = `${orgUrl}/teams/${team.id}`;
    const hook = async () => (await send(request, `POST ${ORG}/webhooks`, `${orgUrl}/webhooks`, { headers, data: hookBody })).data.id as number;
    return { org, team, admin, member, headers, eventType, link, booking, ooo, schedule, teamMembership, orgMembership, orgUrl, teamUrl, hook };
  };
  type OrgWorld = Awaited<ReturnType<typeof orgWorld>>;
  // The peer's CreateWorkflowDto, as its documentation's example writes one (Convene's fixed address is `email`).
  const workflowBody = (eventTypeId: number) => ({
    name: "Platform Test Workflow",
    activation: { isActiveOnAllEventTypes: false, activeOnEventTypeIds: [eventTypeId] },
    trigger: { type: "beforeEvent", offset: { value: 24, unit: "hour" } },
    steps: [
      {
        action: "email_attendee",
        stepNumber: 1,
        recipient: "attendee",
        template: "reminder",
        sender: "Cal.com Notifications",
        includeCalendarEvent: true,
        message: { subject: "Reminder: {EVENT_NAME}", html: "<p>Reminder for {EVENT_NAME}.</p>" },
      },
      {
        action: "sms_attendee",
        stepNumber: 2,
        recipient: "attendee",
        template: "reminder",
        sender: "CalcomSMS",
        message: { subject: "Reminder", text: "Reminder for {EVENT_NAME} at {EVENT_TIME}" },
      },
    ],
  });
  // A team routing form with a response that led to the world's booking (the peer's response output names its booking).
  const routingForm = async (w: OrgWorld) => {
    const question = "00000000-0000-4000-8000-00000000000a";
    const form = await db.routingForm.create({
      data: {
        teamId: w.team.id,
        userId: w.admin.id,
        name: "Intake",
        fields: [{ id: question, type: "text", label: "Company", identifier: "company", required: false, placeholder: "", options: [] }],
        routes: [
          {
            id: "00000000-0000-4000-8000-00000000000b",
            action: { type: "eventType", eventTypeId: w.eventType.id },
            combinator: "all",
            conditions: [],
            isFallback: false,
          },
        ],
      },
    });
    const response = await db.routingFormResponse.create({
      data: { formId: form.id, response: { [question]: { label: "Company", value: "Acme" } }, routedToBookingUid: w.booking.uid },
    });
    return { formId: form.id, responseId: response.id };
  };
  const slotRange = { start: utcAt(3, 0).toISOString().slice(0, 10), end: utcAt(5, 0).toISOString().slice(0, 10) };
  const workflow = async (w: OrgWorld) =>
    (await send(request0(), `POST ${OT}/workflows`, `${w.teamUrl}/workflows`, { headers: w.headers, data: workflowBody(w.eventType.id) })).data.id as number;
  const newOrgMember = async (w: OrgWorld) => {
    const joiner = await makeUser();
    await db.membership.create({ data: { teamId: w.org.id, userId: joiner.id, role: "MEMBER", accepted: true } });
    return joiner;
  };
  type TPrepared = { url: string; data?: unknown; query?: Record<string, string> };
  const cases: Record<string, (w: OrgWorld) => TPrepared | Promise<TPrepared>> = {
    [`GET ${ORG}/memberships`]: (w) => ({ url: `${w.orgUrl}/memberships` }),
    [`POST ${ORG}/memberships`]: async (w) => ({ url: `${w.orgUrl}/memberships`, data: { userId: (await makeUser()).id, role: "MEMBER" } }),
    [`GET ${ORG}/memberships/{membershipId}`]: (w) => ({ url: `${w.orgUrl}/memberships/${w.orgMembership}` }),
    [`PATCH ${ORG}/memberships/{membershipId}`]: (w) => ({ url: `${w.orgUrl}/memberships/${w.orgMembership}`, data: { role: "ADMIN" } }),
    [`DELETE ${ORG}/memberships/{membershipId}`]: (w) => ({ url: `${w.orgUrl}/memberships/${w.orgMembership}` }),
    [`GET ${ORG}/users`]: (w) => ({ url: `${w.orgUrl}/users` }),
    [`POST ${ORG}/users`]: (w) => ({ url: `${w.orgUrl}/users`, data: { email: `peer-${randomBytes(4).toString("hex")}-${w.org.id}@example.test` } }),
    [`PATCH ${ORG}/users/{userId}`]: async (w) => {
      const { data } = await send(request0(), `POST ${ORG}/users`, `${w.orgUrl}/users`, {
        headers: w.headers,
        data: { email: `made-${w.org.id}@example.test` },
      });
      return { url: `${w.orgUrl}/users/${data.id}`, data: { name: "Renamed" } };
    },
    [`DELETE ${ORG}/users/{userId}`]: async (w) => {
      const { data } = await send(request0(), `POST ${ORG}/users`, `${w.orgUrl}/users`, {
        headers: w.headers,
        data: { email: `gone-${w.org.id}@example.test` },
      });
      return { url: `${w.orgUrl}/users/${data.id}` };
    },
    [`GET ${ORG}/teams`]: (w) => ({ url: `${w.orgUrl}/teams` }),
    [`GET ${ORG}/teams/me`]: (w) => ({ url: `${w.orgUrl}/teams/me` }),
    [`POST ${ORG}/teams`]: (w) => ({ url: `${w.orgUrl}/teams`, data: { name: "Sales", bio: "Our sales team" } }),
    [`GET ${OT}`]: (w) => ({ url: w.teamUrl }),
    [`PATCH ${OT}`]: (w) => ({ url: w.teamUrl, data: { bio: "Renamed by the peer test" } }),
    [`DELETE ${OT}`]: (w) => ({ url: w.teamUrl }),
    [`GET ${OT}/memberships`]: (w) => ({ url: `${w.teamUrl}/memberships` }),
    [`GET ${ORG}/routing-forms`]: async (w) => (await routingForm(w), { url: `${w.orgUrl}/routing-forms` }),
    [`GET ${ORG}/routing-forms/{routingFormId}/responses`]: async (w) => ({ url: `${w.orgUrl}/routing-forms/${(await routingForm(w)).formId}/responses` }),
    [`POST ${ORG}/routing-forms/{routingFormId}/responses`]: async (w) => ({
      url: `${w.orgUrl}/routing-forms/${(await routingForm(w)).formId}/responses`,
      query: slotRange,
      data: { company: "Acme" },
    }),
    [`PATCH ${ORG}/routing-forms/{routingFormId}/responses/{responseId}`]: async (w) => {
      const { formId, responseId } = await routingForm(w);
      return { url: `${w.orgUrl}/routing-forms/${formId}/responses/${responseId}`, data: { response: { company: "Acme Ltd" } } };
    },
    [`GET ${OT}/routing-forms`]: async (w) => (await routingForm(w), { url: `${w.teamUrl}/routing-forms` }),
    [`GET ${OT}/routing-forms/{routingFormId}/responses`]: async (w) => ({ url: `${w.teamUrl}/routing-forms/${(await routingForm(w)).formId}/responses` }),
    [`POST ${OT}/routing-forms/{routingFormId}/responses`]: async (w) => ({
      url: `${w.teamUrl}/routing-forms/${(await routingForm(w)).formId}/responses`,
      query: slotRange,
      data: { company: "Acme" },
    }),
    [`PATCH ${OT}/routing-forms/{routingFormId}/responses/{responseId}`]: async (w) => {
      const { formId, responseId } = await routingForm(w);
      return { url: `${w.teamUrl}/routing-forms/${formId}/responses/${responseId}`, data: { response: { company: "Acme Ltd" } } };
    },
    ["POST /v2/routing-forms/{routingFormId}/calculate-slots"]: async (w) => ({
      url: `/v2/routing-forms/${(await routingForm(w)).formId}/calculate-slots`,
      query: slotRange,
      data: { company: "Acme" },
    }),
    [`GET ${OT}/workflows`]: async (w) => {
      await workflow(w);
      return { url: `${w.teamUrl}/workflows` };
    },
    [`POST ${OT}/workflows`]: (w) => ({ url: `${w.teamUrl}/workflows`, data: workflowBody(w.eventType.id) }),
    [`GET ${OT}/workflows/{workflowId}`]: async (w) => ({ url: `${w.teamUrl}/workflows/${await workflow(w)}` }),
    [`PATCH ${OT}/workflows/{workflowId}`]: async (w) => ({
      url: `${w.teamUrl}/workflows/${await workflow(w)}`,
      data: { name: "Renamed", trigger: { type: "afterEvent", offset: { value: 1, unit: "day" } } },
    }),
    [`DELETE ${OT}/workflows/{workflowId}`]: async (w) => ({ url: `${w.teamUrl}/workflows/${await workflow(w)}` }),
    [`POST ${OT}/memberships`]: async (w) => ({ url: `${w.teamUrl}/memberships`, data: { userId: (await newOrgMember(w)).id, role: "MEMBER" } }),
    [`GET ${OT}/memberships/{membershipId}`]: (w) => ({ url: `${w.teamUrl}/memberships/${w.teamMembership}` }),
    [`PATCH ${OT}/memberships/{membershipId}`]: (w) => ({ url: `${w.teamUrl}/memberships/${w.teamMembership}`, data: { role: "ADMIN" } }),
    [`DELETE ${OT}/memberships/{membershipId}`]: (w) => ({ url: `${w.teamUrl}/memberships/${w.teamMembership}` }),
    [`POST ${OT}/invite`]: (w) => ({ url: `${w.teamUrl}/invite`, data: { email: `invitee-${w.team.id}@example.test` } }),
    [`GET ${ORG}/teams/event-types`]: (w) => ({ url: `${w.orgUrl}/teams/event-types` }),
    [`GET ${OT}/event-types`]: (w) => ({ url: `${w.teamUrl}/event-types` }),
    [`POST ${OT}/event-types`]: (w) => ({
      url: `${w.teamUrl}/event-types`,
      data: { title: "Demo", slug: `demo-${w.team.id}`, lengthInMinutes: 30, schedulingType: "roundRobin", hosts: [{ userId: w.member.id }] },
    }),
    [`GET ${OT}/event-types/{eventTypeId}`]: (w) => ({ url: `${w.teamUrl}/event-types/${w.eventType.id}` }),
    [`PATCH ${OT}/event-types/{eventTypeId}`]: (w) => ({ url: `${w.teamUrl}/event-types/${w.eventType.id}`, data: { title: "Renamed" } }),
    [`DELETE ${OT}/event-types/{eventTypeId}`]: (w) => ({ url: `${w.teamUrl}/event-types/${w.eventType.id}` }),
    [`POST ${OT}/event-types/{eventTypeId}/create-phone-call`]: (w) => ({
      url: `${w.teamUrl}/event-types/${w.eventType.id}/create-phone-call`,
      data: { yourPhoneNumber: "+14155550100", numberToCall: "+14155550142", calApiKey: "cal_peer", enabled: true, templateType: "CHECK_IN_APPOINTMENT" },
    }),
    [`GET ${OT}/event-types/{eventTypeId}/private-links`]: (w) => ({ url: `${w.teamUrl}/event-types/${w.eventType.id}/private-links` }),
    [`POST ${OT}/event-types/{eventTypeId}/private-links`]: (w) => ({ url: `${w.teamUrl}/event-types/${w.eventType.id}/private-links`, data: {} }),
    [`PATCH ${OT}/event-types/{eventTypeId}/private-links/{linkId}`]: (w) => ({
      url: `${w.teamUrl}/event-types/${w.eventType.id}/private-links/${w.link.hash}`,
      data: { maxUsageCount: 3 },
    }),
    [`DELETE ${OT}/event-types/{eventTypeId}/private-links/{linkId}`]: (w) => ({
      url: `${w.teamUrl}/event-types/${w.eventType.id}/private-links/${w.link.hash}`,
    }),
    [`GET ${ORG}/bookings`]: (w) => ({ url: `${w.orgUrl}/bookings` }),
    [`GET ${OT}/bookings`]: (w) => ({ url: `${w.teamUrl}/bookings` }),
    [`GET ${OT}/bookings/{bookingUid}/references`]: (w) => ({ url: `${w.teamUrl}/bookings/${w.booking.uid}/references` }),
    [`GET ${ORG}/schedules`]: (w) => ({ url: `${w.orgUrl}/schedules` }),
    [`GET ${ORG}/users/{userId}/schedules`]: (w) => ({ url: `${w.orgUrl}/users/${w.member.id}/schedules` }),
    [`GET ${ORG}/users/{userId}/schedules/{scheduleId}`]: (w) => ({ url: `${w.orgUrl}/users/${w.member.id}/schedules/${w.schedule}` }),
    [`POST ${ORG}/users/{userId}/schedules`]: (w) => ({
      url: `${w.orgUrl}/users/${w.member.id}/schedules`,
      data: { name: "Evenings", timeZone: "Europe/Paris" },
    }),
    [`PATCH ${ORG}/users/{userId}/schedules/{scheduleId}`]: (w) => ({
      url: `${w.orgUrl}/users/${w.member.id}/schedules/${w.schedule}`,
      data: { name: "Renamed" },
    }),
    [`DELETE ${ORG}/users/{userId}/schedules/{scheduleId}`]: async (w) => {
      const other = await db.schedule.create({ data: { userId: w.member.id, name: "Spare", timeZone: "UTC" } });
      return { url: `${w.orgUrl}/users/${w.member.id}/schedules/${other.id}` };
    },
    [`GET ${OT}/schedules`]: (w) => ({ url: `${w.teamUrl}/schedules` }),
    [`GET ${OT}/users/{userId}/schedules`]: (w) => ({ url: `${w.teamUrl}/users/${w.member.id}/schedules` }),
    [`GET ${ORG}/ooo`]: (w) => ({ url: `${w.orgUrl}/ooo` }),
    [`GET ${ORG}/users/{userId}/ooo`]: (w) => ({ url: `${w.orgUrl}/users/${w.member.id}/ooo` }),
    [`POST ${ORG}/users/{userId}/ooo`]: (w) => ({
      url: `${w.orgUrl}/users/${w.member.id}/ooo`,
      data: { start: utcAt(30, 0).toISOString(), end: utcAt(31, 0).toISOString(), reason: "vacation", notes: "Beach" },
    }),
    [`PATCH ${ORG}/users/{userId}/ooo/{oooId}`]: (w) => ({ url: `${w.orgUrl}/users/${w.member.id}/ooo/${w.ooo.id}`, data: { notes: "Mountains" } }),
    [`DELETE ${ORG}/users/{userId}/ooo/{oooId}`]: (w) => ({ url: `${w.orgUrl}/users/${w.member.id}/ooo/${w.ooo.id}` }),
    [`GET ${ORG}/webhooks`]: async (w) => (await w.hook(), { url: `${w.orgUrl}/webhooks` }),
    [`POST ${ORG}/webhooks`]: (w) => ({ url: `${w.orgUrl}/webhooks`, data: hookBody }),
    [`GET ${ORG}/webhooks/{webhookId}`]: async (w) => ({ url: `${w.orgUrl}/webhooks/${await w.hook()}` }),
    [`PATCH ${ORG}/webhooks/{webhookId}`]: async (w) => ({ url: `${w.orgUrl}/webhooks/${await w.hook()}`, data: { active: false } }),
    [`DELETE ${ORG}/webhooks/{webhookId}`]: async (w) => ({ url: `${w.orgUrl}/webhooks/${await w.hook()}` }),
  };
  // The request context of the running case, for the cases that make a row through the API first.
  let current: APIRequestContext;
  const request0 = () => current;
  return Object.fromEntries(
    Object.entries(cases).map(([operation, prepare]) => [
      operation,
      async (request: APIRequestContext) => {
        current = request;
        const world = await orgWorld(request);
        const { url, data, query } = await prepare(world);
        await send(request, operation, url, { headers: world.headers, data, query });
      },
    ]),
  );
}

function webhookOperations(): typeof operations {
  // The peer's schema types payloadTemplate as a string; Convene answers null for "none" (the spec's Webhook
  // table), so these webhooks carry one.
  const body = {
    subscriberUrl: "http://127.0.0.1:9/peer",
    triggers: ["BOOKING_CREATED", "BOOKING_CANCELLED"],
    active: true,
    payloadTemplate: '{"name":"{{title}}","booker":"{{attendees.0.name}}"}',
  };
  const account = async (request: APIRequestContext) => {
    const { headers } = await caller();
    const { data } = await send(request, "POST /v2/webhooks", "/v2/webhooks", { headers, data: body });
    return { headers, url: `/v2/webhooks/${data.id}` };
  };
  const ofEventType = async (request: APIRequestContext) => {
    const { apiKey, eventType } = await makeHostWithEventType();
    const headers = bearer(apiKey);
    const base = `/v2/event-types/${eventType.id}/webhooks`;
    const { data } = await send(request, "POST /v2/event-types/{eventTypeId}/webhooks", base, { headers, data: body });
    return { headers, base, url: `${base}/${data.id}` };
  };
  const ET = "/v2/event-types/{eventTypeId}/webhooks";
  return {
    "POST /v2/webhooks": (request) => account(request).then(() => undefined),
    "GET /v2/webhooks": async (request) => {
      const { headers } = await account(request);
      expect((await send(request, "GET /v2/webhooks", "/v2/webhooks", { headers })).data).toHaveLength(1);
    },
    "GET /v2/webhooks/{webhookId}": async (request) => {
      const { headers, url } = await account(request);
      await send(request, "GET /v2/webhooks/{webhookId}", url, { headers });
    },
    "PATCH /v2/webhooks/{webhookId}": async (request) => {
      const { headers, url } = await account(request);
      await send(request, "PATCH /v2/webhooks/{webhookId}", url, { headers, data: { active: false, triggers: ["OOO_CREATED"] } });
    },
    "DELETE /v2/webhooks/{webhookId}": async (request) => {
      const { headers, url } = await account(request);
      await send(request, "DELETE /v2/webhooks/{webhookId}", url, { headers });
    },
    [`POST ${ET}`]: (request) => ofEventType(request).then(() => undefined),
    [`GET ${ET}`]: async (request) => {
      const { headers, base } = await ofEventType(request);
      await send(request, `GET ${ET}`, base, { headers });
    },
    [`DELETE ${ET}`]: async (request) => {
      const { headers, base } = await ofEventType(request);
      expect((await send(request, `DELETE ${ET}`, base, { headers })).data).toBe("1 webhooks deleted");
    },
    [`GET ${ET}/{webhookId}`]: async (request) => {
      const { headers, url } = await ofEventType(request);
      await send(request, `GET ${ET}/{webhookId}`, url, { headers });
    },
    [`PATCH ${ET}/{webhookId}`]: async (request) => {
      const { headers, url } = await ofEventType(request);
      await send(request, `PATCH ${ET}/{webhookId}`, url, { headers, data: { subscriberUrl: "http://127.0.0.1:9/moved" } });
    },
    [`DELETE ${ET}/{webhookId}`]: async (request) => {
      const { headers, url } = await ofEventType(request);
      await send(request, `DELETE ${ET}/{webhookId}`, url, { headers });
    },
  };
}

function teamEventTypeOperations(): typeof operations {
  /** A team of the caller's (OWNER, with working hours) with a round robin over the owner and a second member. */
  const withEventType = async (request: APIRequestContext) => {
    const [owner, second] = await Promise.all([makeHostWithEventType(), makeHostWithEventType()]);
    const headers = bearer(owner.apiKey);
    const { data: team } = await send(request, "POST /v2/teams", "/v2/teams", { headers, data: { name: "Peer team", slug: `peer-et-${owner.host.id}` } });
    await send(request, "POST /v2/teams/{teamId}/memberships", `/v2/teams/${team.id}/memberships`, { headers, data: { userId: second.host.id } });
    await acceptPendingMembership(team.id, second.host.id);
    const base = `/v2/teams/${team.id}/event-types`;
    const { data } = await send(request, "POST /v2/teams/{teamId}/event-types", base, {
      headers,
      data: {
        title: "Peer round robin",
        slug: "peer-rr",
        lengthInMinutes: 30,
        lengthInMinutesOptions: [15, 30],
        schedulingType: "roundRobin",
        hosts: [
          { userId: owner.host.id, mandatory: true },
          { userId: second.host.id, priority: "high" },
        ],
        bookingLimitsCount: { day: 3 },
        bookingWindow: { type: "calendarDays", value: 30, rolling: true },
        color: { lightThemeHex: "#292929", darkThemeHex: "#fafafa" },
      },
    });
    return { headers, base, url: `${base}/${data.id}` };
  };
  return {
    "POST /v2/teams/{teamId}/event-types": async (request) => {
      const { headers, base } = await withEventType(request);
      const data = { title: "Managed", slug: "peer-managed", lengthInMinutes: 30, schedulingType: "managed", assignAllTeamMembers: true };
      await send(request, "POST /v2/teams/{teamId}/event-types", base, { headers, data });
    },
    "GET /v2/teams/{teamId}/event-types": async (request) => {
      const { headers, base } = await withEventType(request);
      const { data } = await send(request, "GET /v2/teams/{teamId}/event-types", base, { headers, query: { eventSlug: "peer-rr", hostsLimit: "1" } });
      expect(data).toHaveLength(1);
    },
    "GET /v2/teams/{teamId}/event-types/{eventTypeId}": async (request) => {
      const { headers, url } = await withEventType(request);
      await send(request, "GET /v2/teams/{teamId}/event-types/{eventTypeId}", url, { headers });
    },
    "PATCH /v2/teams/{teamId}/event-types/{eventTypeId}": async (request) => {
      const { headers, url } = await withEventType(request);
      const data = { title: "Renamed", assignAllTeamMembers: true, confirmationPolicy: { type: "always", blockUnconfirmedBookingsInBooker: false } };
      await send(request, "PATCH /v2/teams/{teamId}/event-types/{eventTypeId}", url, { headers, data });
    },
    "DELETE /v2/teams/{teamId}/event-types/{eventTypeId}": async (request) => {
      const { headers, url } = await withEventType(request);
      await send(request, "DELETE /v2/teams/{teamId}/event-types/{eventTypeId}", url, { headers });
    },
    "POST /v2/teams/{teamId}/event-types/{eventTypeId}/create-phone-call": async (request) => {
      const { headers, url } = await withEventType(request);
      const data = {
        yourPhoneNumber: "+14155550100",
        numberToCall: "+14155550142",
        calApiKey: "cal_peer",
        enabled: true,
        templateType: "CHECK_IN_APPOINTMENT",
      };
      await send(request, "POST /v2/teams/{teamId}/event-types/{eventTypeId}/create-phone-call", `${url}/create-phone-call`, { headers, data });
    },
  };
}

function teamOperations(): typeof operations {
  /** A team of the caller's (OWNER) with a second, accepted member. */
  const team = async (request: APIRequestContext) => {
    const [{ headers, user }, member] = await Promise.all([caller(), makeUser()]);
    const { data } = await send(request, "POST /v2/teams", "/v2/teams", { headers, data: { name: "Peer team", slug: `peer-${user.id}`, bio: "We meet" } });
    const added = await send(request, "POST /v2/teams/{teamId}/memberships", `/v2/teams/${data.id}/memberships`, {
      headers,
      data: { userId: member.id, role: "ADMIN" },
    });
    await acceptPendingMembership(data.id, member.id);
    return { headers, teamId: data.id as number, membershipId: added.data.id as number, memberId: member.id };
  };
  /** The team above with an out-of-office entry of its member, made by the owner through the team route. */
  const memberOoo = async (request: APIRequestContext) => {
    const { headers, teamId, memberId } = await team(request);
    const base = `/v2/teams/${teamId}/users/${memberId}/ooo`;
    const { data } = await send(request, "POST /v2/teams/{teamId}/users/{userId}/ooo", base, {
      headers,
      data: { start: utcAt(5, 0).toISOString(), end: utcAt(7, 0).toISOString(), reason: "vacation", notes: "Away" },
    });
    return { headers, base, oooId: data.id as number };
  };
  return {
    "POST /v2/teams": (request) => team(request).then(() => undefined),
    "POST /v2/teams/{teamId}/memberships": (request) => team(request).then(() => undefined),
    "GET /v2/teams": async (request) => {
      const { headers } = await team(request);
      await send(request, "GET /v2/teams", "/v2/teams", { headers });
    },
    "GET /v2/teams/{teamId}": async (request) => {
      const { headers, teamId } = await team(request);
      await send(request, "GET /v2/teams/{teamId}", `/v2/teams/${teamId}`, { headers });
    },
    "PATCH /v2/teams/{teamId}": async (request) => {
      const { headers, teamId } = await team(request);
      await send(request, "PATCH /v2/teams/{teamId}", `/v2/teams/${teamId}`, { headers, data: { name: "Renamed" } });
    },
    "DELETE /v2/teams/{teamId}": async (request) => {
      const { headers, teamId } = await team(request);
      await send(request, "DELETE /v2/teams/{teamId}", `/v2/teams/${teamId}`, { headers });
    },
    "GET /v2/teams/{teamId}/memberships": async (request) => {
      const { headers, teamId } = await team(request);
      await send(request, "GET /v2/teams/{teamId}/memberships", `/v2/teams/${teamId}/memberships`, { headers });
    },
    "GET /v2/teams/{teamId}/memberships/{membershipId}": async (request) => {
      const { headers, teamId, membershipId } = await team(request);
      await send(request, "GET /v2/teams/{teamId}/memberships/{membershipId}", `/v2/teams/${teamId}/memberships/${membershipId}`, { headers });
    },
    "PATCH /v2/teams/{teamId}/memberships/{membershipId}": async (request) => {
      const { headers, teamId, membershipId } = await team(request);
      await send(request, "PATCH /v2/teams/{teamId}/memberships/{membershipId}", `/v2/teams/${teamId}/memberships/${membershipId}`, {
        headers,
        data: { role: "MEMBER" },
      });
    },
    "GET /v2/teams/{teamId}/schedules": async (request) => {
      const { headers, teamId, memberId } = await team(request);
      await db.schedule.create({
        data: { userId: memberId, name: "Hours", timeZone: "Europe/Rome", entries: { create: [{ days: [1], startMinute: 540, endMinute: 600 }] } },
      });
      const { data } = await send(request, "GET /v2/teams/{teamId}/schedules", `/v2/teams/${teamId}/schedules`, { headers });
      expect(data).toHaveLength(1);
    },
    "POST /v2/teams/{teamId}/users/{userId}/ooo": (request) => memberOoo(request).then(() => undefined),
    "GET /v2/teams/{teamId}/users/{userId}/ooo": async (request) => {
      const { headers, base } = await memberOoo(request);
      const { data } = await send(request, "GET /v2/teams/{teamId}/users/{userId}/ooo", base, { headers });
      expect(data).toHaveLength(1);
    },
    "PATCH /v2/teams/{teamId}/users/{userId}/ooo/{oooId}": async (request) => {
      const { headers, base, oooId } = await memberOoo(request);
      await send(request, "PATCH /v2/teams/{teamId}/users/{userId}/ooo/{oooId}", `${base}/${oooId}`, { headers, data: { reason: "travel" } });
    },
    "DELETE /v2/teams/{teamId}/users/{userId}/ooo/{oooId}": async (request) => {
      const { headers, base, oooId } = await memberOoo(request);
      await send(request, "DELETE /v2/teams/{teamId}/users/{userId}/ooo/{oooId}", `${base}/${oooId}`, { headers });
    },
    "DELETE /v2/teams/{teamId}/memberships/{membershipId}": async (request) => {
      const { headers, teamId, membershipId } = await team(request);
      await send(request, "DELETE /v2/teams/{teamId}/memberships/{membershipId}", `/v2/teams/${teamId}/memberships/${membershipId}`, { headers });
    },
  };
}

function slotOperations(): typeof operations {
  const SLOTS_V = { [VERSION_HEADER]: "2024-09-04" };
  const reserve = async (request: APIRequestContext) => {
    const { eventType } = await makeHostWithEventType();
    const { data } = await send(request, "POST /v2/slots/reservations", "/v2/slots/reservations", {
      headers: SLOTS_V,
      data: { eventTypeId: eventType.id, slotStart: utcAt(3, 10).toISOString() },
    });
    return { eventTypeId: eventType.id, uid: data.reservationUid as string };
  };
  return {
    "GET /v2/slots": async (request) => {
      const { eventType } = await makeHostWithEventType();
      await db.eventType.update({ where: { id: eventType.id }, data: { lengthInMinutesOptions: [30, 60] } });
      const day = utcAt(3, 0).toISOString().slice(0, 10);
      for (const format of ["time", "range"]) {
        const query = { eventTypeId: String(eventType.id), start: day, end: day, timeZone: "Europe/Rome", duration: "60", format };
        const { data } = await send(request, "GET /v2/slots", "/v2/slots", { headers: SLOTS_V, query });
        expect(Object.keys(data).length).toBeGreaterThan(0);
      }
    },
    "POST /v2/slots/reservations": (request) => reserve(request).then(() => undefined),
    "GET /v2/slots/reservations/{uid}": async (request) => {
      const { uid } = await reserve(request);
      const { data } = await send(request, "GET /v2/slots/reservations/{uid}", `/v2/slots/reservations/${uid}`, { headers: SLOTS_V });
      expect(data.reservationUid).toBe(uid);
    },
    "PATCH /v2/slots/reservations/{uid}": async (request) => {
      const { uid, eventTypeId } = await reserve(request);
      const data = { eventTypeId, slotStart: utcAt(3, 11).toISOString() };
      await send(request, "PATCH /v2/slots/reservations/{uid}", `/v2/slots/reservations/${uid}`, { headers: SLOTS_V, data });
    },
    "DELETE /v2/slots/reservations/{uid}": async (request) => {
      const { uid } = await reserve(request);
      await send(request, "DELETE /v2/slots/reservations/{uid}", `/v2/slots/reservations/${uid}`, { headers: SLOTS_V });
    },
  };
}

function privateLinkOperations(): typeof operations {
  const withLink = async (request: APIRequestContext) => {
    const { apiKey, eventType } = await makeHostWithEventType();
    const base = `/v2/event-types/${eventType.id}/private-links`;
    const { data } = await send(request, "POST /v2/event-types/{eventTypeId}/private-links", base, { headers: bearer(apiKey), data: {} });
    return { base, headers: bearer(apiKey), linkId: data.linkId as string };
  };
  return {
    "POST /v2/event-types/{eventTypeId}/private-links": (request) => withLink(request).then(() => undefined),
    "GET /v2/event-types/{eventTypeId}/private-links": async (request) => {
      const { base, headers } = await withLink(request);
      await send(request, "GET /v2/event-types/{eventTypeId}/private-links", base, { headers });
    },
    "PATCH /v2/event-types/{eventTypeId}/private-links/{linkId}": async (request) => {
      const { base, headers, linkId } = await withLink(request);
      await send(request, "PATCH /v2/event-types/{eventTypeId}/private-links/{linkId}", `${base}/${linkId}`, { headers, data: { maxUsageCount: 3 } });
    },
    "DELETE /v2/event-types/{eventTypeId}/private-links/{linkId}": async (request) => {
      const { base, headers, linkId } = await withLink(request);
      await send(request, "DELETE /v2/event-types/{eventTypeId}/private-links/{linkId}", `${base}/${linkId}`, { headers });
    },
  };
}

function scheduleOperations(): typeof operations {
  const host = async () => {
    const { apiKey, schedule } = await makeHostWithEventType();
    return { headers: bearer(apiKey), id: schedule.id };
  };
  return {
    "GET /v2/schedules": async (request) => void (await send(request, "GET /v2/schedules", "/v2/schedules", { headers: (await host()).headers })),
    "POST /v2/schedules": async (request) =>
      void (await send(request, "POST /v2/schedules", "/v2/schedules", { headers: (await host()).headers, data: { name: "Work", timeZone: "Europe/Paris" } })),
    "GET /v2/schedules/default": async (request) =>
      void (await send(request, "GET /v2/schedules/default", "/v2/schedules/default", { headers: (await host()).headers })),
    "GET /v2/schedules/{scheduleId}": async (request) => {
      const { headers, id } = await host();
      await send(request, "GET /v2/schedules/{scheduleId}", `/v2/schedules/${id}`, { headers });
    },
    "PATCH /v2/schedules/{scheduleId}": async (request) => {
      const { headers, id } = await host();
      await send(request, "PATCH /v2/schedules/{scheduleId}", `/v2/schedules/${id}`, { headers, data: { name: "Changed" } });
    },
    "DELETE /v2/schedules/{scheduleId}": async (request) => {
      // The default schedule cannot go without naming its successor: a second one is deleted.
      const { headers } = await host();
      const { data } = await send(request, "POST /v2/schedules", "/v2/schedules", { headers, data: { name: "Spare", timeZone: "UTC" } });
      await send(request, "DELETE /v2/schedules/{scheduleId}", `/v2/schedules/${data.id}`, { headers });
    },
  };
}

/** Conferencing: the built-in app needs nothing; Google Meet rides on a Google Calendar connection; Zoom's consent starts at the stand-in. */
function conferencingOperations(): typeof operations {
  const withGoogleCalendar = async () => {
    const { user, headers } = await caller();
    // Connecting Meet only checks that a Google Calendar connection exists: its secret is never read here.
    await db.credential.create({ data: { userId: user.id, type: "google_calendar", appId: "google-calendar", secret: "unused" } });
    return { user, headers };
  };
  return {
    "GET /v2/conferencing": async (request) => {
      const { headers } = await withGoogleCalendar();
      await send(request, "POST /v2/conferencing/{app}/connect", "/v2/conferencing/google-meet/connect", { headers });
      const { data } = await send(request, "GET /v2/conferencing", "/v2/conferencing", { headers });
      expect(data).toContainEqual(expect.objectContaining({ type: "google_video" }));
    },
    "GET /v2/conferencing/default": async (request) => {
      const { headers } = await caller();
      const { data } = await send(request, "GET /v2/conferencing/default", "/v2/conferencing/default", { headers });
      expect(data).toMatchObject({ appSlug: "jitsi" });
    },
    "POST /v2/conferencing/{app}/connect": async (request) => {
      const { headers } = await withGoogleCalendar();
      await send(request, "POST /v2/conferencing/{app}/connect", "/v2/conferencing/google-meet/connect", { headers });
    },
    "GET /v2/conferencing/{app}/oauth/auth-url": async (request) => {
      const { headers } = await caller();
      const query = { returnTo: "/settings/conferencing", onErrorReturnTo: "/settings/conferencing?failed=1" };
      const { data } = await send(request, "GET /v2/conferencing/{app}/oauth/auth-url", "/v2/conferencing/zoom/oauth/auth-url", { headers, query });
      expect(data.url).toContain("/authorize?");
    },
    "POST /v2/conferencing/{app}/default": async (request) => {
      const { headers } = await withGoogleCalendar();
      await send(request, "POST /v2/conferencing/{app}/connect", "/v2/conferencing/google-meet/connect", { headers });
      await send(request, "POST /v2/conferencing/{app}/default", "/v2/conferencing/google-meet/default", { headers });
    },
    "DELETE /v2/conferencing/{app}/disconnect": async (request) => {
      const { headers } = await withGoogleCalendar();
      await send(request, "POST /v2/conferencing/{app}/connect", "/v2/conferencing/google-meet/connect", { headers });
      await send(request, "DELETE /v2/conferencing/{app}/disconnect", "/v2/conferencing/google-meet/disconnect", { headers });
    },
  };
}

function calendarOperations(): typeof operations {
  const connected = async (request: APIRequestContext) => {
    const { headers } = await caller();
    return { headers, ...(await connectCalDav(request, headers)) };
  };
  const saveFeed = async (request: APIRequestContext) => {
    const { headers } = await caller();
    feedServer.feeds.set("/peer.ics", icsFeed({ uid: "dentist", start: at(WED, "10:00"), end: at(WED, "11:00") }));
    await send(request, "POST /v2/calendars/ics-feed/save", "/v2/calendars/ics-feed/save", { headers, data: { urls: [`${feedServer.base}/peer.ics`] } });
    return headers;
  };
  const selection = (credentialId: number, externalId: string) => ({ integration: "apple_calendar", externalId, credentialId: String(credentialId) });
  return {
    "GET /v2/calendars": async (request) => {
      const { headers } = await connected(request);
      const { data } = await send(request, "GET /v2/calendars", "/v2/calendars", { headers });
      expect(data.destinationCalendar).toMatchObject({ integration: "apple_calendar" });
    },
    "GET /v2/calendars/busy-times": async (request) => {
      const { headers, credentialId, externalId } = await connected(request);
      await radicale.putEvent(externalId, "peer", { uid: "dentist", start: at(WED, "13:00"), end: at(WED, "14:00") });
      const query = { credentialId: String(credentialId), externalId, dateFrom: WED, dateTo: WED, timeZone: "UTC" };
      const { data } = await send(request, "GET /v2/calendars/busy-times", "/v2/calendars/busy-times", { headers, query });
      expect(data).toHaveLength(1);
    },
    "POST /v2/calendars/ics-feed/save": (request) => saveFeed(request).then(() => undefined),
    "GET /v2/calendars/ics-feed/check": async (request) => {
      const headers = await saveFeed(request);
      await send(request, "GET /v2/calendars/ics-feed/check", "/v2/calendars/ics-feed/check", { headers });
    },
    "GET /v2/calendars/{calendar}/connect": async (request) => {
      const { headers } = await caller();
      const query = { isDryRun: "false", redir: "/settings/calendars" };
      await send(request, "GET /v2/calendars/{calendar}/connect", "/v2/calendars/google/connect", { headers, query });
    },
    "POST /v2/calendars/{calendar}/credentials": (request) => connected(request).then(() => undefined),
    "GET /v2/calendars/{calendar}/check": async (request) => {
      const { headers } = await connected(request);
      await send(request, "GET /v2/calendars/{calendar}/check", "/v2/calendars/apple/check", { headers });
    },
    "POST /v2/calendars/{calendar}/disconnect": async (request) => {
      const { headers, credentialId } = await connected(request);
      await send(request, "POST /v2/calendars/{calendar}/disconnect", "/v2/calendars/apple/disconnect", { headers, data: { id: credentialId } });
    },
    "POST /v2/selected-calendars": async (request) => {
      const { headers, credentialId, externalId } = await connected(request);
      const data = { ...selection(credentialId, externalId), credentialId };
      await send(request, "POST /v2/selected-calendars", "/v2/selected-calendars", { headers, data });
    },
    "DELETE /v2/selected-calendars": async (request) => {
      const { headers, credentialId, externalId } = await connected(request);
      await send(request, "DELETE /v2/selected-calendars", "/v2/selected-calendars", { headers, query: selection(credentialId, externalId) });
    },
    "PUT /v2/destination-calendars": async (request) => {
      const { headers, externalId } = await connected(request);
      const data = { integration: "apple_calendar", externalId };
      await send(request, "PUT /v2/destination-calendars", "/v2/destination-calendars", { headers, data });
    },
  };
}

const SHARED = sharedOperations(ROUTE_CATALOG, PEER["x-all-operations"]).map(({ key }) => key);

test("the table below exercises exactly the operations Convene and the peer both serve", () => {
  expect(Object.keys(operations).sort()).toEqual([...SHARED].sort());
});

for (const operation of SHARED) {
  test(`${operation} answers what the peer's schema and Convene's declaration describe`, async ({ request }) => {
    const run = operations[operation];
    expect(run, `${operation} is served by both but exercised by no test here`).toBeDefined();
    await run!(request);
    expect(exercised).toContain(operation);
  });
}
