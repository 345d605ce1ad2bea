/**
 * Issue 35: what programs written for the peer API still tripped over, over HTTP. One version rule on every route
 * (a date picks the newest version on or before it, anything else is a 400 naming the header), bare API keys,
 * `name[]` query arrays, the peer's older spellings (length, availabilities, POST /v2/slots/reserve), the public
 * reads the peer serves without credentials, and POST /v2/api-keys/refresh.
 */
import { makeApiKey } from "../../prisma/factories";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { ROUTE_CATALOG } from "../../server/http/route-catalog";
import { negotiateVersion } from "../../server/http/versioning";
import { bookOverHttp, V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

const key = (apiKey: string) => ({ authorization: `Bearer ${apiKey}` });
/** A path of the route with every parameter naming nothing that exists (a refused or unknown id changes nothing). */
const pathOf = (path: string) => path.replace(/\{[^}]+\}/g, "2000000000");
const familyOf = (path: string) => path.split("/").slice(0, 3).join("/");

test("every route refuses a version that is not a date with a 400 naming the header it came in, before reading anything else", async ({ request }) => {
  const { apiKey } = await makeHostWithEventType();
  const families = new Set<string>();
  for (const [index, route] of ROUTE_CATALOG.entries()) {
    const header = index % 2 === 0 ? "cal-api-version" : "svc-api-version";
    const response = await request.fetch(pathOf(route.path), {
      method: route.method,
      headers: { ...key(apiKey), [header]: "latest", "content-type": "application/json" },
      data: route.method === "GET" || route.method === "DELETE" ? undefined : {},
    });
    const body = await response.json();
    expect([response.status(), body.error?.details], `${route.method} ${route.path}`).toEqual([400, { header }]);
    expect(body.error.message).toBe(`${header} "latest" is not a version: versions are dates, YYYY-MM-DD (for example 2024-08-13)`);
    families.add(familyOf(route.path));
  }
  expect([...families].sort()).toEqual(
    expect.arrayContaining([
      "/v2/api-keys",
      "/v2/bookings",
      "/v2/event-types",
      "/v2/me",
      "/v2/organizations",
      "/v2/schedules",
      "/v2/slots",
      "/v2/teams",
      "/v2/timezones",
      "/v2/webhooks",
    ]),
  );
});

test("every GET route takes any date as a version; a versioned one answers with the newest version dated on or before it", async ({ request }) => {
  const { apiKey } = await makeHostWithEventType();
  for (const route of ROUTE_CATALOG.filter(({ method }) => method === "GET")) {
    for (const date of ["2000-01-01", "2025-01-01", "2099-12-31"]) {
      const response = await request.get(pathOf(route.path), { headers: { ...key(apiKey), "cal-api-version": date }, maxRedirects: 0 });
      const body = await response.json().catch(() => ({}));
      expect(body.error?.details?.header, `${route.path} with ${date}: ${JSON.stringify(body.error)}`).toBeUndefined();
      const answered = response.headers()["cal-api-version"];
      if (route.versions) expect(answered, `${route.path} with ${date}`).toBe(negotiateVersion(date, route.versions));
      else expect(answered, route.path).toBeUndefined();
    }
  }
  // The bookings routes serve 2024-08-13 and the peer's 2026-02-25: a date in between is the first, a later one the second.
  const listed = await request.get("/v2/bookings", { headers: { ...key(apiKey), "svc-api-version": "2025-06-30" } });
  expect([listed.status(), listed.headers()["svc-api-version"]]).toEqual([200, "2024-08-13"]);
  const later = await request.get("/v2/bookings", { headers: { ...key(apiKey), "cal-api-version": "2026-05-01" } });
  expect([later.status(), later.headers()["cal-api-version"]]).toEqual([200, "2026-02-25"]);
});

test("a bare API key in Authorization is read as Bearer; a revoked or unknown one is still a 401", async ({ request }) => {
  const { host, apiKey } = await makeHostWithEventType();
  const me = await request.get("/v2/me", { headers: { authorization: apiKey } });
  expect(me.status()).toBe(200);
  expect((await me.json()).data.id).toBe(host.id);
  const revoked = await makeApiKey(host.id, { revoked: true });
  expect((await request.get("/v2/me", { headers: { authorization: revoked } })).status()).toBe(401);
  expect((await request.get("/v2/me", { headers: { authorization: `${apiKey}x` } })).status()).toBe(401);
});

