/**
 * Issue 19: what third-party programs written for the peer API send and read, over HTTP. The version header under the
 * peer's name and its later same-shape versions, the fields it documents that Convene can honour (cancelSubsequentBookings,
 * rescheduledBy), its newer list parameters (limit with cursor), the destination calendar its schema requires, and
 * booking uids a reader taking them to be `[A-Za-z0-9]+` gets whole.
 */
import { randomUUID } from "node:crypto";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { bearer, bookOverHttp, V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

const PEER_V = (version: string) => ({ "cal-api-version": version });

test("cal-api-version is svc-api-version's synonym: the peer's 2024-08-13 and 2026-02-25 book, answered under both names", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType();
  for (const [index, version] of ["2024-08-13", "2026-02-25"].entries()) {
    const booked = await request.post("/v2/bookings", {
      headers: PEER_V(version),
      data: { eventTypeId: eventType.id, start: utcAt(2, 9 + index).toISOString(), attendee: attendee() },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    expect(booked.headers()["cal-api-version"]).toBe(version);
    expect(booked.headers()["svc-api-version"]).toBe(version);
  }
  const listed = await request.get("/v2/bookings", { headers: { authorization: `Bearer ${apiKey}`, ...PEER_V("2026-02-25") } });
  expect(listed.status()).toBe(200);
  expect((await listed.json()).data).toHaveLength(2);
});

test("a date no operation of the peer's names gets the version dated before it; a value that is not a date is a 400 naming the header sent; the two headers disagreeing is a 400 naming both", async ({
  request,
}) => {
  const { apiKey } = await makeHostWithEventType();
  const later = await request.get("/v2/bookings", { headers: { authorization: `Bearer ${apiKey}`, ...PEER_V("2026-05-01") } });
  expect([later.status(), later.headers()["cal-api-version"]]).toEqual([200, "2026-02-25"]);
  const unknown = await request.get("/v2/bookings", { headers: { authorization: `Bearer ${apiKey}`, ...PEER_V("2026-13-01") } });
  expect(unknown.status()).toBe(400);
  expect((await unknown.json()).error).toMatchObject({ code: "BAD_REQUEST", details: { header: "cal-api-version" } });
  const both = await request.get("/v2/bookings", { headers: { authorization: `Bearer ${apiKey}`, ...V, ...PEER_V("2026-02-25") } });
  expect(both.status()).toBe(400);
  expect((await both.json()).error.details).toEqual({ headers: ["svc-api-version", "cal-api-version"] });
  const agreeing = await request.get("/v2/bookings", { headers: { authorization: `Bearer ${apiKey}`, ...V, ...PEER_V("2024-08-13") } });
  expect(agreeing.status()).toBe(200);
});

test("cancelSubsequentBookings, true or false, cancels the (never recurring) booking", async ({ request }) => {
  const { eventType } = await makeHostWithEventType();
  for (const [index, cancelSubsequentBookings] of [true, false].entries()) {
    const booking = await bookOverHttp(request, eventType.id, utcAt(2, 10 + index));
    const cancelled = await request.post(`/v2/bookings/${booking.uid}/cancel`, { headers: V, data: { cancellationReason: "Ill", cancelSubsequentBookings } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    expect((await cancelled.json()).data).toMatchObject({ uid: booking.uid, status: "cancelled", cancellationReason: "Ill" });
  }
});

test("rescheduledBy is recorded and returned as rescheduledByEmail; without it, the signed-in caller's e-mail", async ({ request }) => {
  const { eventType, apiKey, host } = await makeHostWithEventType();
  const first = await bookOverHttp(request, eventType.id, utcAt(2, 9));
  const moved = await request.post(`/v2/bookings/${first.uid}/reschedule`, {
    headers: V,
    data: { start: utcAt(3, 9).toISOString(), rescheduledBy: "planner@example.com", emailVerificationCode: "123456" },
  });
  expect(moved.status(), await moved.text()).toBe(201);
  const next = (await moved.json()).data;
  expect(next).toMatchObject({ rescheduledFromUid: first.uid, rescheduledByEmail: "planner@example.com" });
  for (const uid of [first.uid, next.uid]) {
    const read = await request.get(`/v2/bookings/${uid}`, { headers: bearer(apiKey) });
    expect((await read.json()).data.rescheduledByEmail, uid).toBe("planner@example.com");
  }
  const byHost = await request.post(`/v2/bookings/${next.uid}/reschedule`, { headers: bearer(apiKey), data: { start: utcAt(4, 9).toISOString() } });
  expect((await byHost.json()).data.rescheduledByEmail).toBe(host.email);
  const invalid = await request.post(`/v2/bookings/${first.uid}/reschedule`, {
    headers: V,
    data: { start: utcAt(5, 9).toISOString(), rescheduledBy: "someone" },
  });
  expect(invalid.status()).toBe(400);
  expect((await invalid.json()).error.details).toContainEqual(expect.objectContaining({ path: "body.rescheduledBy" }));
});

test("the peer's limit with cursor pages GET /v2/bookings; teamId narrows to a team's bookings, never the caller's others", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType();
  const uids = [];
  for (const hour of [9, 10, 11]) uids.push((await bookOverHttp(request, eventType.id, utcAt(2, hour))).uid);
  const page = async (search: string) =>
    (await (await request.get(`/v2/bookings?sortStart=asc&${search}`, { headers: bearer(apiKey) })).json()) as never as {
      data: { uid: string }[];
      pagination: { nextCursor?: string; itemsPerPage: number };
    };
  const first = await page("limit=2");
  expect(first.data.map(({ uid }) => uid)).toEqual(uids.slice(0, 2));
  expect(first.pagination.itemsPerPage).toBe(2);
  const second = await page(`limit=2&cursor=${encodeURIComponent(first.pagination.nextCursor!)}`);
  expect(second.data.map(({ uid }) => uid)).toEqual(uids.slice(2));
  expect(second.pagination.nextCursor).toBeUndefined();
  expect((await page("teamId=2147483000")).data).toEqual([]);
  expect((await page("teamsIds=2147483000,2147483001")).data).toEqual([]);
});

test("GET /v2/event-types takes the peer's filters: username, usernames and eventSlug narrow; orgSlug is ignored", async ({ request }) => {
  const { eventType, apiKey, host } = await makeHostWithEventType();
  const list = async (search: string) => {
    const response = await request.get(`/v2/event-types?${search}`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(response.status(), search).toBe(200);
    return ((await response.json()).data as { id: number }[]).map(({ id }) => id);
  };
  expect(await list(`username=${host.username}&orgSlug=acme`)).toEqual([eventType.id]);
  expect(await list(`usernames=someone-else,${host.username}&eventSlug=${eventType.slug}`)).toEqual([eventType.id]);
  expect(await list(`username=someone-else`)).toEqual([]);
  expect(await list(`eventSlug=not-${eventType.slug}`)).toEqual([]);
});

test("GET /v2/calendars always has the destinationCalendar the peer's schema requires: an empty one with no calendar", async ({ request }) => {
  const { apiKey, host } = await makeHostWithEventType();
  const response = await request.get("/v2/calendars", { headers: { authorization: `Bearer ${apiKey}` } });
  expect(response.status()).toBe(200);
  expect((await response.json()).data).toEqual({
    connectedCalendars: [],
    destinationCalendar: expect.objectContaining({ id: 0, integration: "", externalId: "", userId: host.id, eventTypeId: null, credentialId: null }),
  });
});

test("new booking uids are alphanumeric (22 characters); a booking with a dashed UUID from before still answers by it", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType();
  const booking = await bookOverHttp(request, eventType.id, utcAt(2, 14));
  expect(booking.uid).toMatch(/^[A-Za-z0-9]{22}$/);
  expect(`Your booking ${booking.uid}.`.match(/[A-Za-z0-9]+/g)).toContain(booking.uid);
  const moved = await request.post(`/v2/bookings/${booking.uid}/reschedule`, { headers: V, data: { start: utcAt(3, 14).toISOString() } });
  expect((await moved.json()).data.uid).toMatch(/^[A-Za-z0-9]{22}$/);

  const legacy = randomUUID();
  const older = await bookOverHttp(request, eventType.id, utcAt(2, 15));
  await db.booking.update({ where: { uid: older.uid }, data: { uid: legacy } });
  const read = await request.get(`/v2/bookings/${legacy}`, { headers: bearer(apiKey) });
  expect((await read.json()).data.uid).toBe(legacy);
  const cancelled = await request.post(`/v2/bookings/${legacy}/cancel`, { headers: V, data: {} });
  expect((await cancelled.json()).data).toMatchObject({ uid: legacy, status: "cancelled" });
});
