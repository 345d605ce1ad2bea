/** Booking lifecycle over HTTP: confirm and decline, the reschedule links, list filters and sorts, who may see what. */
import { makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { bearer, bookOverHttp, V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

test("confirm: pending only, by the host; someone else gets a 404", { tag: "@embedded" }, async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType({ eventType: { requiresConfirmation: true } });
  const { apiKey: strangerKey } = await makeHostWithEventType();
  const booking = await bookOverHttp(request, eventType.id, utcAt(2, 10));
  expect(booking.status).toBe("pending");

  const stranger = await request.post(`/v2/bookings/${booking.uid}/confirm`, { headers: bearer(strangerKey) });
  expect(stranger.status()).toBe(404);
  expect((await stranger.json()).error.code).toBe("NOT_FOUND");

  const confirmed = await request.post(`/v2/bookings/${booking.uid}/confirm`, { headers: bearer(apiKey) });
  expect(confirmed.status()).toBe(200);
  expect((await confirmed.json()).data).toMatchObject({ uid: booking.uid, status: "accepted" });
  const again = await request.post(`/v2/bookings/${booking.uid}/confirm`, { headers: bearer(apiKey) });
  expect(again.status()).toBe(400);
  expect((await again.json()).error.message).toContain("pending");
});

test("decline: pending only, by the host, with the reason; the slot is free again", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType({ eventType: { requiresConfirmation: true } });
  const { apiKey: strangerKey } = await makeHostWithEventType();
  const booking = await bookOverHttp(request, eventType.id, utcAt(2, 11));
  expect((await request.post(`/v2/bookings/${booking.uid}/decline`, { headers: bearer(strangerKey), data: {} })).status()).toBe(404);

  const declined = await request.post(`/v2/bookings/${booking.uid}/decline`, { headers: bearer(apiKey), data: { reason: "Fully booked" } });
  expect(declined.status()).toBe(200);
  expect((await declined.json()).data).toMatchObject({ status: "rejected", cancellationReason: "Fully booked" });
  expect((await request.post(`/v2/bookings/${booking.uid}/decline`, { headers: bearer(apiKey), data: {} })).status()).toBe(400);
  expect((await bookOverHttp(request, eventType.id, utcAt(2, 11))).status).toBe("pending");
});

test("an accepted booking cannot be confirmed or declined", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType();
  const booking = await bookOverHttp(request, eventType.id, utcAt(2, 9));
  expect((await request.post(`/v2/bookings/${booking.uid}/confirm`, { headers: bearer(apiKey) })).status()).toBe(400);
  expect((await request.post(`/v2/bookings/${booking.uid}/decline`, { headers: bearer(apiKey), data: {} })).status()).toBe(400);
});

test("reschedule over HTTP: the old booking is cancelled and points to the new one, which points back", { tag: "@embedded" }, async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType();
  const old = await bookOverHttp(request, eventType.id, utcAt(2, 13));
  const moved = await request.post(`/v2/bookings/${old.uid}/reschedule`, {
    headers: V,
    data: { start: utcAt(3, 13).toISOString(), reschedulingReason: "Clash" },
  });
  expect(moved.status()).toBe(201);
  const next = (await moved.json()).data;
  expect(next).toMatchObject({ rescheduledFromUid: old.uid, start: utcAt(3, 13).toISOString(), status: "accepted" });
  const before = (await (await request.get(`/v2/bookings/${old.uid}`, { headers: bearer(apiKey) })).json()).data;
  expect(before).toMatchObject({ status: "cancelled", rescheduledToUid: next.uid, reschedulingReason: "Clash" });
});

