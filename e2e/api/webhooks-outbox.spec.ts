/**
 * Webhooks fed by the outbox: a booking change commits its domain event, the queue's worker makes the webhook's
 * message and delivers it to a real receiver on loopback, which verifies every delivery with `standardwebhooks`.
 * Runs on the embedded database too.
 */
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { makeApiKey } from "../../prisma/factories";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { addMember, makeTeam, makeTeamEventType } from "../../prisma/team-factories";
import { db } from "../../server/db/client";
import { bearer, bookOverHttp, V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";
import { webhookReceiverForFile, type ReceivedDelivery } from "../support/webhook-receiver";

const receiver = webhookReceiverForFile();

test("a booking's creation and cancellation reach the event type's webhook, signed, in the peer's body", { tag: "@embedded" }, async ({ request }) => {
  const { host, eventType } = await makeHostWithEventType();
  const headers = { authorization: `Bearer ${await makeApiKey(host.id)}` };
  const path = `/outbox-${eventType.id}`;
  const created = await request.post(`/v2/event-types/${eventType.id}/webhooks`, {
    headers,
    data: { subscriberUrl: receiver().url(path), triggers: ["BOOKING_CREATED", "BOOKING_CANCELLED"], active: true },
  });
  expect(created.status()).toBe(201);
  const { secret } = (await created.json()).data;
  receiver().expectSecrets(path, [secret]);

  const booking = await bookOverHttp(request, eventType.id, utcAt(2, 9));
  const [first] = await receiver().waitFor(path, 1, 30_000);
  expect(first!.verifiedWith).toEqual([secret]);
  expect(JSON.parse(first!.body)).toMatchObject({
    triggerEvent: "BOOKING_CREATED",
    payload: { uid: booking.uid, organizer: { email: host.email }, attendees: [expect.objectContaining({ name: "Grace Hopper" })] },
  });

  expect((await request.post(`/v2/bookings/${booking.uid}/cancel`, { headers: V, data: { cancellationReason: "Ill" } })).status()).toBe(200);
  const both = await receiver().waitFor(path, 2, 30_000);
  expect(JSON.parse(both[1]!.body)).toMatchObject({ triggerEvent: "BOOKING_CANCELLED", payload: { uid: booking.uid } });
  expect(both[1]!.verifiedWith).toEqual([secret]);
  expect(both[1]!.headers["webhook-id"]).not.toBe(first!.headers["webhook-id"]);
});

test("a 500 is retried through the queue with the same webhook-id, and the log shows both attempts", async ({ request }) => {
  const { host, eventType } = await makeHostWithEventType();
  const headers = { authorization: `Bearer ${await makeApiKey(host.id)}` };
  const path = `/retry-${eventType.id}`;
  const created = (
    await (await request.post("/v2/webhooks", { headers, data: { subscriberUrl: receiver().url(path), triggers: ["BOOKING_CREATED"], active: true } })).json()
  ).data;
  receiver().expectSecrets(path, [created.secret]);
  receiver().script(path, [{ status: 500, body: "down" }]);

  await bookOverHttp(request, eventType.id, utcAt(2, 10));
  // The first retry comes within about 10 s (retry-policy.ts).
  const [failed, retried] = await receiver().waitFor(path, 2, 40_000);
  expect(retried!.headers["webhook-id"]).toBe(failed!.headers["webhook-id"]);
  expect(retried!.headers["webhook-timestamp"]).not.toBe(failed!.headers["webhook-timestamp"]);
  expect(retried!.verifiedWith).toEqual([created.secret]);
  // The attempt is logged once the receiver's answer is in: after the receiver saw it.
  const attempts = async () =>
    ((await (await request.get(`/v2/webhooks/${created.id}/deliveries`, { headers })).json()).data as { attempt: number; status: number }[]).map((entry) => [
      entry.attempt,
      entry.status,
    ]);
  await expect.poll(attempts).toEqual([
    [2, 200],
    [1, 500],
  ]);
});

type Body = { triggerEvent: string; createdAt: string; payload: Record<string, unknown> & { uid?: string; bookingUid?: string } };
const bodyOf = (delivery: ReceivedDelivery) => JSON.parse(delivery.body) as Body;
let pathCount = 0;
const newPath = (name: string) => `/${name}-${++pathCount}-${randomBytes(4).toString("hex")}`;

/** A webhook made over HTTP at `route` (…/webhooks), its deliveries verified with the secret it was given. */
async function subscribe(request: APIRequestContext, route: string, headers: Record<string, string>, data: Record<string, unknown>) {
  const path = newPath("hook");
  const response = await request.post(route, { headers, data: { subscriberUrl: receiver().url(path), active: true, ...data } });
  expect(response.status(), await response.text()).toBe(201);
  const webhook = (await response.json()).data as { id: number; secret: string };
  receiver().expectSecrets(path, [webhook.secret]);
  return { ...webhook, path };
}

/** Waits until the path's deliveries hold `trigger`, each verified; the one for `uid` when given. */
async function arrived(path: string, trigger: string, uid?: string): Promise<Body> {
  let found: Body | undefined;
  await expect
    .poll(
      () => {
        found = receiver()
          .deliveries(path)
          .map(bodyOf)
          // A no-show body names its booking as bookingUid, as the peer's does.
          .find((body) => body.triggerEvent === trigger && (uid === undefined || body.payload.uid === uid || body.payload.bookingUid === uid));
        return found !== undefined;
      },
      { timeout: 30_000, message: `${trigger} at ${path}` },
    )
    .toBe(true);
  return found!;
}

test(
  "each emitted trigger arrives through the queue, verified, in the peer's body; an unsubscribed webhook gets none of the others",
  { tag: "@embedded" },
  async ({ request }) => {
    test.setTimeout(120_000);
    const { host, eventType, apiKey } = await makeHostWithEventType({ eventType: { requiresConfirmation: true } });
    const direct = await db.eventType.create({
      data: { userId: host.id, title: "Direct call", slug: `direct-${randomBytes(4).toString("hex")}`, lengthInMinutes: 30, minimumBookingNotice: 0 },
    });
    const headers = { authorization: `Bearer ${apiKey}` };
    const everything = [
      "BOOKING_CREATED",
      "BOOKING_REQUESTED",
      "BOOKING_RESCHEDULED",
      "BOOKING_CANCELLED",
      "BOOKING_REJECTED",
      "BOOKING_NO_SHOW_UPDATED",
      "OOO_CREATED",
    ];
    const account = await subscribe(request, "/v2/webhooks", headers, { triggers: everything });
    const cancelOnly = await subscribe(request, `/v2/event-types/${eventType.id}/webhooks`, headers, { triggers: ["BOOKING_CANCELLED"] });

    const requested = await bookOverHttp(request, eventType.id, utcAt(2, 9));
    expect(requested.status).toBe("pending");
    expect(await arrived(account.path, "BOOKING_REQUESTED", requested.uid)).toMatchObject({ payload: { status: "PENDING", organizer: { email: host.email } } });
    expect((await request.post(`/v2/bookings/${requested.uid}/confirm`, { headers: bearer(apiKey) })).status()).toBe(200);
    expect(await arrived(account.path, "BOOKING_CREATED", requested.uid)).toMatchObject({ payload: { status: "ACCEPTED", eventTypeId: eventType.id } });

    const declined = await bookOverHttp(request, eventType.id, utcAt(2, 10));
    expect((await request.post(`/v2/bookings/${declined.uid}/decline`, { headers: bearer(apiKey), data: { reason: "Full" } })).status()).toBe(200);
    expect(await arrived(account.path, "BOOKING_REJECTED", declined.uid)).toMatchObject({ payload: { status: "REJECTED" } });

    const moved = await request.post(`/v2/bookings/${requested.uid}/reschedule`, {
      headers: V,
      data: { start: utcAt(3, 11).toISOString(), reschedulingReason: "Clash", rescheduledBy: "planner@example.com" },
    });
    expect(moved.status(), await moved.text()).toBe(201);
    const next = (await moved.json()).data as { uid: string };
    expect(await arrived(account.path, "BOOKING_RESCHEDULED", next.uid)).toMatchObject({
      payload: { rescheduledFromUid: requested.uid, startTime: utcAt(3, 11).toISOString(), rescheduleReason: "Clash", rescheduledBy: "planner@example.com" },
    });

    expect((await request.post(`/v2/bookings/${next.uid}/cancel`, { headers: V, data: { cancellationReason: "Ill" } })).status()).toBe(200);
    expect(await arrived(account.path, "BOOKING_CANCELLED", next.uid)).toMatchObject({ payload: { status: "CANCELLED", cancellationReason: "Ill" } });

    const guest = attendee("Absent Guest");
    const held = await bookOverHttp(request, direct.id, utcAt(2, 13), { attendee: guest });
    expect(await arrived(account.path, "BOOKING_CREATED", held.uid)).toMatchObject({ payload: { eventTypeId: direct.id } });
    // The meeting "took place": moved into the past directly, since the API only books future times.
    await db.booking.update({ where: { uid: held.uid }, data: { start: utcAt(-1, 11), end: utcAt(-1, 11, 30) } });
    const marked = await request.post(`/v2/bookings/${held.uid}/mark-absent`, {
      headers: bearer(apiKey),
      data: { attendees: [{ email: guest.email, absent: true }] },
    });
    expect(marked.status(), await marked.text()).toBe(200);
    expect(await arrived(account.path, "BOOKING_NO_SHOW_UPDATED", held.uid)).toMatchObject({ payload: { attendees: [{ email: guest.email, noShow: true }] } });

    const ooo = await request.post("/v2/me/ooo", {
      headers,
      data: { start: new Date(Date.UTC(2032, 0, 5)).toISOString(), end: new Date(Date.UTC(2032, 0, 9)).toISOString(), reason: "vacation", notes: "Away" },
    });
    expect(ooo.status(), await ooo.text()).toBe(201);
    const entry = (await ooo.json()).data as { id: number; uuid: string };
    expect(await arrived(account.path, "OOO_CREATED")).toMatchObject({
      payload: { oooEntry: { id: entry.id, uuid: entry.uuid, reasonName: "vacation", userId: host.id } },
    });

    // Every trigger verifies under both schemes: Standard Webhooks, and the peer's X-Cal-Signature-256.
    for (const delivery of receiver().deliveries(account.path)) {
      expect(delivery.verifiedWith).toEqual([account.secret]);
      expect(delivery.peerVerifiedWith).toEqual([account.secret]);
    }
    expect(
      receiver()
        .deliveries(account.path)
        .map((delivery) => bodyOf(delivery).triggerEvent)
        .sort(),
    ).toEqual([
      "BOOKING_CANCELLED",
      "BOOKING_CREATED",
      "BOOKING_CREATED",
      "BOOKING_NO_SHOW_UPDATED",
      "BOOKING_REJECTED",
      "BOOKING_REQUESTED",
      "BOOKING_REQUESTED",
      "BOOKING_RESCHEDULED",
      "OOO_CREATED",
    ]);
    // The event type's BOOKING_CANCELLED-only webhook: the one cancellation (the reschedule's withdrawn booking is
    // BOOKING_RESCHEDULED, as the peer sends it), nothing of the rest. The account webhook has them all by now.
    const cancelled = await receiver().waitFor(cancelOnly.path, 1, 30_000);
    expect(cancelled.map((delivery) => [bodyOf(delivery).triggerEvent, bodyOf(delivery).payload.uid])).toEqual([["BOOKING_CANCELLED", next.uid]]);
    expect(cancelled[0]!.verifiedWith).toEqual([cancelOnly.secret]);
  },
);

test("a payloadTemplate arrives through the queue filled in and JSON-escaped", { tag: "@embedded" }, async ({ request }) => {
  const { host, eventType, apiKey } = await makeHostWithEventType();
  const hook = await subscribe(request, `/v2/event-types/${eventType.id}/webhooks`, bearer(apiKey), {
    triggers: ["BOOKING_CREATED"],
    payloadTemplate: '{"event":"{{triggerEvent}}","title":"{{title}}","organizer":"{{organizer.name}}","guest":"{{attendees.0.name}}"}',
  });
  const organizer = await db.user.update({ where: { id: host.id }, data: { name: 'Dana "The Host"' }, select: { name: true } });
  const name = 'Ann "Quote" O\\Back';
  const booking = await bookOverHttp(request, eventType.id, utcAt(2, 14), { attendee: { ...attendee(), name } });
  const [delivery] = await receiver().waitFor(hook.path, 1, 30_000);
  expect(delivery!.verifiedWith).toEqual([hook.secret]);
  const stored = await db.booking.findUniqueOrThrow({ where: { uid: booking.uid }, select: { title: true } });
  expect(JSON.parse(delivery!.body)).toEqual({ event: "BOOKING_CREATED", title: stored.title, organizer: organizer.name, guest: name });
  expect(stored.title).toContain(name);
});

test("a 410 disables the webhook: GET shows it off, and later bookings send it nothing", { tag: "@embedded" }, async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType();
  const headers = bearer(apiKey);
  const route = `/v2/event-types/${eventType.id}/webhooks`;
  const gone = await subscribe(request, route, headers, { triggers: ["BOOKING_CREATED"] });
  const control = await subscribe(request, route, headers, { triggers: ["BOOKING_CREATED"] });
  receiver().script(gone.path, [{ status: 410, body: "gone" }]);

  await bookOverHttp(request, eventType.id, utcAt(2, 9));
  await receiver().waitFor(gone.path, 1, 30_000);
  await expect
    .poll(async () => (await (await request.get(`${route}/${gone.id}`, { headers })).json()).data, { timeout: 15_000 })
    .toMatchObject({ id: gone.id, active: false, disabledAt: expect.any(String) });

  const later = await bookOverHttp(request, eventType.id, utcAt(2, 11));
  const controlled = await receiver().waitFor(control.path, 2, 30_000);
  expect(controlled.map((delivery) => bodyOf(delivery).payload.uid)).toContain(later.uid);
  // The control got the later booking through the same queue; give a stray job to the disabled one a moment more.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(receiver().deliveries(gone.path)).toHaveLength(1);
  expect(await db.webhookMessage.count({ where: { webhookId: gone.id } })).toBe(1);
});

