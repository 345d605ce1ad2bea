/** Bookings over HTTP against the production build: versioning, the lifecycle, and contention. */
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { expect, test } from "../support/fixtures";
import { mailsTo } from "../support/mail-catcher";

const V = { "svc-api-version": "2024-08-13" };
const bearer = (key: string) => ({ ...V, authorization: `Bearer ${key}` });

test("svc-api-version: missing means 2024-08-13 and the response says so; an earlier date gets the first version; not a date is a 400 naming the header", async ({
  request,
}) => {
  const { apiKey } = await makeHostWithEventType();
  const missing = await request.get("/v2/bookings", { headers: { authorization: `Bearer ${apiKey}` } });
  expect(missing.status()).toBe(200);
  expect(missing.headers()["svc-api-version"]).toBe("2024-08-13");
  const earlier = await request.get("/v2/bookings", { headers: { authorization: `Bearer ${apiKey}`, "svc-api-version": "2023-01-01" } });
  expect([earlier.status(), earlier.headers()["svc-api-version"]]).toEqual([200, "2024-08-13"]);
  const unknown = await request.get("/v2/bookings", { headers: { authorization: `Bearer ${apiKey}`, "svc-api-version": "2024-08-13-beta" } });
  expect(unknown.status()).toBe(400);
  const body = await unknown.json();
  expect(body.error.code).toBe("BAD_REQUEST");
  expect(body.error.details).toEqual({ header: "svc-api-version" });
});

test("create (public) → 201 with the booking; list, get, cancel and reschedule", { tag: "@embedded" }, async ({ request }) => {
  const { host, eventType, apiKey } = await makeHostWithEventType({ eventType: { locations: [{ type: "phone", phone: "+33100000000", public: true }] } });
  const start = utcAt(2, 10);
  const created = await request.post("/v2/bookings", {
    headers: V,
    data: { eventTypeId: eventType.id, start: start.toISOString(), attendee: attendee(), location: { type: "phone", phone: "+33100000000" } },
  });
  expect(created.status()).toBe(201);
  const booking = (await created.json()).data;
  expect(booking).toMatchObject({
    status: "accepted",
    duration: 30,
    start: start.toISOString(),
    hosts: [{ id: host.id }],
    eventType: { id: eventType.id, slug: eventType.slug },
  });

  const list = await (await request.get("/v2/bookings?status=accepted&take=10", { headers: bearer(apiKey) })).json();
  expect(list.data.map((item: { uid: string }) => item.uid)).toContain(booking.uid);
  expect(list.pagination).toMatchObject({ totalItems: 1, currentPage: 1, totalPages: 1, hasNextPage: false });

  expect((await request.get(`/v2/bookings/${booking.uid}`, { headers: bearer(apiKey) })).status()).toBe(200);
  const { apiKey: strangerKey } = await makeHostWithEventType();
  expect((await request.get(`/v2/bookings/${booking.uid}`, { headers: bearer(strangerKey) })).status()).toBe(404);

  const moved = await request.post(`/v2/bookings/${booking.uid}/reschedule`, {
    headers: V,
    data: { start: utcAt(3, 10).toISOString(), reschedulingReason: "Clash" },
  });
  expect(moved.status()).toBe(201);
  const next = (await moved.json()).data;
  expect(next.rescheduledFromUid).toBe(booking.uid);

  const cancelled = await request.post(`/v2/bookings/${next.uid}/cancel`, { headers: V, data: { cancellationReason: "No longer needed" } });
  expect((await cancelled.json()).data).toMatchObject({ status: "cancelled", cancellationReason: "No longer needed" });
  const again = await request.post(`/v2/bookings/${next.uid}/cancel`, { headers: V, data: {} });
  expect(again.status()).toBe(400);
});