test("the host reschedules and cancels with its own key: each cancelled booking records the host's e-mail", { tag: "@embedded" }, async ({ request }) => {
  const { host, eventType, apiKey } = await makeHostWithEventType();
  const old = await bookOverHttp(request, eventType.id, utcAt(2, 15));
  const moved = await request.post(`/v2/bookings/${old.uid}/reschedule`, { headers: bearer(apiKey), data: { start: utcAt(3, 15).toISOString() } });
  expect(moved.status()).toBe(201);
  const next = (await moved.json()).data;
  const before = (await (await request.get(`/v2/bookings/${old.uid}`, { headers: bearer(apiKey) })).json()).data;
  expect(before).toMatchObject({ status: "cancelled", rescheduledToUid: next.uid, cancelledByEmail: host.email });
  const cancelled = await request.post(`/v2/bookings/${next.uid}/cancel`, { headers: bearer(apiKey), data: {} });
  expect(cancelled.status()).toBe(200);
  expect((await cancelled.json()).data).toMatchObject({ status: "cancelled", cancelledByEmail: host.email });
});

test("list: eventTypeId filter, sortEnd and sortCreated", async ({ request }) => {
  const { host, eventType, apiKey } = await makeHostWithEventType({ eventType: { slotInterval: 15 } });
  const long = await db.eventType.create({
    data: { userId: host.id, title: "Long call", slug: `long-${Date.now()}`, lengthInMinutes: 90, minimumBookingNotice: 0 },
  });
  // Created a, b, c, d; by start b, c, d, a; by end c, b, d, a (b is cancelled, so c may sit inside it).
  const a = await bookOverHttp(request, eventType.id, utcAt(3, 10)); // day 3, 10:00–10:30
  const b = await bookOverHttp(request, long.id, utcAt(2, 9)); // day 2, 09:00–10:30
  expect((await request.post(`/v2/bookings/${b.uid}/cancel`, { headers: V, data: {} })).status()).toBe(200);
  const c = await bookOverHttp(request, eventType.id, utcAt(2, 9, 30)); // day 2, 09:30–10:00
  const d = await bookOverHttp(request, long.id, utcAt(2, 13, 30)); // day 2, 13:30–15:00
  const uids = async (query: string) =>
    ((await (await request.get(`/v2/bookings?${query}`, { headers: bearer(apiKey) })).json()).data as { uid: string }[]).map(({ uid }) => uid);

  expect(await uids("")).toEqual([b.uid, c.uid, d.uid, a.uid]);
  expect(await uids(`eventTypeId=${long.id}`)).toEqual([b.uid, d.uid]);
  expect(await uids(`eventTypeId=${eventType.id}`)).toEqual([c.uid, a.uid]);
  expect(await uids("sortCreated=asc")).toEqual([a.uid, b.uid, c.uid, d.uid]);
  expect(await uids("sortCreated=desc")).toEqual([d.uid, c.uid, b.uid, a.uid]);
  expect(await uids("sortEnd=asc")).toEqual([c.uid, b.uid, d.uid, a.uid]);
  expect(await uids("sortEnd=desc")).toEqual([a.uid, d.uid, b.uid, c.uid]);
  expect(await uids(`eventTypeId=${long.id}&sortEnd=desc`)).toEqual([d.uid, b.uid]);
});

test("list and get agree on access: the host sees the booking; the event type's owner who does not host it and strangers get nothing", async ({ request }) => {
  const owner = await makeHostWithEventType();
  const member = await makeHostWithEventType();
  await db.eventType.update({ where: { id: owner.eventType.id }, data: { hosts: { create: [{ userId: member.host.id }] } } });
  const booking = await bookOverHttp(request, owner.eventType.id, utcAt(2, 14));
  const list = (await (await request.get("/v2/bookings", { headers: bearer(member.apiKey) })).json()).data as { uid: string }[];
  expect(list.map(({ uid }) => uid)).toEqual([booking.uid]);
  expect((await request.get(`/v2/bookings/${booking.uid}`, { headers: bearer(member.apiKey) })).status()).toBe(200);
  const { apiKey: strangerKey } = await makeHostWithEventType();
  for (const key of [owner.apiKey, strangerKey]) {
    expect((await (await request.get("/v2/bookings", { headers: bearer(key) })).json()).data).toEqual([]);
    expect((await request.get(`/v2/bookings/${booking.uid}`, { headers: bearer(key) })).status()).toBe(404);
  }
});