test("a team event type's webhook fires for a round-robin booking of it", async ({ request }) => {
  const { team, eventType, hostIds } = await makeTeamEventType({ hosts: 2, schedulingType: "ROUND_ROBIN" });
  const owner = await makeApiKey(hostIds[0]!);
  const hook = await subscribe(request, `/v2/teams/${team.id}/event-types/${eventType.id}/webhooks`, bearer(owner), {
    triggers: ["BOOKING_CREATED", "BOOKING_CANCELLED"],
  });
  const booking = await bookOverHttp(request, eventType.id, utcAt(2, 12));
  const [delivery] = await receiver().waitFor(hook.path, 1, 30_000);
  expect(delivery!.verifiedWith).toEqual([hook.secret]);
  const body = bodyOf(delivery!);
  expect(body).toMatchObject({ triggerEvent: "BOOKING_CREATED", payload: { uid: booking.uid, eventTypeId: eventType.id } });
  expect(hostIds).toContain((body.payload.organizer as { id: number }).id);
});

test("a member's booking of a managed copy reaches the team event type's webhook", { tag: "@embedded" }, async ({ request }) => {
  const [owner, member] = await Promise.all([makeHostWithEventType(), makeHostWithEventType()]);
  const team = await makeTeam();
  await addMember(team.id, owner.host.id, "OWNER");
  await addMember(team.id, member.host.id, "MEMBER");
  const made = await request.post(`/v2/teams/${team.id}/event-types`, {
    headers: bearer(owner.apiKey),
    data: { title: "Onboarding", slug: `onboarding-${team.id}`, lengthInMinutes: 30, schedulingType: "managed", hosts: [{ userId: member.host.id }] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const parentId = (await made.json()).data.id as number;
  const hook = await subscribe(request, `/v2/teams/${team.id}/event-types/${parentId}/webhooks`, bearer(owner.apiKey), { triggers: ["BOOKING_CREATED"] });
  const copy = await db.eventType.findFirstOrThrow({ where: { parentId, userId: member.host.id }, select: { id: true } });

  const booking = await bookOverHttp(request, copy.id, utcAt(2, 10));
  const [delivery] = await receiver().waitFor(hook.path, 1, 30_000);
  expect(bodyOf(delivery!)).toMatchObject({ triggerEvent: "BOOKING_CREATED", payload: { uid: booking.uid, eventTypeId: copy.id } });
  expect(delivery!.verifiedWith).toEqual([hook.secret]);
  expect(delivery!.peerVerifiedWith).toEqual([hook.secret]);
});
