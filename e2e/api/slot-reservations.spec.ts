/** POST/GET/PATCH/DELETE /v2/slots/reservations over HTTP: the peer's shapes and statuses, and what a hold does to others. */
import type { APIResponse } from "@playwright/test";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { attendee, makeHostWithEventType } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { V as BOOKINGS_V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

const V = { "svc-api-version": "2024-09-04" };
const DAY = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
const at = (time: string) => `${DAY}T${time}:00.000Z`;

async function json(response: APIResponse, status: number) {
  const body = await response.json();
  expect(response.status(), JSON.stringify(body)).toBe(status);
  return body;
}

const book = (request: import("@playwright/test").APIRequestContext, eventTypeId: number, start: string, headers: Record<string, string> = {}) =>
  request.post("/v2/bookings", { headers: { ...BOOKINGS_V, ...headers }, data: { eventTypeId, start, attendee: attendee() } });

const listed = async (request: import("@playwright/test").APIRequestContext, eventTypeId: number) => {
  const body = await json(await request.get(`/v2/slots?eventTypeId=${eventTypeId}&start=${DAY}&end=${DAY}`), 200);
  return (body.data[DAY] ?? []).map(({ start }: { start: string }) => new Date(start).toISOString());
};

test(
  "without a token: 201 with the peer's fields; the slot leaves the listing; others cannot book it; the holder books it with svc-reservation-uid",
  { tag: "@embedded" },
  async ({ request }) => {
    const { eventType } = await makeHostWithEventType();
    const created = await json(await request.post("/v2/slots/reservations", { headers: V, data: { eventTypeId: eventType.id, slotStart: at("10:00") } }), 201);
    expect(created.data).toEqual({
      eventTypeId: eventType.id,
      slotStart: at("10:00"),
      slotEnd: at("10:30"),
      slotDuration: 30,
      reservationUid: expect.any(String),
      reservationDuration: 5,
      reservationUntil: expect.any(String),
    });
    const uid = created.data.reservationUid;
    expect(await listed(request, eventType.id)).not.toContain(at("10:00"));
    expect((await json(await book(request, eventType.id, at("10:00")), 409)).error.code).toBe("CONFLICT");
    expect((await json(await request.post("/v2/slots/reservations", { data: { eventTypeId: eventType.id, slotStart: at("10:00") } }), 409)).error.code).toBe(
      "CONFLICT",
    );
    await json(await book(request, eventType.id, at("10:00"), { "svc-reservation-uid": uid }), 201);
    // Booked, the reservation is gone: a 404 like any unknown resource, not 200 with null.
    expect((await json(await request.get(`/v2/slots/reservations/${uid}`), 404)).error).toMatchObject({
      code: "NOT_FOUND",
      message: "Reservation not found or expired",
    });
  },
);

test("GET answers the reservation; PATCH moves it (slotDuration among the lengths); DELETE frees the slot", async ({ request }) => {
  const { eventType } = await makeHostWithEventType();
  await db.eventType.update({ where: { id: eventType.id }, data: { lengthInMinutesOptions: [30, 60] } });
  const { data } = await json(await request.post("/v2/slots/reservations", { data: { eventTypeId: eventType.id, slotStart: at("11:00") } }), 201);
  const path = `/v2/slots/reservations/${data.reservationUid}`;
  expect((await json(await request.get(path, { headers: V }), 200)).data).toEqual(data);
  const moved = await json(await request.patch(path, { data: { eventTypeId: eventType.id, slotStart: at("13:00"), slotDuration: 60 } }), 200);
  expect(moved.data).toMatchObject({ reservationUid: data.reservationUid, slotStart: at("13:00"), slotEnd: at("14:00"), slotDuration: 60 });
  const slots = await listed(request, eventType.id);
  expect(slots).toContain(at("11:00"));
  expect(slots).not.toContain(at("13:30"));
  await json(await request.delete(path), 200);
  expect(await listed(request, eventType.id)).toContain(at("13:30"));
  expect((await json(await request.delete(path), 404)).error.code).toBe("NOT_FOUND");
  expect((await json(await request.patch(path, { data: { eventTypeId: eventType.id, slotStart: at("15:00") } }), 404)).error.code).toBe("NOT_FOUND");
});

test("an unknown reservation uid is a 404 in the envelope for GET, PATCH and DELETE, as every unknown resource is", async ({ request }) => {
  const { eventType } = await makeHostWithEventType();
  const path = "/v2/slots/reservations/00000000-0000-4000-8000-000000000000";
  for (const response of [
    await request.get(path, { headers: V }),
    await request.patch(path, { data: { eventTypeId: eventType.id, slotStart: at("16:00") } }),
    await request.delete(path),
  ]) {
    expect(await json(response, 404)).toEqual({ status: "error", error: { code: "NOT_FOUND", message: "Reservation not found or expired" } });
  }
});

test("reservationDuration: a 401 without credentials, a 403 for someone who does not host the event type, honoured for its host", async ({ request }) => {
  const { host, eventType } = await makeHostWithEventType();
  const stranger = await makeUser();
  const data = { eventTypeId: eventType.id, slotStart: at("12:00"), reservationDuration: 20 };
  expect((await json(await request.post("/v2/slots/reservations", { data }), 401)).error.code).toBe("UNAUTHORIZED");
  const strangerKey = await makeApiKey(stranger.id);
  expect((await json(await request.post("/v2/slots/reservations", { data, headers: { authorization: `Bearer ${strangerKey}` } }), 403)).error.code).toBe(
    "FORBIDDEN",
  );
  const hostKey = await makeApiKey(host.id);
  const held = await json(await request.post("/v2/slots/reservations", { data, headers: { authorization: `Bearer ${hostKey}` } }), 201);
  expect(held.data.reservationDuration).toBe(20);
  expect(Date.parse(held.data.reservationUntil) - Date.now()).toBeGreaterThan(19 * 60_000);
});

test.describe("POST /v2/slots/reservations refuses with 400, naming the field, and holds nothing", () => {
  const cases: { case: string; data: Record<string, unknown>; path: string }[] = [
    { case: "no eventTypeId", data: { eventTypeId: undefined, slotStart: at("10:00") }, path: "body.eventTypeId" },
    { case: "a date-only slotStart", data: { slotStart: DAY }, path: "body.slotStart" },
    { case: "a slotDuration not among the lengths", data: { slotStart: at("10:00"), slotDuration: 45 }, path: "body.slotDuration" },
    { case: "a reservationDuration over 60 minutes", data: { slotStart: at("10:00"), reservationDuration: 61 }, path: "body.reservationDuration" },
    { case: "a reservationDuration of zero", data: { slotStart: at("10:00"), reservationDuration: 0 }, path: "body.reservationDuration" },
    { case: "a field nobody documents", data: { slotStart: at("10:00"), seats: 2 }, path: "body.seats" },
  ];
  for (const { case: name, data, path } of cases) {
    test(name, async ({ request }) => {
      const { eventType } = await makeHostWithEventType();
      const body = await json(await request.post("/v2/slots/reservations", { data: { eventTypeId: eventType.id, ...data } }), 400);
      expect(body.error.details.map((issue: { path: string }) => issue.path)).toContain(path);
      expect(await db.slotReservation.count({ where: { eventTypeId: eventType.id } })).toBe(0);
    });
  }
});