test("list query parameters may be sent in bracket form (status[]=…), read as repeated; a single-valued one may not", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType();
  const booking = await bookOverHttp(request, eventType.id, utcAt(2, 9));
  const uids = async (search: string) => {
    const response = await request.get(`/v2/bookings?${search}`, { headers: { ...key(apiKey), ...V } });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()).data.map((item: { uid: string }) => item.uid);
  };
  expect(await uids("status[]=upcoming&status[]=past")).toEqual([booking.uid]);
  expect(await uids(`eventTypeIds[]=${eventType.id}`)).toEqual([booking.uid]);
  expect(await uids("status[]=past")).toEqual([]);
  const refused = await request.get("/v2/bookings?take[]=5", { headers: { ...key(apiKey), ...V } });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error.details).toEqual([expect.objectContaining({ path: "query.take[]", code: "unrecognized_key" })]);
});

test("the peer's older spellings: length on event types, availabilities on schedules, POST /v2/slots/reserve", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType();
  const created = await request.post("/v2/event-types", { headers: key(apiKey), data: { title: "Old client", slug: `old-${eventType.id}`, length: 45 } });
  expect(created.status(), await created.text()).toBe(201);
  const { id, lengthInMinutes, ...rest } = (await created.json()).data;
  expect(lengthInMinutes).toBe(45);
  expect(rest).not.toHaveProperty("length");
  const patched = await request.patch(`/v2/event-types/${id}`, { headers: key(apiKey), data: { length: 60 } });
  expect((await patched.json()).data.lengthInMinutes).toBe(60);
  const clash = await request.patch(`/v2/event-types/${id}`, { headers: key(apiKey), data: { length: 30, lengthInMinutes: 45 } });
  expect(clash.status()).toBe(400);
  expect((await clash.json()).error.details).toEqual([expect.objectContaining({ path: "body.length" })]);
  expect((await db.eventType.findUniqueOrThrow({ where: { id } })).lengthInMinutes).toBe(60);

  const schedule = await request.post("/v2/schedules", {
    headers: key(apiKey),
    data: {
      name: "Old shape",
      timeZone: "Europe/Paris",
      isDefault: false,
      availabilities: [{ days: [1, 2], startTime: "1970-01-01T09:00:00.000Z", endTime: "17:30" }],
    },
  });
  expect(schedule.status(), await schedule.text()).toBe(201);
  expect((await schedule.json()).data.availability).toEqual([{ days: ["Monday", "Tuesday"], startTime: "09:00", endTime: "17:30" }]);

  const start = utcAt(3, 10);
  const reserved = await request.post("/v2/slots/reserve", {
    data: { eventTypeId: eventType.id, slotUtcStartDate: start.toISOString(), slotUtcEndDate: new Date(start.getTime() + 30 * 60_000).toISOString() },
  });
  expect(reserved.status(), await reserved.text()).toBe(201);
  const reservation = (await reserved.json()).data;
  expect(reservation).toMatchObject({ eventTypeId: eventType.id, slotStart: start.toISOString(), slotDuration: 30, reservationDuration: 5 });
  const held = await request.get(`/v2/slots/reservations/${reservation.reservationUid}`, { headers: { "cal-api-version": "2024-09-04" } });
  expect(held.status()).toBe(200);
});

