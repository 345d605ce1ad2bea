/**
 * Payload fidelity on real deliveries: every trigger Convene fires (and PING) is caused over HTTP, delivered through
 * the queue to a receiver on loopback, and each body is held field by field to the peer's published body for its
 * trigger (e2e/support/peer/peer-webhook-payloads.ts), then checked for the values a receiver written for the peer reads.
 */
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { makeUser } from "../../prisma/factories";
import { addMember, makeTeam } from "../../prisma/team-factories";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db } from "../../server/db/client";
import { EMITTED_TRIGGERS } from "../../server/webhooks/webhook-triggers";
import { bearer, bookOverHttp, V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";
import { peerWebhookBodyProblems } from "../support/peer/peer-webhook-payloads";
import { webhookReceiverForFile } from "../support/webhook-receiver";

const receiver = webhookReceiverForFile();

/**
 * Fired only from Zoom's signed event notifications (server/conferencing/zoom-notifications.ts), which this spec (run on
 * the embedded database too, with no Zoom) cannot cause; their delivery is tested in
 * server/conferencing/zoom-notifications.test.ts and e2e/ui/conferencing-zoom.spec.ts. The peer publishes no body for
 * them to hold them to here.
 */
const ZOOM_ONLY = new Set<string>(["MEETING_STARTED", "MEETING_ENDED", "RECORDING_READY", "RECORDING_TRANSCRIPTION_GENERATED"]);
const CAUSED_HERE = EMITTED_TRIGGERS.filter((trigger) => !ZOOM_ONLY.has(trigger));

type Body = { triggerEvent: string; createdAt: string; payload: Record<string, unknown> };
const bodies = (path: string) =>
  receiver()
    .deliveries(path)
    .map((delivery) => JSON.parse(delivery.body) as Body);

/** The delivery of `trigger` whose payload matches `where`, once it has arrived. */
async function delivered(path: string, trigger: string, where: (payload: Record<string, unknown>) => boolean): Promise<Body> {
  let found: Body | undefined;
  await expect
    .poll(() => (found = bodies(path).find((body) => body.triggerEvent === trigger && where(body.payload))) !== undefined, {
      timeout: 30_000,
      message: `${trigger} at ${path}`,
    })
    .toBe(true);
  return found!;
}

/** What the calls below answer (a webhook, a booking, an out-of-office entry), once their status is checked. */
type Created = { id: number; uid: string; uuid: string; secret: string };
async function ok(response: Awaited<ReturnType<APIRequestContext["post"]>>, status = 200): Promise<Created> {
  expect(response.status(), await response.text()).toBe(status);
  return ((await response.json()) as { data: Created }).data;
}

test("every fired trigger's delivered body is the peer's, field by field", { tag: "@embedded" }, async ({ request }) => {
  test.setTimeout(150_000);
  const { host, eventType, apiKey } = await makeHostWithEventType({ eventType: { requiresConfirmation: true } });
  const headers = bearer(apiKey);
  await db.user.update({ where: { id: host.id }, data: { locale: "fr", timeFormat: 12, timeZone: "Europe/Paris" } });
  const direct = await db.eventType.create({
    data: {
      userId: host.id,
      title: "Direct call",
      description: "Thirty minutes to talk",
      slug: `direct-${randomBytes(4).toString("hex")}`,
      lengthInMinutes: 30,
      minimumBookingNotice: 0,
      bookingFields: [{ type: "text", slug: "company", label: "Company", required: false, hidden: false, placeholder: "" }],
      // The place the booking below chooses: a booker picks one of the event type's locations (booking-location.ts).
      locations: [{ type: "address", address: "1 Main Street", public: true }, { type: "attendeeDefined" }],
    },
  });
  // The stand-in shares an accepted team with the host: an out-of-office entry redirects only to such a teammate.
  const stand = await makeUser();
  const team = await makeTeam({ name: `Stand-ins ${randomBytes(3).toString("hex")}` });
  await addMember(team.id, host.id, "OWNER");
  await addMember(team.id, stand.id, "MEMBER");
  const path = `/peer-${randomBytes(4).toString("hex")}`;
  const hook = await ok(
    await request.post("/v2/webhooks", { headers, data: { subscriberUrl: receiver().url(path), triggers: CAUSED_HERE, active: true } }),
    201,
  );
  receiver().expectSecrets(path, [hook.secret]);
  const byUid = (uid: string) => (payload: Record<string, unknown>) => payload.uid === uid || payload.bookingUid === uid;

  // BOOKING_REQUESTED, then its confirmation: BOOKING_CREATED.
  const requested = await bookOverHttp(request, eventType.id, utcAt(2, 9));
  const requestedBody = await delivered(path, "BOOKING_REQUESTED", byUid(requested.uid));
  await ok(await request.post(`/v2/bookings/${requested.uid}/confirm`, { headers }));
  await delivered(path, "BOOKING_CREATED", byUid(requested.uid));

  // BOOKING_REJECTED with the decline's reason.
  const declined = await bookOverHttp(request, eventType.id, utcAt(2, 10));
  await ok(await request.post(`/v2/bookings/${declined.uid}/decline`, { headers, data: { reason: "Fully booked" } }));
  const rejected = await delivered(path, "BOOKING_REJECTED", byUid(declined.uid));

  // BOOKING_RESCHEDULED, then a cancellation through the booking's public link.
  const moved = await ok(await request.post(`/v2/bookings/${requested.uid}/reschedule`, { headers: V, data: { start: utcAt(3, 11).toISOString() } }), 201);
  const rescheduled = await delivered(path, "BOOKING_RESCHEDULED", byUid(moved.uid));
  await ok(await request.post(`/v2/bookings/${moved.uid}/cancel`, { headers: V, data: { cancellationReason: "Ill" } }));
  const cancelled = await delivered(path, "BOOKING_CANCELLED", byUid(moved.uid));

  // A direct booking with a place and an answer to the event type's own question; the host cancels another.
  const guest = attendee("Absent Guest");
  const held = await bookOverHttp(request, direct.id, utcAt(2, 13), {
    attendee: guest,
    location: { type: "address", address: "1 Main Street" },
    bookingFieldsResponses: { company: "Acme", notes: "Bring slides" },
  });
  const created = await delivered(path, "BOOKING_CREATED", byUid(held.uid));
  const other = await bookOverHttp(request, direct.id, utcAt(2, 15));
  await ok(await request.post(`/v2/bookings/${other.uid}/cancel`, { headers, data: {} }));
  const cancelledByHost = await delivered(path, "BOOKING_CANCELLED", byUid(other.uid));

  // BOOKING_NO_SHOW_UPDATED once the meeting "took place" (moved into the past directly: the API books future times only).
  await db.booking.update({ where: { uid: held.uid }, data: { start: utcAt(-1, 11), end: utcAt(-1, 11, 30) } });
  await ok(await request.post(`/v2/bookings/${held.uid}/mark-absent`, { headers, data: { attendees: [{ email: guest.email, absent: true }] } }));
  const noShow = await delivered(path, "BOOKING_NO_SHOW_UPDATED", byUid(held.uid));

  // OOO_CREATED (redirected to a teammate, as /v2/me/ooo requires) and PING.
  const entry = await ok(
    await request.post("/v2/me/ooo", {
      headers,
      data: { start: "2032-01-05T00:00:00.000Z", end: "2032-01-09T00:00:00.000Z", reason: "vacation", notes: "Away", toUserId: stand.id },
    }),
    201,
  );
  const ooo = await delivered(path, "OOO_CREATED", () => true);
  // FORM_SUBMITTED from a visitor's submission of the host's routing form (the public page's procedure), then
  // FORM_SUBMITTED_NO_EVENT: its job, due 15 minutes later when no booking followed, is made due now.
  const QUESTION = "6f1c2b1e-8a4d-4f9e-9b7a-0c3d5e7f9a11";
  const form = await ok(
    await request.post("/v2/routing-forms", {
      headers,
      data: {
        name: "Which call?",
        fields: [{ id: QUESTION, type: "text", label: "Company", identifier: "company" }],
        routes: [{ id: "8e2d4c6a-1b3f-4d5e-8f7a-9b0c1d2e3f41", action: { type: "customPageMessage", message: "We will write to you" }, isFallback: true }],
      },
    }),
    201,
  );
  const submitted = await request.post("/api/trpc/routingForms.submit", { data: { id: form.id, answers: { company: "Acme" } } });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const { responseId } = (await submitted.json()).result.data as { responseId: number };
  const formSubmitted = await delivered(path, "FORM_SUBMITTED", (payload) => payload.responseId === responseId);
  await db.$executeRaw`UPDATE pgboss.job SET start_after = now() WHERE name = 'routing-form.no-booking' AND singleton_key = ${`no-booking:${responseId}`}`;
  const formUnbooked = await delivered(path, "FORM_SUBMITTED_NO_EVENT", (payload) => payload.responseId === responseId);

  await ok(await request.post(`/v2/webhooks/${hook.id}/test`, { headers }));
  await delivered(path, "PING", () => true);

  const received = bodies(path);
  expect(new Set(received.map((body) => body.triggerEvent))).toEqual(new Set([...CAUSED_HERE, "PING"]));
  for (const body of received) expect(peerWebhookBodyProblems(body), `${body.triggerEvent}: ${JSON.stringify(body.payload)}`).toEqual([]);
  for (const delivery of receiver().deliveries(path)) expect(delivery.verifiedWith).toEqual([hook.secret]);

  // What receivers written for the peer read, trigger by trigger.
  const organizer = { id: host.id, email: host.email, language: { locale: "fr" }, timeFormat: "h:mma", timeZone: "Europe/Paris" };
  const expectations: [Body, Record<string, unknown>][] = [
    [requestedBody, { status: "PENDING", requiresConfirmation: true, eventTitle: "Intro call", price: 0, currency: "usd", organizer }],
    [rejected, { status: "REJECTED", rejectionReason: "Fully booked", destinationCalendar: [] }],
    [
      rescheduled,
      {
        uid: moved.uid,
        rescheduleUid: requested.uid,
        rescheduleId: expect.any(Number),
        rescheduleStartTime: utcAt(2, 9).toISOString(),
        rescheduleEndTime: utcAt(2, 9, 30).toISOString(),
        rescheduledFromUid: requested.uid,
      },
    ],
    [cancelled, { status: "CANCELLED", cancellationReason: "Ill", cancelledBy: requested.attendees[0]!.email, requestReschedule: false }],
    [cancelledByHost, { cancelledBy: host.email, requestReschedule: false }],
    [
      created,
      {
        eventTitle: "Direct call",
        eventDescription: "Thirty minutes to talk",
        description: "Thirty minutes to talk",
        additionalNotes: "Bring slides",
        location: "1 Main Street",
        seatsShowAttendees: false,
        userFieldsResponses: { company: { label: "Company", value: "Acme", isHidden: false } },
        attendees: [{ email: guest.email, firstName: "Absent", lastName: "Guest", utcOffset: expect.any(Number), language: { locale: "en" } }],
      },
    ],
    [formSubmitted, { formId: form.id, formName: "Which call?", teamId: null, responses: { company: { value: "Acme", response: "Acme" } } }],
    [formUnbooked, { formId: form.id, redirect: { type: "customPageMessage", value: "We will write to you" } }],
    [noShow, { bookingUid: held.uid, attendees: [{ email: guest.email, noShow: true }], message: `${guest.email} marked as no-show` }],
    [
      ooo,
      {
        oooEntry: {
          id: entry.id,
          uuid: entry.uuid,
          notes: "Away",
          reason: { emoji: "🏝️", reason: "ooo_reasons_vacation" },
          reasonId: 2,
          user: { id: host.id, email: host.email, username: host.username },
          toUser: { id: stand.id, email: stand.email },
        },
      },
    ],
  ];
  for (const [body, expected] of expectations) expect(body.payload, body.triggerEvent).toMatchObject(expected);
  expect(created.payload.responses).toMatchObject({
    name: { label: "your_name", value: guest.name },
    email: { label: "email_address", value: guest.email },
    notes: { label: "additional_notes", value: "Bring slides" },
    company: { label: "Company", value: "Acme" },
  });
});
