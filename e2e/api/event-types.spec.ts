/** /v2/event-types and their private links over HTTP: shapes, status codes, validation paths, tenancy, conflicts. */
import type { APIRequestContext } from "@playwright/test";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

const EVENT_TYPE_KEYS = [
  "afterEventBuffer",
  "beforeEventBuffer",
  "bookingFields",
  "bookingRequiresAuthentication",
  "bookingUrl",
  "bookingWindow",
  "confirmationPolicy",
  "currency",
  "description",
  "disableCancelling",
  "disableGuests",
  "disableRescheduling",
  "forwardParamsSuccessRedirect",
  "hidden",
  "id",
  "isInstantEvent",
  "lengthInMinutes",
  "locations",
  "lockTimeZoneToggleOnBookingPage",
  "metadata",
  "minimumBookingNotice",
  "minimumCancellationNotice",
  "minimumRescheduleNotice",
  "onlyShowFirstAvailableSlot",
  "ownerId",
  "price",
  "recurrence",
  "requiresConfirmation",
  "scheduleId",
  "slotInterval",
  "slug",
  "successRedirectUrl",
  "title",
  "users",
];

async function caller() {
  const user = await makeUser();
  const key = await makeApiKey(user.id);
  return { user, headers: { authorization: `Bearer ${key}` } };
}

type Caller = Awaited<ReturnType<typeof caller>>;

async function createEventType(request: APIRequestContext, { headers }: Caller, data: Record<string, unknown> = {}) {
  const response = await request.post("/v2/event-types", { headers, data: { title: "Intro", slug: "intro", lengthInMinutes: 30, ...data } });
  expect(response.status()).toBe(201);
  return (await response.json()).data;
}