test("GET /v2/event-types?username= is public and shows only what the user's page shows; without it, a credential is needed", async ({ request }) => {
  const { host, eventType, apiKey } = await makeHostWithEventType({
    eventType: {
      locations: [
        { type: "address", address: "1 Rue de Rivoli, Paris", public: true },
        { type: "address", address: "Secret HQ", public: false },
      ],
      bookingFields: [{ type: "text", slug: "internal", label: "Internal", hidden: true }],
    },
  });
  await db.eventType.update({ where: { id: eventType.id }, data: { metadata: { crm: "secret-crm-id" } } });
  const hidden = await db.eventType.create({ data: { userId: host.id, title: "Hidden", slug: `hidden-${eventType.id}`, lengthInMinutes: 30, hidden: true } });

  const shown = await request.get(`/v2/event-types?username=${host.username}`);
  expect(shown.status(), await shown.text()).toBe(200);
  const [only, ...others] = (await shown.json()).data;
  expect(others).toEqual([]);
  expect(only).toMatchObject({ id: eventType.id, metadata: {}, scheduleId: null, locations: [{ type: "address", address: "1 Rue de Rivoli, Paris" }] });
  expect(JSON.stringify(only)).not.toContain("Secret HQ");
  expect(JSON.stringify(only)).not.toContain("internal");
  expect(JSON.stringify(only)).not.toContain("secret-crm-id");
  const bySlug = await request.get(`/v2/event-types?username=${host.username}&eventSlug=${hidden.slug}`);
  expect((await bySlug.json()).data).toEqual([]);

  // The owner with their key sees their own, hidden ones included; without a username, the list needs the key.
  const own = await request.get(`/v2/event-types?username=${host.username}`, { headers: key(apiKey) });
  expect((await own.json()).data.map((item: { id: number }) => item.id).sort()).toEqual([eventType.id, hidden.id].sort());
  expect((await request.get("/v2/event-types")).status()).toBe(401);
  // A booking read by uid stays authenticated: the spec lists it as no public operation.
  const booking = await bookOverHttp(request, eventType.id, utcAt(2, 11));
  expect((await request.get(`/v2/bookings/${booking.uid}`, { headers: V })).status()).toBe(401);
});

test("GET /v2/timezones is public: every zone Convene accepts, with the city naming it", async ({ request }) => {
  const response = await request.get("/v2/timezones");
  expect(response.status()).toBe(200);
  const zones: { city: string; timezone: string }[] = (await response.json()).data;
  expect(zones[0]).toEqual({ city: "UTC", timezone: "UTC" });
  expect(zones).toContainEqual({ city: "New York", timezone: "America/New_York" });
  expect(zones).toContainEqual({ city: "Rio Gallegos", timezone: "America/Argentina/Rio_Gallegos" });
});

test("POST /v2/api-keys/refresh replaces the calling key (bare, as the peer's MCP server sends it), with the peer's expiry rules", async ({ request }) => {
  const { host, apiKey } = await makeHostWithEventType();
  const refreshed = await request.post("/v2/api-keys/refresh", { headers: { authorization: apiKey }, data: {} });
  expect(refreshed.status(), await refreshed.text()).toBe(200);
  const { apiKey: newKey } = (await refreshed.json()).data;
  expect(newKey).toMatch(/^cnv_live_/);
  expect((await request.get("/v2/me", { headers: { authorization: apiKey } })).status()).toBe(401);
  expect((await request.get("/v2/me", { headers: key(newKey) })).status()).toBe(200);
  const stored = await db.apiKey.findFirstOrThrow({ where: { userId: host.id, revokedAt: null } });
  expect(Math.round((stored.expiresAt!.getTime() - Date.now()) / 86_400_000)).toBe(30);

  const forever = await request.post("/v2/api-keys/refresh", { headers: key(newKey), data: { apiKeyNeverExpires: true } });
  const lastKey = (await forever.json()).data.apiKey;
  expect((await db.apiKey.findFirstOrThrow({ where: { userId: host.id, revokedAt: null } })).expiresAt).toBeNull();
  const both = await request.post("/v2/api-keys/refresh", { headers: key(lastKey), data: { apiKeyNeverExpires: true, apiKeyDaysValid: 5 } });
  expect(both.status()).toBe(400);
  expect((await request.get("/v2/me", { headers: key(lastKey) })).status()).toBe(200);
  expect(await db.apiKey.count({ where: { userId: host.id, revokedAt: null } })).toBe(1);
});

test("an attendee's booking still books with a date version the peer never documented", async ({ request }) => {
  const { eventType } = await makeHostWithEventType();
  const booked = await request.post("/v2/bookings", {
    headers: { "cal-api-version": "2025-03-01" },
    data: { eventTypeId: eventType.id, start: utcAt(4, 9).toISOString(), attendee: attendee() },
  });
  expect([booked.status(), booked.headers()["cal-api-version"]]).toEqual([201, "2024-08-13"]);
});
