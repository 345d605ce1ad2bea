/**
 * Seated series over HTTP (issue 38: an event type with both seats and a recurrence): a seat in every occurrence,
 * booked by two people (the second joins each occurrence the first made), the series refused whole when one occurrence
 * is full, seats never past capacity under concurrency, one seat of one occurrence cancelled, and seated bookings in
 * the lists. Answers are held to the peer's published schemas, each to the seated alternative it claims to be.
 */
import type { APIRequestContext } from "@playwright/test";
import { makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { bearer, V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";
import { peerComponentViolations, peerViolations } from "../support/peer/peer-schemas";
import { sentMailsTo } from "../support/sent-mail";

test.afterAll(() => disconnectDb());

const WEEK_MS = 7 * 86_400_000;
const WEEKLY = { frequency: "weekly", interval: 1, occurrences: 4 } as const;

type SeatedOccurrence = {
  uid: string;
  seatUid: string;
  start: string;
  status: string;
  recurringBookingUid: string;
  attendees: { name: string; email: string; seatUid: string }[];
};

/** Bookers in UTC, so a weekly series is the same UTC time each week. */
const person = (name: string) => ({ name, email: `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.test`, timeZone: "UTC" });

/** A host with a seated event type made recurring over the API (the event type takes both). */
async function seatedSeriesHost(request: APIRequestContext, seatsPerTimeSlot: number) {
  const made = await makeHostWithEventType({ eventType: { seatsPerTimeSlot } });
  const patched = await request.patch(`/v2/event-types/${made.eventType.id}`, { headers: bearer(made.apiKey), data: { recurrence: WEEKLY } });
  expect(patched.status(), await patched.text()).toBe(200);
  expect((await patched.json()).data).toMatchObject({ recurrence: WEEKLY, seatsPerTimeSlot });
  return made;
}

function bookSeries(request: APIRequestContext, eventTypeId: number, start: Date, booker: object, extra: { recurrenceCount?: number; key?: string } = {}) {
  const headers = extra.key ? { ...V, "idempotency-key": extra.key } : V;
  const data = { eventTypeId, start: start.toISOString(), attendee: booker, ...(extra.recurrenceCount ? { recurrenceCount: extra.recurrenceCount } : {}) };
  return request.post("/v2/bookings", { headers, data });
}

async function seatedSeries(request: APIRequestContext, eventTypeId: number, start: Date, booker: object, extra = {}): Promise<SeatedOccurrence[]> {
  const response = await bookSeries(request, eventTypeId, start, booker, extra);
  const body = await response.json();
  expect(response.status(), JSON.stringify(body)).toBe(201);
  expect(peerViolations("POST", "/v2/bookings", 201, body)).toEqual([]);
  expect(body.data.flatMap((item: unknown) => peerComponentViolations("CreateRecurringSeatedBookingOutput_2024_08_13", item))).toEqual([]);
  return body.data;
}

const seatsTakenOf = async (eventTypeId: number) =>
  (await db.booking.findMany({ where: { eventTypeId }, orderBy: { start: "asc" }, select: { seatsTaken: true } })).map(({ seatsTaken }) => seatsTaken);

test(
  "a seated series booked by two people: the second joins every occurrence of the first's series; read, listed, one seat of one occurrence cancelled",
  { tag: "@embedded" },
  async ({ request }) => {
    const { eventType, apiKey } = await seatedSeriesHost(request, 3);
    const first = utcAt(3, 10);
    const ada = person("Ada");
    const key = `seat-series-${Date.now()}`;
    const adas = await seatedSeries(request, eventType.id, first, ada, { recurrenceCount: 3, key });
    expect(adas.map(({ start }) => start)).toEqual([0, 1, 2].map((week) => new Date(first.getTime() + week * WEEK_MS).toISOString()));
    const series = adas[0]!.recurringBookingUid;
    expect(adas.map(({ recurringBookingUid }) => recurringBookingUid)).toEqual([series, series, series]);
    expect(new Set(adas.map(({ seatUid }) => seatUid)).size).toBe(3);
    // The key names the seated series: a repeat answers the same seats and takes none.
    const repeat = await seatedSeries(request, eventType.id, first, ada, { recurrenceCount: 3, key });
    expect(repeat.map(({ seatUid }) => seatUid)).toEqual(adas.map(({ seatUid }) => seatUid));
    expect(await seatsTakenOf(eventType.id)).toEqual([1, 1, 1]);

    const grace = person("Grace");
    const graces = await seatedSeries(request, eventType.id, first, grace, { recurrenceCount: 3 });
    expect(graces.map(({ uid }) => uid)).toEqual(adas.map(({ uid }) => uid));
    // The bookings keep the first booker's series uid, so the second booker's answer names the same series.
    expect(graces.map(({ recurringBookingUid }) => recurringBookingUid)).toEqual([series, series, series]);
    expect(graces.every(({ seatUid }, index) => seatUid !== adas[index]!.seatUid)).toBe(true);
    // Attendees do not see each other: each occurrence shows Grace's own seat.
    expect(graces.map(({ attendees, seatUid }) => attendees.map((seat) => [seat.name, seat.seatUid === seatUid]))).toEqual([
      [["Grace", true]],
      [["Grace", true]],
      [["Grace", true]],
    ]);
    expect(JSON.stringify(graces)).not.toContain(ada.email);
    expect(await seatsTakenOf(eventType.id)).toEqual([2, 2, 2]);
    // One mail to Grace for her series, listing her three occurrences.
    await expect.poll(async () => (await sentMailsTo(grace.email)).filter((mail) => mail.subject.startsWith("Booked:")).length, { timeout: 30_000 }).toBe(1);
    const [mail] = (await sentMailsTo(grace.email)).filter((sent) => sent.subject.startsWith("Booked:"));
    expect(mail!.text).toContain("This is a series of 3 occurrences");
    expect(mail!.text).not.toContain(ada.email);

    // The host reads the series by its uid, every seat of every occurrence.
    const read = await request.get(`/v2/bookings/${series}`, { headers: bearer(apiKey) });
    const readBody = await read.json();
    expect(read.status()).toBe(200);
    expect(peerViolations("GET", "/v2/bookings/{bookingUid}", 200, readBody)).toEqual([]);
    expect(readBody.data.flatMap((item: unknown) => peerComponentViolations("GetRecurringSeatedBookingOutput_2024_08_13", item))).toEqual([]);
    expect(readBody.data.map((occurrence: SeatedOccurrence) => occurrence.attendees.map(({ seatUid }) => seatUid))).toEqual(
      adas.map((occurrence, index) => [occurrence.seatUid, graces[index]!.seatUid]),
    );

    // Grace gives up the second occurrence only; her other seats and Ada's stay.
    const cancelled = await request.post(`/v2/bookings/${graces[1]!.uid}/cancel`, { headers: V, data: { seatUid: graces[1]!.seatUid } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    expect(peerViolations("POST", "/v2/bookings/{bookingUid}/cancel", 200, await cancelled.json())).toEqual([]);
    expect(await seatsTakenOf(eventType.id)).toEqual([2, 1, 2]);
    expect((await request.get(`/v2/bookings/by-seat/${graces[1]!.seatUid}`, { headers: V })).status()).toBe(404);
    const kept = await (await request.get(`/v2/bookings/by-seat/${graces[2]!.seatUid}`, { headers: V })).json();
    expect(kept.data).toMatchObject({ uid: graces[2]!.uid, recurringBookingUid: series, status: "accepted", attendees: [{ name: "Grace" }] });
    // The peer's seated cancel takes a seatUid alone: the later occurrences' seats are cancelled one by one.
    const subsequent = await request.post(`/v2/bookings/${graces[0]!.uid}/cancel`, {
      headers: V,
      data: { seatUid: graces[0]!.seatUid, cancelSubsequentBookings: true },
    });
    expect(subsequent.status()).toBe(400);
    expect((await subsequent.json()).error.details).toContainEqual({ path: "body.cancelSubsequentBookings", message: expect.any(String) });
    expect(await seatsTakenOf(eventType.id)).toEqual([2, 1, 2]);

    // GET /v2/bookings lists each occurrence in the peer's recurring seated shape, every seat with its seatUid.
    const listed = await request.get(`/v2/bookings?eventTypeId=${eventType.id}&sortStart=asc`, { headers: bearer(apiKey) });
    const list = await listed.json();
    expect(listed.status()).toBe(200);
    expect(peerViolations("GET", "/v2/bookings", 200, list)).toEqual([]);
    expect(list.data.flatMap((item: unknown) => peerComponentViolations("GetRecurringSeatedBookingOutput_2024_08_13", item))).toEqual([]);
    expect(list.data.map((booking: SeatedOccurrence) => booking.attendees.map(({ name }) => name))).toEqual([["Ada", "Grace"], ["Ada"], ["Ada", "Grace"]]);
  },
);

test("a seated series is refused whole when its third occurrence is full: nothing is written", { tag: "@embedded" }, async ({ request }) => {
  const { eventType } = await seatedSeriesHost(request, 2);
  const first = utcAt(3, 11);
  const third = new Date(first.getTime() + 2 * WEEK_MS);
  await seatedSeries(request, eventType.id, third, person("Ada"), { recurrenceCount: 1 });
  await seatedSeries(request, eventType.id, third, person("Grace"), { recurrenceCount: 1 });
  const before = { bookings: await db.booking.count({ where: { eventTypeId: eventType.id } }), seats: await db.bookingSeat.count() };

  const refused = await bookSeries(request, eventType.id, first, person("Linus"), { recurrenceCount: 3 });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.message).toMatch(/^Occurrence 3 of the series \(.+\) is not available, so no occurrence was booked/);
  expect(await seatsTakenOf(eventType.id)).toEqual([2]);
  expect({ bookings: await db.booking.count({ where: { eventTypeId: eventType.id } }), seats: await db.bookingSeat.count() }).toEqual(before);
});

test("20 simultaneous seated-series requests for 5 seats: exactly 5 series, every occurrence at 5 seats", { tag: "@embedded" }, async ({ request }) => {
  const { eventType } = await seatedSeriesHost(request, 5);
  const first = utcAt(4, 10);
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, index) => bookSeries(request, eventType.id, first, person(`Booker${index}`), { recurrenceCount: 3 })),
  );
  const statuses = responses.map((response) => response.status());
  expect(statuses.filter((status) => status === 201)).toHaveLength(5);
  expect(statuses.filter((status) => status === 409)).toHaveLength(15);
  const bookings = await db.booking.findMany({
    where: { eventTypeId: eventType.id },
    orderBy: { start: "asc" },
    select: { seatsTaken: true, _count: { select: { seats: true, attendees: true } } },
  });
  expect(bookings).toEqual(Array.from({ length: 3 }, () => ({ seatsTaken: 5, _count: { seats: 5, attendees: 5 } })));
});

test("GET /v2/bookings lists a seated booking in the peer's seated shape, every seat for its host", { tag: "@embedded" }, async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType({ eventType: { seatsPerTimeSlot: 3 } });
  const start = utcAt(5, 10);
  for (const name of ["Ada", "Grace"]) {
    const response = await request.post("/v2/bookings", {
      headers: V,
      data: { eventTypeId: eventType.id, start: start.toISOString(), attendee: person(name) },
    });
    expect(response.status()).toBe(201);
  }
  const listed = await request.get(`/v2/bookings?eventTypeId=${eventType.id}`, { headers: bearer(apiKey) });
  const list = await listed.json();
  expect(listed.status()).toBe(200);
  expect(peerViolations("GET", "/v2/bookings", 200, list)).toEqual([]);
  expect(list.data).toHaveLength(1);
  expect(peerComponentViolations("GetSeatedBookingOutput_2024_08_13", list.data[0])).toEqual([]);
  expect(list.data[0].attendees.map(({ name, seatUid }: { name: string; seatUid: string }) => [name, typeof seatUid])).toEqual([
    ["Ada", "string"],
    ["Grace", "string"],
  ]);
});
