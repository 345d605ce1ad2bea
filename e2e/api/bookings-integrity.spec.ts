/**
 * Booking integrity over HTTP (issue 8, section 2): dates out of range are refused before anything is
 * written, an Idempotency-Key answers only the request it was first sent with, attendee phone numbers
 * round-trip, and a flood of bookings in one attendee's name is a 429 with Retry-After.
 */
import { randomBytes } from "node:crypto";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { quotaOf } from "../../server/security/rate-limits";
import { expect, test } from "../support/fixtures";

const MAX_BOOKINGS_PER_ATTENDEE_EMAIL = quotaOf("BOOKINGS_PER_ATTENDEE_EMAIL");

test.afterAll(() => disconnectDb());

const V = { "svc-api-version": "2024-08-13" };
const bearer = (key: string) => ({ ...V, authorization: `Bearer ${key}` });
const newKey = () => `key-${randomBytes(6).toString("hex")}`;

test("a start in year 9999 is a 400 naming body.start; nothing is written and the host's reads still answer", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType({ hours: { startMinute: 0, endMinute: 24 * 60 }, eventType: { lengthInMinutes: 15 } });
  for (const start of ["9999-12-31T23:45:00Z", "2200-01-01T00:00:00Z", "1969-12-31T23:45:00Z"]) {
    const response = await request.post("/v2/bookings", { headers: V, data: { eventTypeId: eventType.id, start, attendee: attendee() } });
    expect(response.status(), start).toBe(400);
    const { error } = await response.json();
    expect(error.details).toEqual([{ path: "body.start", message: expect.stringMatching(/between 1970-01-01 and 2200-01-01/) }]);
  }
  expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(0);
  expect((await request.get("/v2/bookings", { headers: bearer(apiKey) })).status()).toBe(200);
  const filtered = await request.get("/v2/bookings?afterStart=9999-01-01T00:00:00Z", { headers: bearer(apiKey) });
  expect(filtered.status()).toBe(400);
  expect((await filtered.json()).error.details[0].path).toBe("query.afterStart");
});

test("Idempotency-Key: a replay gets the first booking with 201; the key on another body is a 422 and books nothing", async ({ request }) => {
  const { eventType } = await makeHostWithEventType();
  const key = newKey();
  const data = { eventTypeId: eventType.id, start: utcAt(2, 10).toISOString(), attendee: attendee() };
  const first = await request.post("/v2/bookings", { headers: { ...V, "idempotency-key": key }, data });
  expect(first.status()).toBe(201);
  const replay = await request.post("/v2/bookings", { headers: { ...V, "idempotency-key": key }, data });
  expect(replay.status()).toBe(201);
  expect((await replay.json()).data.uid).toBe((await first.json()).data.uid);
  for (const other of [
    { ...data, start: utcAt(2, 11).toISOString() },
    { ...data, attendee: attendee("Ada Lovelace") },
  ]) {
    const response = await request.post("/v2/bookings", { headers: { ...V, "idempotency-key": key }, data: other });
    expect(response.status()).toBe(422);
    const { error } = await response.json();
    expect(error.code).toBe("UNPROCESSABLE_ENTITY");
    expect(error.message).toMatch(/new Idempotency-Key/);
  }
  expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(1);
});

test("Idempotency-Key: 10 simultaneous requests with one key and 10 starts give one booking, one 201 and nine 422", async ({ request }) => {
  const { eventType } = await makeHostWithEventType();
  const key = newKey();
  const statuses = await Promise.all(
    Array.from({ length: 10 }, (_, index) =>
      request
        .post("/v2/bookings", {
          headers: { ...V, "idempotency-key": key },
          data: { eventTypeId: eventType.id, start: utcAt(3, 9 + (index % 8), index >= 8 ? 30 : 0).toISOString(), attendee: attendee() },
        })
        .then((response) => response.status()),
    ),
  );
  expect(statuses.sort()).toEqual([201, ...Array(9).fill(422)]);
  expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(1);
});

test("attendee.phoneNumber is stored and returned; an invalid one is a 400", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType();
  const created = await request.post("/v2/bookings", {
    headers: V,
    data: { eventTypeId: eventType.id, start: utcAt(2, 12).toISOString(), attendee: { ...attendee(), phoneNumber: "+1 415 555 0123" } },
  });
  expect(created.status()).toBe(201);
  const { uid, attendees } = (await created.json()).data;
  expect(attendees[0].phoneNumber).toBe("+14155550123");
  const read = await request.get(`/v2/bookings/${uid}`, { headers: bearer(apiKey) });
  expect((await read.json()).data.attendees[0].phoneNumber).toBe("+14155550123");
  const invalid = await request.post("/v2/bookings", {
    headers: V,
    data: { eventTypeId: eventType.id, start: utcAt(2, 13).toISOString(), attendee: { ...attendee(), phoneNumber: "call me" } },
  });
  expect(invalid.status()).toBe(400);
  expect((await invalid.json()).error.details[0].path).toBe("body.attendee.phoneNumber");
});

test(`one attendee e-mail books at most ${MAX_BOOKINGS_PER_ATTENDEE_EMAIL} times in five minutes: then 429 with Retry-After, nothing written`, async ({
  request,
}) => {
  const { eventType } = await makeHostWithEventType({ hours: { startMinute: 0, endMinute: 24 * 60 } });
  const guest = attendee();
  const book = (hour: number) =>
    request.post("/v2/bookings", { headers: V, data: { eventTypeId: eventType.id, start: utcAt(4, hour).toISOString(), attendee: guest } });
  for (let hour = 0; hour < MAX_BOOKINGS_PER_ATTENDEE_EMAIL; hour++) expect((await book(hour)).status()).toBe(201);
  const refused = await book(20);
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect((await refused.json()).error).toMatchObject({ code: "TOO_MANY_REQUESTS", message: expect.stringMatching(/try again in \d+ minute/) });
  expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(MAX_BOOKINGS_PER_ATTENDEE_EMAIL);
});