test("bad input is a 400 with field paths and writes nothing", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType();
  const response = await request.post("/v2/bookings", {
    headers: V,
    data: { eventTypeId: eventType.id, start: "2026-12-01", attendee: { name: "", email: "nope", timeZone: "Mars/Base" }, metadata: { ["k".repeat(41)]: "v" } },
  });
  expect(response.status()).toBe(400);
  const paths = (await response.json()).error.details.map((issue: { path: string }) => issue.path);
  expect(paths).toEqual(expect.arrayContaining(["body.start", "body.attendee.name", "body.attendee.email", "body.attendee.timeZone"]));
  const list = await (await request.get("/v2/bookings", { headers: bearer(apiKey) })).json();
  expect(list.data).toEqual([]);
});

test("50 simultaneous requests for one slot: exactly one 201 and 49 clean 409s", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType();
  const data = { eventTypeId: eventType.id, start: utcAt(4, 11).toISOString(), attendee: attendee() };
  const responses = await Promise.all(Array.from({ length: 50 }, () => request.post("/v2/bookings", { headers: V, data })));
  const statuses = responses.map((response) => response.status()).sort();
  expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  expect(statuses.filter((status) => status === 409)).toHaveLength(49);
  const list = await (await request.get("/v2/bookings", { headers: bearer(apiKey) })).json();
  expect(list.pagination.totalItems).toBe(1);
});

test("Idempotency-Key: a retried create returns the first booking", async ({ request }) => {
  const { eventType } = await makeHostWithEventType();
  const data = { eventTypeId: eventType.id, start: utcAt(2, 15).toISOString(), attendee: attendee() };
  const headers = { ...V, "idempotency-key": "create-once-123" };
  const first = await (await request.post("/v2/bookings", { headers, data })).json();
  const second = await (await request.post("/v2/bookings", { headers, data })).json();
  expect(second.data.uid).toBe(first.data.uid);
});

test("the ICS calendar link serves the invitation", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType();
  const booking = (
    await (
      await request.post("/v2/bookings", { headers: V, data: { eventTypeId: eventType.id, start: utcAt(2, 9).toISOString(), attendee: attendee() } })
    ).json()
  ).data;
  const links = (await (await request.get(`/v2/bookings/${booking.uid}/calendar-links`, { headers: bearer(apiKey) })).json()).data;
  const ics = links.find((link: { label: string }) => link.label === "ICS");
  const file = await request.get(new URL(ics.link).pathname);
  expect(file.headers()["content-type"]).toContain("text/calendar");
  expect(await file.text()).toContain(`UID:${booking.icsUid}`);
});

test("a private link books a hidden event type, until its uses run out", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType({ eventType: { hidden: true } });
  const link = (await (await request.post(`/v2/event-types/${eventType.id}/private-links`, { headers: bearer(apiKey), data: { maxUsageCount: 1 } })).json())
    .data;
  const attempt = (start: Date, privateLink?: string) =>
    request.post("/v2/bookings", {
      headers: V,
      data: { eventTypeId: eventType.id, start: start.toISOString(), attendee: attendee(), ...(privateLink ? { privateLink } : {}) },
    });
  expect((await attempt(utcAt(2, 10))).status()).toBe(404);
  expect((await attempt(utcAt(2, 10), link.linkId)).status()).toBe(201);
  expect((await attempt(utcAt(2, 11), link.linkId)).status()).toBe(404);
});

test("host and attendee receive the booking by e-mail with an .ics invitation", async ({ request }) => {
  const { host, eventType } = await makeHostWithEventType();
  const guest = attendee("Mail Reader");
  const response = await request.post("/v2/bookings", { headers: V, data: { eventTypeId: eventType.id, start: utcAt(2, 14).toISOString(), attendee: guest } });
  const booking = (await response.json()).data;
  for (const recipient of [host.email, guest.email]) {
    await expect
      .poll(() => mailsTo(recipient).find((mail) => mail.subject.startsWith("Booked:"))?.text ?? "", { timeout: 30_000 })
      .toContain("BEGIN:VCALENDAR");
    expect(mailsTo(recipient)[0]!.text).toContain(`UID:${booking.icsUid}`);
  }
});