test.describe("event types", () => {
  test("POST answers 201 with the event type; GET one and GET all answer it", async ({ request }) => {
    const me = await caller();
    const response = await request.post("/v2/event-types", {
      headers: me.headers,
      data: {
        title: "Deep dive",
        slug: "deep-dive",
        lengthInMinutes: 60,
        locations: [
          { type: "integration", integration: "cal-video" },
          { type: "address", address: "1 Main St", public: true },
        ],
        bookingWindow: { type: "calendarDays", value: 14 },
        confirmationPolicy: { type: "always", blockUnconfirmedBookingsInBooker: true },
      },
    });
    expect(response.status()).toBe(201);
    const body = await response.json();
    expect(body.status).toBe("success");
    expect(Object.keys(body.data).sort()).toEqual(EVENT_TYPE_KEYS);
    expect(body.data).toMatchObject({
      ownerId: me.user.id,
      lengthInMinutes: 60,
      locations: [
        { type: "integration", integration: "cal-video" },
        { type: "address", address: "1 Main St", public: true },
      ],
      bookingWindow: [{ type: "calendarDays", value: 14, rolling: false }],
      requiresConfirmation: true,
      users: [me.user.username],
      bookingUrl: expect.stringMatching(new RegExp(`/${me.user.username}/deep-dive$`)),
      price: 0,
      recurrence: null,
      disableGuests: false,
    });
    expect(body.data.bookingFields.map((field: { slug: string }) => field.slug)).toEqual([
      "name",
      "email",
      "location",
      "title",
      "notes",
      "guests",
      "rescheduleReason",
    ]);

    const one = await request.get(`/v2/event-types/${body.data.id}`, { headers: me.headers });
    expect(await one.json()).toEqual({ status: "success", data: body.data });

    const all = await (await request.get("/v2/event-types?take=10", { headers: me.headers })).json();
    expect(all.data).toEqual([body.data]);
    expect(all.pagination).toMatchObject({ totalItems: 1, currentPage: 1, totalPages: 1, hasNextPage: false });
  });

  test("PATCH applies a partial update; DELETE answers DeleteData, then 404", async ({ request }) => {
    const me = await caller();
    const created = await createEventType(request, me);
    const patched = await request.patch(`/v2/event-types/${created.id}`, { headers: me.headers, data: { title: "Renamed", hidden: true } });
    expect(patched.status()).toBe(200);
    expect((await patched.json()).data).toEqual({ ...created, title: "Renamed", hidden: true });

    const deleted = await request.delete(`/v2/event-types/${created.id}`, { headers: me.headers });
    expect(await deleted.json()).toEqual({ status: "success", data: { id: created.id, lengthInMinutes: 30, title: "Renamed", slug: "intro" } });
    expect((await request.get(`/v2/event-types/${created.id}`, { headers: me.headers })).status()).toBe(404);
  });

  const invalid: { case: string; body: Record<string, unknown>; path: string }[] = [
    { case: "a missing title", body: { title: undefined }, path: "body.title" },
    { case: "lengthInMinutes over 1440", body: { lengthInMinutes: 1441 }, path: "body.lengthInMinutes" },
    { case: "a negative buffer", body: { afterEventBuffer: -10 }, path: "body.afterEventBuffer" },
    {
      case: "an app-prefixed integration",
      body: { locations: [{ type: "integration", integration: "integrations:zoom" }] },
      path: "body.locations.0.integration",
    },
    { case: "a malformed metadata value", body: { metadata: { nested: { no: true } } }, path: "body.metadata.nested" },
  ];
  for (const { case: name, body, path } of invalid) {
    test(`POST refuses ${name} with 400 naming ${path}`, async ({ request }) => {
      const me = await caller();
      const response = await request.post("/v2/event-types", { headers: me.headers, data: { title: "Intro", slug: "intro", lengthInMinutes: 30, ...body } });
      expect(response.status()).toBe(400);
      const error = (await response.json()).error;
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.details).toContainEqual({ path, message: expect.any(String) });
    });
  }

  test("PATCH refuses an invalid body with 400 and changes nothing", async ({ request }) => {
    const me = await caller();
    const created = await createEventType(request, me);
    const response = await request.patch(`/v2/event-types/${created.id}`, { headers: me.headers, data: { title: "Changed", lengthInMinutes: 0 } });
    expect(response.status()).toBe(400);
    expect((await response.json()).error.details).toContainEqual({ path: "body.lengthInMinutes", message: expect.any(String) });
    expect((await (await request.get(`/v2/event-types/${created.id}`, { headers: me.headers })).json()).data).toEqual(created);
  });

  test("a slug already used by the caller is 409 on create and on update", async ({ request }) => {
    const me = await caller();
    await createEventType(request, me);
    const other = await createEventType(request, me, { slug: "other" });
    const duplicate = await request.post("/v2/event-types", { headers: me.headers, data: { title: "Again", slug: "intro", lengthInMinutes: 15 } });
    expect(duplicate.status()).toBe(409);
    expect((await duplicate.json()).error.code).toBe("CONFLICT");
    expect((await request.patch(`/v2/event-types/${other.id}`, { headers: me.headers, data: { slug: "intro" } })).status()).toBe(409);
  });

  test("another user's event type is 404 for every operation, and absent from the list", async ({ request }) => {
    const [me, them] = await Promise.all([caller(), caller()]);
    const theirs = await createEventType(request, them);
    for (const [method, data] of [
      ["GET", undefined],
      ["PATCH", { title: "Mine" }],
      ["DELETE", undefined],
    ] as const) {
      const response = await request.fetch(`/v2/event-types/${theirs.id}`, { method, headers: me.headers, data });
      expect(response.status(), method).toBe(404);
      expect((await response.json()).error.code).toBe("NOT_FOUND");
    }
    expect((await (await request.get("/v2/event-types", { headers: me.headers })).json()).data).toEqual([]);
    expect((await request.get(`/v2/event-types/${theirs.id}/private-links`, { headers: me.headers })).status()).toBe(404);
  });

  test("a scheduleId of another user is 404 naming body.scheduleId", async ({ request }) => {
    const [me, them] = await Promise.all([caller(), caller()]);
    const schedule = await (await request.post("/v2/schedules", { headers: them.headers, data: { name: "Theirs", timeZone: "UTC" } })).json();
    const response = await request.post("/v2/event-types", {
      headers: me.headers,
      data: { title: "X", slug: "x", lengthInMinutes: 30, scheduleId: schedule.data.id },
    });
    expect(response.status()).toBe(404);
    expect((await response.json()).error.details).toEqual([{ path: "body.scheduleId", message: expect.any(String) }]);
  });
});

