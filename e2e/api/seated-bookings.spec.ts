/**
 * Seated event types and seat bookings over HTTP (issue 38, seats): the peer's seats on an event type, seats taken in
 * one booking up to the limit and never past it under concurrency, the seated slot, a seat read by its uid, one seat
 * cancelled or moved while the others stay, and the seat's own manage link in its mail. Answers are held to the peer's
 * published schemas.
 */
import type { APIRequestContext } from "@playwright/test";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { bearer, V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";
import { peerViolations } from "../support/peer/peer-schemas";
import { sentMailsTo } from "../support/sent-mail";

test.afterAll(() => disconnectDb());

const SEATS = { seatsPerTimeSlot: 3, showAttendeeInfo: false, showAvailabilityCount: true };

type Seat = { uid: string; seatUid: string; start: string; status: string; attendees: { name: string; email: string; seatUid: string }[] };

async function bookSeat(request: APIRequestContext, eventTypeId: number, start: Date, name: string) {
  const person = attendee(name);
  const response = await request.post("/v2/bookings", { headers: V, data: { eventTypeId, start: start.toISOString(), attendee: person } });
  return { response, person };
}

async function seatOf(request: APIRequestContext, eventTypeId: number, start: Date, name: string): Promise<Seat & { email: string }> {
  const { response, person } = await bookSeat(request, eventTypeId, start, name);
  const body = await response.json();
  expect(response.status(), JSON.stringify(body)).toBe(201);
  expect(peerViolations("POST", "/v2/bookings", 201, body)).toEqual([]);
  return { ...body.data, email: person.email };
}

test(
  "a seated event type: seats shared in one booking, read by seat, one cancelled and one moved, the others kept",
  { tag: "@embedded" },
  async ({ request }) => {
    const { host, apiKey } = await makeHostWithEventType();
    const created = await request.post("/v2/event-types", {
      headers: { authorization: `Bearer ${apiKey}` },
      data: { title: "Workshop", slug: `workshop-${Date.now()}`, lengthInMinutes: 60, minimumBookingNotice: 0, seats: SEATS },
    });
    expect(created.status()).toBe(201);
    const eventType = (await created.json()).data;
    expect(eventType).toMatchObject({ seats: SEATS, seatsPerTimeSlot: 3, seatsShowAvailabilityCount: true });
    const start = utcAt(3, 10);

    const ada = await seatOf(request, eventType.id, start, "Ada");
    const grace = await seatOf(request, eventType.id, start, "Grace");
    expect(grace.uid).toBe(ada.uid);
    expect(grace.seatUid).not.toBe(ada.seatUid);
    // Attendees do not see each other: each answer holds its own seat only.
    expect(grace.attendees.map(({ name, seatUid }) => [name, seatUid])).toEqual([["Grace", grace.seatUid]]);
    expect(JSON.stringify(grace)).not.toContain(ada.email);

    // The slot stays offered with the booking it joins and its count; the host reads every seat.
    const slots = await request.get(`/v2/slots?eventTypeId=${eventType.id}&start=${start.toISOString()}&end=${utcAt(3, 11).toISOString()}`, {
      headers: { "svc-api-version": "2024-09-04" },
    });
    expect(Object.values((await slots.json()).data).flat()).toContainEqual({ start: start.toISOString(), attendeesCount: 2, bookingUid: ada.uid });
    const asHost = await (await request.get(`/v2/bookings/${ada.uid}`, { headers: bearer(apiKey) })).json();
    expect(asHost.data.attendees.map(({ name }: { name: string }) => name)).toEqual(["Ada", "Grace"]);
    expect(peerViolations("GET", "/v2/bookings/{bookingUid}", 200, asHost)).toEqual([]);

    const bySeat = await request.get(`/v2/bookings/by-seat/${ada.seatUid}`, { headers: V });
    expect(bySeat.status()).toBe(200);
    const read = await bySeat.json();
    expect(read.data).toMatchObject({ uid: ada.uid, attendees: [{ name: "Ada", seatUid: ada.seatUid }] });
    expect(read.data.attendees).toHaveLength(1);
    expect(peerViolations("GET", "/v2/bookings/{bookingUid}", 200, read)).toEqual([]);

    // The seat's mail carries a link to that seat alone, never the whole booking's.
    await expect
      .poll(async () => (await sentMailsTo(ada.email)).find((mail) => mail.subject.startsWith("Booked:"))?.text ?? "", { timeout: 30_000 })
      .toMatch(new RegExp(`/booking/${ada.uid}\\?token=cnv_bs_${ada.seatUid}\\.`));
    expect((await sentMailsTo(ada.email)).map((mail) => mail.text).join("\n")).not.toContain("cnv_bm_");

    // The uid alone, which every seat's answer carries, cannot cancel or move the others' seats.
    const whole = await request.post(`/v2/bookings/${ada.uid}/cancel`, { headers: V, data: {} });
    expect(whole.status()).toBe(403);
    expect((await request.post(`/v2/bookings/${ada.uid}/reschedule`, { headers: V, data: { start: utcAt(3, 12).toISOString() } })).status()).toBe(403);

    const cancelled = await request.post(`/v2/bookings/${ada.uid}/cancel`, { headers: V, data: { seatUid: ada.seatUid, cancellationReason: "Ill" } });
    expect(cancelled.status()).toBe(200);
    const afterCancel = await cancelled.json();
    expect(afterCancel.data).toMatchObject({ uid: ada.uid, status: "accepted" });
    expect(peerViolations("POST", "/v2/bookings/{bookingUid}/cancel", 200, afterCancel)).toEqual([]);
    expect((await request.get(`/v2/bookings/by-seat/${ada.seatUid}`, { headers: V })).status()).toBe(404);
    expect((await (await request.get(`/v2/bookings/by-seat/${grace.seatUid}`, { headers: V })).json()).data.status).toBe("accepted");

    const moved = await request.post(`/v2/bookings/${grace.uid}/reschedule`, {
      headers: V,
      data: { seatUid: grace.seatUid, start: utcAt(3, 14).toISOString() },
    });
    expect(moved.status()).toBe(201);
    const next = await moved.json();
    expect(peerViolations("POST", "/v2/bookings/{bookingUid}/reschedule", 201, next)).toEqual([]);
    expect(next.data).toMatchObject({ start: utcAt(3, 14).toISOString(), attendees: [{ name: "Grace", seatUid: next.data.seatUid }] });
    // The last seat gone, the old booking is cancelled; the host's view of the new one has Grace alone.
    expect((await (await request.get(`/v2/bookings/${ada.uid}`, { headers: bearer(apiKey) })).json()).data.status).toBe("cancelled");
    expect(await db.booking.count({ where: { eventTypeId: eventType.id, status: "ACCEPTED", hosts: { some: { userId: host.id } } } })).toBe(1);
  },
);

test("50 simultaneous bookers for 10 seats: exactly 10 seats, the other 40 are 409", { tag: "@embedded" }, async ({ request }) => {
  const { eventType } = await makeHostWithEventType({ eventType: { seatsPerTimeSlot: 10 } });
  const start = utcAt(4, 10);
  const responses = await Promise.all(Array.from({ length: 50 }, (_, index) => bookSeat(request, eventType.id, start, `Booker ${index}`)));
  const statuses = responses.map(({ response }) => response.status());
  expect(statuses.filter((status) => status === 201)).toHaveLength(10);
  expect(statuses.filter((status) => status === 409)).toHaveLength(40);
  const bookings = await db.booking.findMany({
    where: { eventTypeId: eventType.id },
    select: { seatsTaken: true, _count: { select: { seats: true, attendees: true } } },
  });
  expect(bookings).toEqual([{ seatsTaken: 10, _count: { seats: 10, attendees: 10 } }]);
  // A full slot is no longer offered.
  const slots = await request.get(`/v2/slots?eventTypeId=${eventType.id}&start=${start.toISOString()}&end=${utcAt(4, 11).toISOString()}`, {
    headers: { "svc-api-version": "2024-09-04" },
  });
  expect(Object.values((await slots.json()).data).flat()).not.toContainEqual(expect.objectContaining({ start: start.toISOString() }));
});

test("seats are refused with confirmation, with guests, and in an incomplete shape", async ({ request }) => {
  const { apiKey, eventType } = await makeHostWithEventType({ eventType: { seatsPerTimeSlot: 4 } });
  const headers = { authorization: `Bearer ${apiKey}` };
  const withConfirmation = await request.post("/v2/event-types", {
    headers,
    data: { title: "Class", slug: `class-${Date.now()}`, lengthInMinutes: 30, seats: SEATS, requiresConfirmation: true },
  });
  expect(withConfirmation.status()).toBe(400);
  expect((await withConfirmation.json()).error.details).toContainEqual({ path: "body.seats", message: expect.any(String) });
  const partial = await request.patch(`/v2/event-types/${eventType.id}`, { headers, data: { seats: { seatsPerTimeSlot: 4 } } });
  expect(partial.status()).toBe(400);
  const guests = await request.post("/v2/bookings", {
    headers: V,
    data: { eventTypeId: eventType.id, start: utcAt(5, 10).toISOString(), attendee: attendee("Ada"), guests: ["friend@example.test"] },
  });
  expect(guests.status()).toBe(400);
  expect((await guests.json()).error.details).toContainEqual({ path: "body.guests", message: expect.any(String) });
  const off = await request.patch(`/v2/event-types/${eventType.id}`, { headers, data: { seats: { disabled: true } } });
  expect(off.status()).toBe(200);
  expect((await off.json()).data).not.toHaveProperty("seats");
});
