/**
 * GET /v2/slots (svc-api-version 2024-09-04, the peer's current slots) over HTTP, plus the variable lengths it
 * lists: event types' lengthInMinutesOptions and bookings' lengthInMinutes. Also GET /v2/slots/available's teamSlug.
 */
import type { APIResponse } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { attendee, makeHostWithEventType } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { bearer as bookingsBearer, bookOverHttp, V as BOOKINGS_V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

const V = { "svc-api-version": "2024-09-04" };
const DAY_MS = 86_400_000;
/** A day two weeks ahead (UTC), so notice and window rules of the real clock never interfere. */
const DAY = new Date(Date.now() + 14 * DAY_MS).toISOString().slice(0, 10);
const NEXT = new Date(Date.parse(DAY) + DAY_MS).toISOString().slice(0, 10);
const at = (time: string) => new Date(`${DAY}T${time}:00Z`);
const url = (params: Record<string, string | number>) => `/v2/slots?${new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]))}`;

async function ok(response: APIResponse) {
  const body = await response.json();
  expect(response.status(), JSON.stringify(body)).toBe(200);
  return body.data;
}

async function refused(response: APIResponse, status = 400) {
  const body = await response.json();
  expect(response.status(), JSON.stringify(body)).toBe(status);
  return body.error as { code: string; message: string; details?: { path: string; message: string }[] };
}

async function variableLengthHost(options: number[] = [30, 60]) {
  const world = await makeHostWithEventType();
  await db.eventType.update({ where: { id: world.eventType.id }, data: { lengthInMinutesOptions: options } });
  return world;
}

test.describe("GET /v2/slots answers as the peer", () => {
  test("data is { day: [{ start }] } in the requested zone, dates or timestamps for start and end, no token needed", async ({ request }) => {
    const { eventType } = await makeHostWithEventType();
    const response = await request.get(url({ eventTypeId: eventType.id, start: DAY, end: DAY }), { headers: V });
    expect(response.headers()["svc-api-version"]).toBe("2024-09-04");
    const data = await ok(response);
    expect(Object.keys(data)).toEqual([DAY]);
    expect(data[DAY]).toHaveLength(16);
    expect(data[DAY][0]).toEqual({ start: `${DAY}T09:00:00.000Z` });

    const rome = await ok(await request.get(url({ eventTypeId: eventType.id, start: `${DAY}T09:00:00Z`, end: `${DAY}T10:00:00Z`, timeZone: "Europe/Rome" })));
    const offset = rome[DAY][0].start.slice(-6);
    expect(["+01:00", "+02:00"]).toContain(offset);
    expect(rome[DAY]).toHaveLength(2);
    expect(new Date(rome[DAY][0].start).toISOString()).toBe(at("09:00").toISOString());
  });

  test("format=range adds each slot's end; duration picks one of the event type's lengths", { tag: "@embedded" }, async ({ request }) => {
    const { eventType } = await variableLengthHost();
    const data = await ok(
      await request.get(url({ eventTypeId: eventType.id, start: `${DAY}T09:00:00Z`, end: `${DAY}T11:00:00Z`, duration: 60, format: "range" })),
    );
    expect(data[DAY]).toEqual([
      { start: `${DAY}T09:00:00.000Z`, end: `${DAY}T10:00:00.000Z` },
      { start: `${DAY}T10:00:00.000Z`, end: `${DAY}T11:00:00.000Z` },
    ]);
    const error = await refused(await request.get(url({ eventTypeId: eventType.id, start: DAY, end: DAY, duration: 45 })));
    expect(error.details).toEqual([expect.objectContaining({ path: "query.duration" })]);
  });

  test("eventTypeSlug with username, or with teamSlug (and organizationSlug) of the team that holds it", async ({ request }) => {
    const { host, eventType } = await makeHostWithEventType();
    expect((await ok(await request.get(url({ eventTypeSlug: eventType.slug, username: host.username, start: DAY, end: DAY }))))[DAY]).toHaveLength(16);
    const suffix = randomBytes(4).toString("hex");
    const organization = await db.team.create({ data: { name: "Org", slug: `org-${suffix}`, isOrganization: true } });
    const team = await db.team.create({ data: { name: "Team", slug: `team-${suffix}`, parentId: organization.id } });
    await db.eventType.create({
      data: { teamId: team.id, title: "Team", slug: "team-call", lengthInMinutes: 30, minimumBookingNotice: 0, hosts: { create: [{ userId: host.id }] } },
    });
    const byTeam = url({ eventTypeSlug: "team-call", teamSlug: team.slug, organizationSlug: organization.slug, start: DAY, end: DAY });
    expect((await ok(await request.get(byTeam)))[DAY]).toHaveLength(16);
  });

  test("an unknown team or organization, or another user's name, is a 404", async ({ request }) => {
    const { eventType } = await makeHostWithEventType();
    const stranger = await makeUser();
    const lookups: Record<string, string | number>[] = [
      { eventTypeId: eventType.id, teamSlug: `nobody-${randomBytes(4).toString("hex")}` },
      { eventTypeSlug: eventType.slug, teamSlug: `nobody-${randomBytes(4).toString("hex")}` },
      { eventTypeSlug: eventType.slug, username: stranger.username },
      { eventTypeSlug: eventType.slug, username: stranger.username, organizationSlug: `nowhere-${randomBytes(4).toString("hex")}` },
    ];
    for (const params of lookups) {
      expect((await refused(await request.get(url({ ...params, start: DAY, end: DAY })), 404)).code).toBe("NOT_FOUND");
    }
  });

  test("bookingUidToReschedule: the booking's own time is listed as free", async ({ request }) => {
    const { eventType } = await makeHostWithEventType();
    const booking = await bookOverHttp(request, eventType.id, at("10:00"));
    const range = { eventTypeId: eventType.id, start: `${DAY}T10:00:00Z`, end: `${DAY}T10:30:00Z` };
    expect(await ok(await request.get(url(range)))).toEqual({});
    expect(await ok(await request.get(url({ ...range, bookingUidToReschedule: booking.uid })))).toEqual({ [DAY]: [{ start: `${DAY}T10:00:00.000Z` }] });
  });
});

test.describe("GET /v2/slots refuses with 400, naming the field", () => {
  const cases: { case: string; params: Record<string, string | number>; path: string }[] = [
    { case: "no event type", params: { start: DAY, end: DAY }, path: "query.eventTypeId" },
    { case: "eventTypeSlug without username or teamSlug", params: { eventTypeSlug: "intro", start: DAY, end: DAY }, path: "query.eventTypeSlug" },
    { case: "an unreadable start", params: { eventTypeId: 1, start: "tomorrow", end: DAY }, path: "query.start" },
    { case: "end before start", params: { eventTypeId: 1, start: NEXT, end: DAY }, path: "query.end" },
    {
      case: "usernames (dynamic group events are not supported)",
      params: { eventTypeId: 1, start: DAY, end: DAY, usernames: "alice,bob" },
      path: "query.usernames",
    },
    { case: "an unknown format", params: { eventTypeId: 1, start: DAY, end: DAY, format: "table" }, path: "query.format" },
    { case: "a duration of zero", params: { eventTypeId: 1, start: DAY, end: DAY, duration: 0 }, path: "query.duration" },
    { case: "an unknown time zone", params: { eventTypeId: 1, start: DAY, end: DAY, timeZone: "Mars/Olympus" }, path: "query.timeZone" },
    { case: "a parameter nobody documents", params: { eventTypeId: 1, start: DAY, end: DAY, colour: "red" }, path: "query.colour" },
  ];
  for (const { case: name, params, path } of cases) {
    test(name, async ({ request }) => {
      const error = await refused(await request.get(url(params)));
      expect(error.details!.map((issue) => issue.path)).toContain(path);
    });
  }

  test("an svc-api-version that is not a date, naming the header; an earlier date is served 2024-09-04", async ({ request }) => {
    const error = await refused(await request.get(url({ eventTypeId: 1, start: DAY, end: DAY }), { headers: { "svc-api-version": "v2" } }));
    expect(error.message).toContain("svc-api-version");
    const earlier = await request.get(url({ eventTypeId: 1, start: DAY, end: DAY }), { headers: { "svc-api-version": "2024-04-15" } });
    expect(earlier.headers()["svc-api-version"]).toBe("2024-09-04");
  });
});

test.describe("variable lengths", () => {
  test("POST /v2/event-types stores lengthInMinutesOptions and answers them; one without lengthInMinutes is a 400", async ({ request }) => {
    const user = await makeUser();
    const headers = { authorization: `Bearer ${await makeApiKey(user.id)}` };
    const created = await request.post("/v2/event-types", {
      headers,
      data: { title: "Talk", slug: "talk", lengthInMinutes: 30, lengthInMinutesOptions: [60, 30, 15] },
    });
    expect(created.status()).toBe(201);
    expect((await created.json()).data.lengthInMinutesOptions).toEqual([15, 30, 60]);
    const bad = await request.post("/v2/event-types", {
      headers,
      data: { title: "Talk", slug: "talk-2", lengthInMinutes: 30, lengthInMinutesOptions: [15, 60] },
    });
    expect((await refused(bad)).details).toEqual([expect.objectContaining({ path: "body.lengthInMinutesOptions" })]);
  });

  test("POST /v2/bookings with lengthInMinutes: an option sets the end; another length is a 400 naming the field", async ({ request }) => {
    const { eventType, apiKey } = await variableLengthHost();
    const booking = await bookOverHttp(request, eventType.id, at("13:00"), { lengthInMinutes: 60 });
    expect(booking.end).toBe(at("14:00").toISOString());
    const response = await request.post("/v2/bookings", {
      headers: bookingsBearer(apiKey),
      data: { eventTypeId: eventType.id, start: at("15:00").toISOString(), lengthInMinutes: 45, attendee: attendee() },
    });
    expect((await refused(response)).details).toEqual([expect.objectContaining({ path: "body.lengthInMinutes" })]);
    const plain = await makeHostWithEventType();
    const fixed = await request.post("/v2/bookings", {
      headers: BOOKINGS_V,
      data: { eventTypeId: plain.eventType.id, start: at("15:00").toISOString(), lengthInMinutes: 60, attendee: attendee() },
    });
    expect((await refused(fixed)).details).toEqual([expect.objectContaining({ path: "body.lengthInMinutes" })]);
  });
});

test.describe("GET /v2/slots/available with teamSlug", () => {
  test("an unknown team is a 404, not the owner's slots", async ({ request }) => {
    const { eventType } = await makeHostWithEventType();
    const query = new URLSearchParams({ eventTypeId: String(eventType.id), startTime: `${DAY}T00:00:00Z`, endTime: `${NEXT}T00:00:00Z` });
    expect((await request.get(`/v2/slots/available?${query}`)).status()).toBe(200);
    query.set("teamSlug", `nobody-${randomBytes(4).toString("hex")}`);
    expect((await refused(await request.get(`/v2/slots/available?${query}`), 404)).code).toBe("NOT_FOUND");
  });
});
