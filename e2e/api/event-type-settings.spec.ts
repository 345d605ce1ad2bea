/**
 * The peer's event type settings over HTTP (issue 9 §3): each one round-trips through POST/PATCH/GET
 * /v2/event-types, is refused with a 400 naming it when invalid, and acts on GET /v2/slots/available and
 * POST /v2/bookings.
 */
import type { APIRequestContext } from "@playwright/test";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { disconnectDb } from "../../server/db/client";
import { bearer, V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

const SETTINGS = {
  bookingLimitsCount: { day: 2, week: 5, month: 10, year: 100 },
  bookingLimitsDuration: { day: 120, week: 300 },
  bookingWindow: { type: "businessDays", value: 10, rolling: true },
  confirmationPolicy: { type: "time", noticeThreshold: { unit: "hours", count: 24 }, blockUnconfirmedBookingsInBooker: true },
  color: { lightThemeHex: "#292929", darkThemeHex: "#fafafa" },
  customName: "{Event type title} between {Organiser} and {Scheduler}",
  successRedirectUrl: "https://example.test/thanks?from=convene",
  disableGuests: true,
  onlyShowFirstAvailableSlot: true,
  hidden: true,
  // What an attendee may do from their manage link (server/bookings/manage-link-rules.ts).
  disableCancelling: true,
  disableRescheduling: true,
  minimumCancellationNotice: 1440,
  minimumRescheduleNotice: 120,
};

/** A host (09:00–17:00 UTC every day) with a 30-minute event type, and a way to PATCH it over HTTP. */
async function host(request: APIRequestContext) {
  const world = await makeHostWithEventType();
  const headers = { authorization: `Bearer ${world.apiKey}` };
  const patch = async (data: Record<string, unknown>) => {
    const response = await request.patch(`/v2/event-types/${world.eventType.id}`, { headers, data });
    expect(response.status(), JSON.stringify(await response.json())).toBe(200);
    return (await response.json()).data;
  };
  return { ...world, headers, patch };
}

const isoDay = (days: number) => utcAt(days, 0).toISOString().slice(0, 10);

async function slotDays(request: APIRequestContext, eventTypeId: number, fromDays: number, toDays: number): Promise<Record<string, { time: string }[]>> {
  const query = new URLSearchParams({ eventTypeId: String(eventTypeId), startTime: utcAt(fromDays, 0).toISOString(), endTime: utcAt(toDays, 0).toISOString() });
  const response = await request.get(`/v2/slots/available?${query}`);
  expect(response.status()).toBe(200);
  return (await response.json()).data.slots;
}

const book = (request: APIRequestContext, eventTypeId: number, start: Date, extra: Record<string, unknown> = {}) =>
  request.post("/v2/bookings", { headers: V, data: { eventTypeId, start: start.toISOString(), attendee: attendee("Grace Hopper"), ...extra } });

test.describe("event type settings round-trip", () => {
  test("POST stores every setting, GET answers them, PATCH changes and {disabled: true} clears them", { tag: "@embedded" }, async ({ request }) => {
    const { headers } = await host(request);
    const response = await request.post("/v2/event-types", { headers, data: { title: "Deep dive", slug: "deep-dive", lengthInMinutes: 30, ...SETTINGS } });
    expect(response.status(), JSON.stringify(await response.json())).toBe(201);
    const created = (await response.json()).data;
    expect(created).toMatchObject({
      ...SETTINGS,
      bookingLimitsDuration: { day: 120, week: 300 },
      bookingWindow: [{ type: "businessDays", value: 10, rolling: true }],
      requiresConfirmation: true,
    });
    expect((await (await request.get(`/v2/event-types/${created.id}`, { headers })).json()).data).toEqual(created);

    const patched = await request.patch(`/v2/event-types/${created.id}`, {
      headers,
      data: {
        bookingWindow: { type: "range", value: ["2030-09-05", "2030-09-09"] },
        bookingLimitsCount: { week: 3 },
        confirmationPolicy: { type: "always", blockUnconfirmedBookingsInBooker: true },
        color: { lightThemeHex: "#abc", darkThemeHex: "#123456" },
        customName: "{Scheduler} x {Organiser}",
        successRedirectUrl: "http://example.test/done",
        disableGuests: false,
        onlyShowFirstAvailableSlot: false,
        hidden: false,
      },
    });
    expect(patched.status()).toBe(200);
    expect((await patched.json()).data).toMatchObject({
      bookingWindow: [{ type: "range", value: ["2030-09-05", "2030-09-09"] }],
      bookingLimitsCount: { week: 3 },
      confirmationPolicy: { type: "always", blockUnconfirmedBookingsInBooker: true },
      color: { lightThemeHex: "#abc", darkThemeHex: "#123456" },
      customName: "{Scheduler} x {Organiser}",
      successRedirectUrl: "http://example.test/done",
      disableGuests: false,
      onlyShowFirstAvailableSlot: false,
      hidden: false,
    });

    const cleared = await request.patch(`/v2/event-types/${created.id}`, {
      headers,
      data: {
        bookingWindow: { disabled: true },
        bookingLimitsCount: { disabled: true },
        bookingLimitsDuration: { disabled: true },
        confirmationPolicy: { disabled: true },
        color: null,
        customName: null,
        successRedirectUrl: null,
      },
    });
    const data = (await cleared.json()).data;
    for (const key of ["bookingWindow", "bookingLimitsCount", "bookingLimitsDuration", "confirmationPolicy", "color", "customName"])
      expect(data).not.toHaveProperty(key);
    expect(data).toMatchObject({ requiresConfirmation: false, successRedirectUrl: null });
  });

  const invalid: { case: string; body: Record<string, unknown>; path: string }[] = [
    { case: "a zero count limit", body: { bookingLimitsCount: { day: 0 } }, path: "body.bookingLimitsCount.day" },
    { case: "a week count below the day's", body: { bookingLimitsCount: { day: 3, week: 2 } }, path: "body.bookingLimitsCount.week" },
    { case: "a duration that is not a multiple of 15", body: { bookingLimitsDuration: { day: 50 } }, path: "body.bookingLimitsDuration.day" },
    { case: "a booking window of 0 days", body: { bookingWindow: { type: "calendarDays", value: 0 } }, path: "body.bookingWindow.value" },
    {
      case: "a range ending before it starts",
      body: { bookingWindow: { type: "range", value: ["2030-09-09", "2030-09-05"] } },
      path: "body.bookingWindow.value",
    },
    { case: "an unknown window type", body: { bookingWindow: { type: "lunarDays", value: 3 } }, path: "body.bookingWindow" },
    {
      case: "a notice threshold in months",
      body: { confirmationPolicy: { type: "time", noticeThreshold: { unit: "months", count: 1 }, blockUnconfirmedBookingsInBooker: true } },
      path: "body.confirmationPolicy",
    },
    { case: "a color that is not hex", body: { color: { lightThemeHex: "red", darkThemeHex: "#000" } }, path: "body.color.lightThemeHex" },
    { case: "an empty customName", body: { customName: "" }, path: "body.customName" },
    { case: "a non-http successRedirectUrl", body: { successRedirectUrl: "javascript:alert(1)" }, path: "body.successRedirectUrl" },
    { case: "a non-boolean disableGuests", body: { disableGuests: "yes" }, path: "body.disableGuests" },
    { case: "a non-boolean onlyShowFirstAvailableSlot", body: { onlyShowFirstAvailableSlot: 1 }, path: "body.onlyShowFirstAvailableSlot" },
    { case: "a non-boolean hidden", body: { hidden: "no" }, path: "body.hidden" },
    { case: "a non-boolean disableCancelling", body: { disableCancelling: "no" }, path: "body.disableCancelling" },
    { case: "a negative minimumCancellationNotice", body: { minimumCancellationNotice: -5 }, path: "body.minimumCancellationNotice" },
  ];
  for (const { case: name, body, path } of invalid) {
    test(`refuses ${name} with 400 naming ${path}, and creates nothing`, async ({ request }) => {
      const { headers } = await host(request);
      const response = await request.post("/v2/event-types", { headers, data: { title: "Intro", slug: "settings-check", lengthInMinutes: 30, ...body } });
      expect(response.status()).toBe(400);
      expect((await response.json()).error.details).toContainEqual({ path, message: expect.any(String) });
      const list = (await (await request.get("/v2/event-types", { headers })).json()).data as { slug: string }[];
      expect(list.map(({ slug }) => slug)).not.toContain("settings-check");
    });
  }
});

test.describe("event type settings act on slots and bookings", () => {
  test("bookingLimitsCount: a full day lists no slots and refuses a booking with 409", { tag: "@embedded" }, async ({ request }) => {
    const { eventType, patch } = await host(request);
    await patch({ bookingLimitsCount: { day: 1 } });
    expect((await book(request, eventType.id, utcAt(3, 10))).status()).toBe(201);
    const days = await slotDays(request, eventType.id, 3, 5);
    expect(Object.keys(days)).toEqual([isoDay(4)]);
    const refused = await book(request, eventType.id, utcAt(3, 12));
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error.message).toMatch(/booking limit/);
  });

  test("bookingLimitsDuration: minutes booked plus the slot must fit the day's", async ({ request }) => {
    const { eventType, patch } = await host(request);
    await patch({ bookingLimitsDuration: { day: 60 } });
    expect((await book(request, eventType.id, utcAt(3, 10))).status()).toBe(201);
    expect(Object.keys(await slotDays(request, eventType.id, 3, 4))).toEqual([isoDay(3)]);
    expect((await book(request, eventType.id, utcAt(3, 11))).status()).toBe(201);
    expect(Object.keys(await slotDays(request, eventType.id, 3, 4))).toEqual([]);
    expect((await book(request, eventType.id, utcAt(3, 12))).status()).toBe(409);
  });

  test("bookingWindow calendarDays: later days are neither listed nor bookable", async ({ request }) => {
    const { eventType, patch } = await host(request);
    await patch({ bookingWindow: { type: "calendarDays", value: 2 } });
    expect(Object.keys(await slotDays(request, eventType.id, 1, 6))).toEqual([isoDay(1), isoDay(2)]);
    const refused = await book(request, eventType.id, utcAt(4, 10));
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error.message).toMatch(/booking window/);
    expect((await book(request, eventType.id, utcAt(2, 10))).status()).toBe(201);
  });

  test("bookingWindow rolling: exactly `value` days with free slots are listed", { tag: "@embedded" }, async ({ request }) => {
    const { eventType, patch } = await host(request);
    await patch({ bookingWindow: { type: "calendarDays", value: 2, rolling: true } });
    const days = Object.keys(await slotDays(request, eventType.id, 0, 7));
    expect(days).toHaveLength(2);
    expect((await book(request, eventType.id, utcAt(5, 10))).status()).toBe(409);
  });

  test("bookingWindow range: only its dates are listed and bookable", async ({ request }) => {
    const { eventType, patch } = await host(request);
    await patch({ bookingWindow: { type: "range", value: [isoDay(3), isoDay(4)] } });
    expect(Object.keys(await slotDays(request, eventType.id, 1, 7))).toEqual([isoDay(3), isoDay(4)]);
    expect((await book(request, eventType.id, utcAt(5, 10))).status()).toBe(409);
    expect((await book(request, eventType.id, utcAt(4, 10))).status()).toBe(201);
  });

  test("confirmationPolicy with noticeThreshold: short notice is pending, long notice accepted", async ({ request }) => {
    const { eventType, patch } = await host(request);
    await patch({ confirmationPolicy: { type: "time", noticeThreshold: { unit: "hours", count: 48 }, blockUnconfirmedBookingsInBooker: true } });
    const soon = await book(request, eventType.id, utcAt(1, 10));
    expect((await soon.json()).data.status).toBe("pending");
    const later = await book(request, eventType.id, utcAt(4, 10));
    expect((await later.json()).data.status).toBe("accepted");
  });

  test("disableGuests: a booking with guests and adding guests later are 400s naming guests", async ({ request }) => {
    const { eventType, apiKey, patch } = await host(request);
    await patch({ disableGuests: true });
    const refused = await book(request, eventType.id, utcAt(2, 10), { guests: ["friend@example.test"] });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error.details).toContainEqual({ path: "body.guests", message: expect.any(String) });
    const made = await book(request, eventType.id, utcAt(2, 10));
    expect(made.status()).toBe(201);
    const uid = (await made.json()).data.uid;
    const later = await request.post(`/v2/bookings/${uid}/guests`, { headers: bearer(apiKey), data: { guests: [{ email: "late@example.test" }] } });
    expect(later.status()).toBe(400);
    expect((await later.json()).error.details).toContainEqual({ path: "body.guests", message: expect.any(String) });
  });

  test("onlyShowFirstAvailableSlot: one slot a day, and a later one is refused", { tag: "@embedded" }, async ({ request }) => {
    const { eventType, patch } = await host(request);
    await patch({ onlyShowFirstAvailableSlot: true });
    const days = await slotDays(request, eventType.id, 3, 5);
    expect(days).toEqual({ [isoDay(3)]: [{ time: utcAt(3, 9).toISOString() }], [isoDay(4)]: [{ time: utcAt(4, 9).toISOString() }] });
    expect((await book(request, eventType.id, utcAt(3, 11))).status()).toBe(409);
    expect((await book(request, eventType.id, utcAt(3, 9))).status()).toBe(201);
    expect((await slotDays(request, eventType.id, 3, 4))[isoDay(3)]).toEqual([{ time: utcAt(3, 9, 30).toISOString() }]);
  });

  test("customName titles the booking", async ({ request }) => {
    const { host: owner, eventType, patch } = await host(request);
    await patch({ customName: "{Event type title} between {Organiser} and {Scheduler}" });
    const made = await book(request, eventType.id, utcAt(2, 10));
    expect((await made.json()).data.title).toBe(`Intro call between ${owner.name} and Grace Hopper`);
  });
});