test.describe("private links", () => {
  test("create (201), list, update and delete, with booking URLs on this site", async ({ request, baseURL }) => {
    const me = await caller();
    const eventType = await createEventType(request, me, { hidden: true });
    const base = `/v2/event-types/${eventType.id}/private-links`;

    const usage = await request.post(base, { headers: me.headers, data: { maxUsageCount: 5 } });
    expect(usage.status()).toBe(201);
    const link = (await usage.json()).data;
    expect(link).toEqual({
      linkId: expect.stringMatching(/^[A-Za-z0-9_-]{22,}$/),
      eventTypeId: eventType.id,
      isExpired: false,
      bookingUrl: `${baseURL}/d/${link.linkId}/intro`,
      maxUsageCount: 5,
      usageCount: 0,
    });

    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const timed = await request.post(base, { headers: me.headers, data: { expiresAt } });
    expect((await timed.json()).data).toMatchObject({ isExpired: false, expiresAt });

    const updated = await request.patch(`${base}/${link.linkId}`, { headers: me.headers, data: { maxUsageCount: 9 } });
    expect((await updated.json()).data).toMatchObject({ linkId: link.linkId, maxUsageCount: 9 });

    const list = await (await request.get(base, { headers: me.headers })).json();
    expect(list.data.map((item: { linkId: string }) => item.linkId)).toContain(link.linkId);
    expect(list.data).toHaveLength(2);

    const deleted = await request.delete(`${base}/${link.linkId}`, { headers: me.headers });
    expect((await deleted.json()).data).toMatchObject({ linkId: link.linkId });
    expect((await request.delete(`${base}/${link.linkId}`, { headers: me.headers })).status()).toBe(404);
  });

  for (const { case: name, body, path } of [
    { case: "both limits", body: { maxUsageCount: 1, expiresAt: "2099-01-01T00:00:00Z" }, path: "body.maxUsageCount" },
    { case: "a past expiry", body: { expiresAt: "2001-01-01T00:00:00Z" }, path: "body.expiresAt" },
    { case: "a non-integer usage count", body: { maxUsageCount: 1.5 }, path: "body.maxUsageCount" },
  ]) {
    test(`refuses ${name} with 400 naming ${path}`, async ({ request }) => {
      const me = await caller();
      const eventType = await createEventType(request, me);
      const response = await request.post(`/v2/event-types/${eventType.id}/private-links`, { headers: me.headers, data: body });
      expect(response.status()).toBe(400);
      expect((await response.json()).error.details).toContainEqual({ path, message: expect.any(String) });
    });
  }

  test("another user's link is 404 even under the caller's own event type", async ({ request }) => {
    const [me, them] = await Promise.all([caller(), caller()]);
    const [mine, theirs] = await Promise.all([createEventType(request, me), createEventType(request, them)]);
    const link = (await (await request.post(`/v2/event-types/${theirs.id}/private-links`, { headers: them.headers, data: {} })).json()).data;
    expect((await request.patch(`/v2/event-types/${mine.id}/private-links/${link.linkId}`, { headers: me.headers, data: { maxUsageCount: 3 } })).status()).toBe(
      404,
    );
    expect((await request.delete(`/v2/event-types/${theirs.id}/private-links/${link.linkId}`, { headers: me.headers })).status()).toBe(404);
  });
});
