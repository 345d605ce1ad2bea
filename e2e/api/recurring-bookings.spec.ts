/**
 * Recurring event types and series bookings over HTTP (issue 38): the peer's `recurrence` on event types, a series
 * booked whole with `recurrenceCount` (all or nothing), read by its recurringBookingUid, the `recurring` filter,
 * cancelling an occurrence and those after it, moving one occurrence, confirming a series at once.
 */
import type { APIRequestContext } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { makeApiKey } from "../../prisma/factories";
import { makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { makeTeamEventType } from "../../prisma/team-factories";
import { db, disconnectDb } from "../../server/db/client";
import { bearer, V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";
import { mailsTo } from "../support/mail-catcher";
import { peerViolations } from "../support/peer/peer-schemas";

test.afterAll(() => disconnectDb());

const WEEK_MS = 7 * 86_400_000;
const WEEKLY = { frequency: "weekly", interval: 1, occurrences: 6 } as const;

type Occurrence = {
  uid: string;
  icsUid: string;
  start: string;
  status: string;
  recurringBookingUid: string;
  hosts: { id: number }[];
  attendees: { email: string }[];
};

const booker = (name: string) => ({ name, email: `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.test`, timeZone: "UTC" });

/** A host working 09:00–17:00 UTC every day with a 30-minute event type made recurring over the API. */
async function recurringHost(request: APIRequestContext, recurrence: object = WEEKLY, eventType: object = {}) {
  const made = await makeHostWithEventType({ eventType });
  const patched = await request.patch(`/v2/event-types/${made.eventType.id}`, { headers: bearer(made.apiKey), data: { recurrence } });
  expect(patched.status()).toBe(200);
  return { ...made, output: (await patched.json()).data };
}

function bookSeries(request: APIRequestContext, eventTypeId: number, start: Date, extra: Record<string, unknown> = {}) {
  return request.post("/v2/bookings", { headers: V, data: { eventTypeId, start: start.toISOString(), attendee: booker("Ada"), ...extra } });
}

test(
  "a weekly series is booked whole, read by its recurringBookingUid, listed as recurring, and cancelled from an occurrence on",
  { tag: "@embedded" },
  async ({ request }) => {
    const { eventType, apiKey, output } = await recurringHost(request);
    expect(output.recurrence).toEqual(WEEKLY);
    expect((await (await request.get(`/v2/event-types/${eventType.id}`, { headers: bearer(apiKey) })).json()).data.recurrence).toEqual(WEEKLY);

    const first = utcAt(3, 10);
    const response = await bookSeries(request, eventType.id, first, { recurrenceCount: 4 });
    expect(response.status()).toBe(201);
    const created = await response.json();
    // The peer's RecurringBookingOutput_2024_08_13[], held to its published schema.
    expect(peerViolations("POST", "/v2/bookings", 201, created)).toEqual([]);
    const series: Occurrence[] = created.data;
    expect(series.map((occurrence) => occurrence.start)).toEqual([0, 1, 2, 3].map((week) => new Date(first.getTime() + week * WEEK_MS).toISOString()));
    const recurringBookingUid = series[0]!.recurringBookingUid;
    expect(recurringBookingUid).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(new Set(series.map((occurrence) => occurrence.recurringBookingUid))).toEqual(new Set([recurringBookingUid]));
    expect(new Set(series.map((occurrence) => occurrence.uid)).size).toBe(4);
    expect(series.every((occurrence) => occurrence.status === "accepted")).toBe(true);

    const read = await request.get(`/v2/bookings/${recurringBookingUid}`, { headers: bearer(apiKey) });
    expect(read.status()).toBe(200);
    const readBody = await read.json();
    expect(peerViolations("GET", "/v2/bookings/{bookingUid}", 200, readBody)).toEqual([]);
    expect(readBody.data.map((occurrence: Occurrence) => occurrence.uid)).toEqual(series.map((occurrence) => occurrence.uid));
    const one = (await (await request.get(`/v2/bookings/${series[1]!.uid}`, { headers: bearer(apiKey) })).json()).data;
    expect(one).toMatchObject({ uid: series[1]!.uid, recurringBookingUid });

    const listed = await request.get(`/v2/bookings?status=recurring`, { headers: bearer(apiKey) });
    expect((await listed.json()).data.map((booking: Occurrence) => booking.uid).sort()).toEqual(series.map((occurrence) => occurrence.uid).sort());

    const cancelled = await request.post(`/v2/bookings/${series[1]!.uid}/cancel`, {
      headers: V,
      data: { cancelSubsequentBookings: true, cancellationReason: "Done" },
    });
    expect(cancelled.status()).toBe(200);
    expect((await cancelled.json()).data).toMatchObject({ uid: series[1]!.uid, status: "cancelled", recurringBookingUid });
    const after: Occurrence[] = (await (await request.get(`/v2/bookings/${recurringBookingUid}`, { headers: bearer(apiKey) })).json()).data;
    expect(after.map((occurrence) => occurrence.status)).toEqual(["accepted", "cancelled", "cancelled", "cancelled"]);
    // The cancelled occurrences' slots are free again: a single booking there is taken.
    const single = await request.post("/v2/bookings", {
      headers: V,
      data: { eventTypeId: eventType.id, start: series[2]!.start, attendee: booker("Bo"), recurrenceCount: 1 },
    });
    expect(single.status()).toBe(201);
  },
);

test("a series whose fourth occurrence collides with a booking is refused whole: nothing is written", { tag: "@embedded" }, async ({ request }) => {
  const { eventType } = await recurringHost(request);
  const first = utcAt(4, 11);
  const fourth = new Date(first.getTime() + 3 * WEEK_MS);
  const blocker = await bookSeries(request, eventType.id, fourth, { recurrenceCount: 1 });
  expect(blocker.status()).toBe(201);

  const refused = await bookSeries(request, eventType.id, first, { recurrenceCount: 5 });
  expect(refused.status()).toBe(409);
  const error = (await refused.json()).error;
  expect(error.code).toBe("CONFLICT");
  expect(error.message).toContain("Occurrence 4");
  expect(error.message).toContain(fourth.toISOString().replace(".000Z", "Z"));
  expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(1);

  // Three occurrences end before the collision, so they fit.
  expect((await bookSeries(request, eventType.id, first, { recurrenceCount: 3 })).status()).toBe(201);
  expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(4);
});

test("two series racing for overlapping weeks: exactly one is booked, the other is a 409", async ({ request }) => {
  const { eventType } = await recurringHost(request);
  const first = utcAt(5, 12);
  const [a, b] = await Promise.all([
    bookSeries(request, eventType.id, first, { recurrenceCount: 4 }),
    bookSeries(request, eventType.id, new Date(first.getTime() + 2 * WEEK_MS), { recurrenceCount: 4 }),
  ]);
  expect([a.status(), b.status()].sort()).toEqual([201, 409]);
  expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(4);
});

test("recurrenceCount: at most the event type's occurrences (the default), refused on a single event type; recurrence is validated", async ({ request }) => {
  const { eventType, apiKey } = await recurringHost(request, { frequency: "monthly", interval: 1, occurrences: 3 });
  const tooMany = await bookSeries(request, eventType.id, utcAt(6, 9), { recurrenceCount: 4 });
  expect(tooMany.status()).toBe(400);
  expect((await tooMany.json()).error.details[0].path).toBe("body.recurrenceCount");

  const byDefault = await bookSeries(request, eventType.id, utcAt(6, 9));
  expect(byDefault.status()).toBe(201);
  expect((await byDefault.json()).data).toHaveLength(3);

  const bad = await request.patch(`/v2/event-types/${eventType.id}`, {
    headers: bearer(apiKey),
    data: { recurrence: { frequency: "daily", interval: 1, occurrences: 3 } },
  });
  expect(bad.status()).toBe(400);
  const disabled = await request.patch(`/v2/event-types/${eventType.id}`, { headers: bearer(apiKey), data: { recurrence: { disabled: true } } });
  expect((await disabled.json()).data.recurrence).toBeNull();
  const single = await bookSeries(request, eventType.id, utcAt(6, 10));
  expect(single.status()).toBe(201);
  expect((await single.json()).data).not.toHaveProperty("recurringBookingUid");
  const refused = await bookSeries(request, eventType.id, utcAt(6, 11), { recurrenceCount: 2 });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error.details[0].path).toBe("body.recurrenceCount");
});

test("a series needing confirmation is confirmed at once; one occurrence moved stays in its series", { tag: "@embedded" }, async ({ request }) => {
  const { eventType, apiKey } = await recurringHost(request, WEEKLY, { requiresConfirmation: true });
  const first = utcAt(7, 14);
  const series: Occurrence[] = (await (await bookSeries(request, eventType.id, first, { recurrenceCount: 3 })).json()).data;
  expect(series.map((occurrence) => occurrence.status)).toEqual(["pending", "pending", "pending"]);

  const confirmed = await request.post(`/v2/bookings/${series[0]!.uid}/confirm`, { headers: bearer(apiKey) });
  expect(confirmed.status()).toBe(200);
  const read: Occurrence[] = (await (await request.get(`/v2/bookings/${series[0]!.recurringBookingUid}`, { headers: bearer(apiKey) })).json()).data;
  expect(read.map((occurrence) => occurrence.status)).toEqual(["accepted", "accepted", "accepted"]);

  const moved = await request.post(`/v2/bookings/${series[1]!.uid}/reschedule`, { headers: bearer(apiKey), data: { start: utcAt(9, 15).toISOString() } });
  expect(moved.status()).toBe(201);
  const next = (await moved.json()).data;
  expect(next).toMatchObject({ rescheduledFromUid: series[1]!.uid, recurringBookingUid: series[0]!.recurringBookingUid });
  const again: Occurrence[] = (await (await request.get(`/v2/bookings/${series[0]!.recurringBookingUid}`, { headers: bearer(apiKey) })).json()).data;
  // The moved occurrence waits for the host again, as any booking of this event type moved by the host does.
  expect(next.status).toBe("pending");
  expect(again.map((occurrence) => occurrence.status).sort()).toEqual(["accepted", "accepted", "cancelled", "pending"]);
});

test("another host's key cannot read a series by its recurringBookingUid", async ({ request }) => {
  const { eventType } = await recurringHost(request);
  const { apiKey: strangerKey } = await makeHostWithEventType();
  const series: Occurrence[] = (await (await bookSeries(request, eventType.id, utcAt(8, 9), { recurrenceCount: 2 })).json()).data;
  expect((await request.get(`/v2/bookings/${series[0]!.recurringBookingUid}`, { headers: bearer(strangerKey) })).status()).toBe(404);
});

test("a new series is one mail to each person, listing every occurrence, with one calendar event per occurrence", async ({ request }) => {
  const { host, eventType } = await recurringHost(request);
  const series: Occurrence[] = (await (await bookSeries(request, eventType.id, utcAt(10, 9), { recurrenceCount: 3 })).json()).data;
  for (const to of [host.email, series[0]!.attendees[0]!.email]) {
    await expect.poll(() => mailsTo(to).filter((mail) => mail.subject.startsWith("Booked:")).length, { timeout: 30_000 }).toBe(1);
    const { text } = mailsTo(to).find((mail) => mail.subject.startsWith("Booked:"))!;
    expect(text).toContain("This is a series of 3 occurrences");
    expect(text).toContain("METHOD:PUBLISH");
    for (const occurrence of series) expect(text).toContain(`UID:${occurrence.icsUid}`);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(3);
  }
  // The other occurrences' events skip the mail, so no second "Booked:" arrives while the first one's jobs ran.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(mailsTo(host.email).filter((mail) => mail.subject.startsWith("Booked:"))).toHaveLength(1);
});

test("an Idempotency-Key names the series: repeated, the same occurrences; on another body, a 422", async ({ request }) => {
  const { eventType } = await recurringHost(request);
  const data = { eventTypeId: eventType.id, start: utcAt(11, 9).toISOString(), attendee: booker("Kay"), recurrenceCount: 2 };
  const headers = { ...V, "idempotency-key": `series-${Math.random()}` };
  const first = await request.post("/v2/bookings", { headers, data });
  expect(first.status()).toBe(201);
  const again = await request.post("/v2/bookings", { headers, data });
  expect(again.status()).toBe(201);
  const uids = (response: Occurrence[]) => response.map((occurrence) => occurrence.uid);
  expect(uids((await again.json()).data)).toEqual(uids((await first.json()).data));
  expect((await request.post("/v2/bookings", { headers, data: { ...data, recurrenceCount: 3 } })).status()).toBe(422);
  expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(2);
});

test("round robin gives the series one host: the one free at every occurrence, though another ranks first", async ({ request }) => {
  const { team, eventType, hostIds } = await makeTeamEventType({ hosts: 2, schedulingType: "ROUND_ROBIN" });
  const [first, second] = hostIds as [number, number];
  const ownerKey = await makeApiKey(first);
  const patched = await request.patch(`/v2/teams/${team.id}/event-types/${eventType.id}`, { headers: bearer(ownerKey), data: { recurrence: WEEKLY } });
  expect(patched.status()).toBe(200);
  expect((await patched.json()).data.recurrence).toEqual(WEEKLY);
  const start = utcAt(12, 13);
  // The first host (the lowest id, so the one chosen on a tie) is busy at the third occurrence only.
  const third = new Date(start.getTime() + 2 * WEEK_MS);
  const end = new Date(third.getTime() + 30 * 60_000);
  await db.booking.create({
    data: {
      uid: randomBytes(8).toString("hex"),
      title: "Elsewhere",
      status: "ACCEPTED",
      start: third,
      end,
      hosts: { create: [{ userId: first, start: third, end }] },
    },
  });
  const response = await bookSeries(request, eventType.id, start, { recurrenceCount: 3 });
  expect(response.status()).toBe(201);
  const series: Occurrence[] = (await response.json()).data;
  expect(series.map((occurrence) => occurrence.hosts.map((host) => host.id))).toEqual([[second], [second], [second]]);
});

test("a booking limit counts the series' own occurrences: two a month refuses a third weekly occurrence that month", async ({ request }) => {
  const { eventType, apiKey } = await recurringHost(request);
  const limited = await request.patch(`/v2/event-types/${eventType.id}`, { headers: bearer(apiKey), data: { bookingLimitsCount: { month: 2 } } });
  expect(limited.status()).toBe(200);
  // 3, 10 and 17 March 2027: one month.
  const start = new Date("2027-03-03T09:00:00Z");
  const refused = await bookSeries(request, eventType.id, start, { recurrenceCount: 3 });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.message).toContain("Occurrence 3");
  expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(0);
  expect((await bookSeries(request, eventType.id, start, { recurrenceCount: 2 })).status()).toBe(201);
});
