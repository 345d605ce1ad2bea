/**
 * A booking's location over HTTP (issue 19): the event type's locations set through PATCH /v2/event-types, then
 * POST /v2/bookings with and without `location`. One location is applied, several let the booker choose, a choice the
 * event type does not offer is a 400 on body.location that books nothing, no location is none; the place is in the
 * booking output, the mail the SMTP catcher got, the .ics and the webhook body at a real receiver on loopback.
 */
import type { APIRequestContext } from "@playwright/test";
import { makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db } from "../../server/db/client";
import { bookOverHttp, V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";
import { mailsTo } from "../support/mail-catcher";
import { webhookReceiverForFile } from "../support/webhook-receiver";

const receiver = webhookReceiverForFile();

const ADDRESS = { type: "address", address: "1 Rue de Rivoli, Paris", public: true };
const PHONE = { type: "phone", phone: "+33100000007", public: true };
const LINK = { type: "link", link: "https://meet.example.test/room-7", public: true };

/** A host whose event type's locations are set as an API client sets them. */
async function eventTypeWith(request: APIRequestContext, locations: object[]) {
  const { host, eventType, apiKey } = await makeHostWithEventType();
  const headers = { authorization: `Bearer ${apiKey}` };
  const patched = await request.patch(`/v2/event-types/${eventType.id}`, { headers, data: { locations } });
  expect(patched.status(), await patched.text()).toBe(200);
  return { host, eventType, headers };
}

test("one location: a booking without `location` gets it, in the output, GET, the webhook body and the .ics", { tag: "@embedded" }, async ({ request }) => {
  const { eventType, headers } = await eventTypeWith(request, [ADDRESS]);
  const hook = await request.post(`/v2/event-types/${eventType.id}/webhooks`, {
    headers,
    data: { subscriberUrl: receiver().url(`/location-${eventType.id}`), triggers: ["BOOKING_CREATED"], active: true },
  });
  expect(hook.status()).toBe(201);
  receiver().expectSecrets(`/location-${eventType.id}`, [(await hook.json()).data.secret]);

  const booking = await bookOverHttp(request, eventType.id, utcAt(2, 10));
  expect(booking.location).toBe(ADDRESS.address);
  const read = await request.get(`/v2/bookings/${booking.uid}`, { headers: { ...V, ...headers } });
  expect((await read.json()).data.location).toBe(ADDRESS.address);

  const [delivery] = await receiver().waitFor(`/location-${eventType.id}`, 1, 30_000);
  expect(JSON.parse(delivery!.body).payload).toMatchObject({ uid: booking.uid, location: ADDRESS.address });

  const ics = await request.get(`/api/bookings/${booking.uid}/ics`);
  expect(ics.status()).toBe(200);
  expect(await ics.text()).toContain("LOCATION:1 Rue de Rivoli\\, Paris");
});

test("one location: the confirmation mail names it, body and .ics, as the SMTP server got it", async ({ request }) => {
  const { host, eventType } = await eventTypeWith(request, [PHONE]);
  const booking = await bookOverHttp(request, eventType.id, utcAt(2, 11));
  expect(booking.location).toBe(PHONE.phone);
  for (const to of [host.email, booking.attendees[0]!.email]) {
    await expect.poll(() => mailsTo(to).some((mail) => mail.subject.startsWith("Booked:")), { timeout: 30_000 }).toBe(true);
    const text = mailsTo(to).find((mail) => mail.subject.startsWith("Booked:"))!.text;
    expect(text).toContain(`Location: ${PHONE.phone}`);
    expect(text).toContain(`LOCATION:${PHONE.phone}`);
  }
});

test("several locations: the booker's choice is stored and answered; none chosen is none", { tag: "@embedded" }, async ({ request }) => {
  const { eventType } = await eventTypeWith(request, [ADDRESS, PHONE, LINK, { type: "attendeeAddress" }]);
  const phone = await bookOverHttp(request, eventType.id, utcAt(2, 9), { location: { type: "phone" } });
  expect(phone.location).toBe(PHONE.phone);
  const link = await bookOverHttp(request, eventType.id, utcAt(2, 10), { location: { type: "link", link: LINK.link } });
  expect(link).toMatchObject({ location: LINK.link, meetingUrl: LINK.link });
  const visit = await bookOverHttp(request, eventType.id, utcAt(2, 11), { location: { type: "attendeeAddress", address: "5 Avenue Foch" } });
  expect(visit.location).toBe("5 Avenue Foch");
  const none = await bookOverHttp(request, eventType.id, utcAt(2, 12));
  expect(none.location).toBe("");
});

test("a location the event type does not offer is a 400 on body.location, and nothing is booked", { tag: "@embedded" }, async ({ request }) => {
  const { eventType } = await eventTypeWith(request, [ADDRESS, PHONE]);
  for (const location of [
    { type: "link", link: "https://evil.example.test/phish" },
    { type: "address", address: "10 Downing Street" },
    { type: "attendeePhone", phone: "+14155550123" },
    { type: "organizersDefaultApp" },
  ]) {
    const response = await request.post("/v2/bookings", {
      headers: V,
      data: { eventTypeId: eventType.id, start: utcAt(2, 13).toISOString(), attendee: { name: "Ada", email: "ada@example.test", timeZone: "UTC" }, location },
    });
    const body = await response.json();
    expect(response.status(), JSON.stringify(body)).toBe(400);
    expect(body.error.details.map((detail: { path: string }) => detail.path)).toEqual(["body.location"]);
    expect(body.error.message).toContain("choose one of: address, phone");
  }
  expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(0);
});

test("no location on the event type: the booking has none", { tag: "@embedded" }, async ({ request }) => {
  const { eventType } = await eventTypeWith(request, []);
  const booking = await bookOverHttp(request, eventType.id, utcAt(2, 14));
  expect(booking.location).toBe("");
  expect(booking).not.toHaveProperty("meetingUrl");
});

test("a reschedule keeps the location", { tag: "@embedded" }, async ({ request }) => {
  const { eventType } = await eventTypeWith(request, [LINK]);
  const booking = await bookOverHttp(request, eventType.id, utcAt(3, 9));
  const moved = await request.post(`/v2/bookings/${booking.uid}/reschedule`, { headers: V, data: { start: utcAt(3, 12).toISOString() } });
  expect(moved.status()).toBe(201);
  expect((await moved.json()).data.location).toBe(LINK.link);
});
