/**
 * Delivery order over the real queue (the server's pg-boss workers, eight deliveries in flight): 50 bookings, each
 * rescheduled and then at once cancelled, their messages to one webhook arriving at a receiver on loopback that answers
 * 500 to the first attempt of some of them. Per booking (the reschedule's new booking included), the messages arrive
 * in the order their changes committed, each one only after the one before it was answered 2xx.
 */
import type { APIRequestContext } from "@playwright/test";
import { makeHostWithEventType, utcAt, attendee } from "../../prisma/scheduling-factories";
import { bearer } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";
import { webhookReceiverForFile, type ReceivedDelivery } from "../support/webhook-receiver";

const receiver = webhookReceiverForFile();

const SEQUENCES = 50;
const RANK: Record<string, number> = { BOOKING_CREATED: 0, BOOKING_RESCHEDULED: 1, BOOKING_CANCELLED: 2 };
type Body = { triggerEvent: string; payload: { uid: string; rescheduledFromUid?: string | null } };
const bodyOf = (delivery: ReceivedDelivery) => JSON.parse(delivery.body) as Body;
/** The booking a message is about, as its first uid: the reschedule's and the cancellation's point back to it. */
const lineageOf = (body: Body, rootOf: Map<string, string>) => body.payload.rescheduledFromUid ?? rootOf.get(body.payload.uid) ?? body.payload.uid;

/** Half of the reschedules and a quarter of the creations fail their first attempt, chosen by the booking's uid. */
const failsFirst = (body: Body) => {
  // Uids are base62 (and older ones dashed hex): the sum of the char codes spreads either evenly over the residues.
  const digit = [...(body.payload.rescheduledFromUid ?? body.payload.uid)].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  return body.triggerEvent === "BOOKING_RESCHEDULED" ? digit % 2 === 0 : body.triggerEvent === "BOOKING_CREATED" && digit % 4 === 1;
};

async function rescheduleThenCancel(request: APIRequestContext, eventTypeId: number, apiKey: string, index: number) {
  const day = Math.floor(index / 16);
  const minute = (index % 16) * 30;
  const made = await request.post("/v2/bookings", {
    headers: bearer(apiKey),
    data: { eventTypeId, start: utcAt(2 + day, 9, minute).toISOString(), attendee: attendee() },
  });
  expect(made.status(), await made.text()).toBe(201);
  const booking = (await made.json()).data as { uid: string };
  const moved = await request.post(`/v2/bookings/${booking.uid}/reschedule`, {
    headers: bearer(apiKey),
    data: { start: utcAt(12 + day, 9, minute).toISOString(), reschedulingReason: "Clash" },
  });
  expect(moved.status(), await moved.text()).toBe(201);
  const next = (await moved.json()).data as { uid: string };
  const cancelled = await request.post(`/v2/bookings/${next.uid}/cancel`, { headers: bearer(apiKey), data: { cancellationReason: "Changed my mind" } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  return { root: booking.uid, next: next.uid };
}

test("50 bookings rescheduled then cancelled at once: each booking's messages arrive in commit order, a failed first attempt holding the next back", async ({
  request,
}) => {
  test.setTimeout(240_000);
  const { eventType, apiKey } = await makeHostWithEventType();
  const path = `/order-${eventType.id}`;
  const created = await request.post(`/v2/event-types/${eventType.id}/webhooks`, {
    headers: bearer(apiKey),
    data: { subscriberUrl: receiver().url(path), triggers: ["BOOKING_CREATED", "BOOKING_RESCHEDULED", "BOOKING_CANCELLED"], active: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { secret } = (await created.json()).data as { secret: string };
  receiver().expectSecrets(path, [secret]);
  const attempted = new Set<string>();
  receiver().answerWith(path, (delivery) => {
    const id = delivery.headers["webhook-id"]!;
    const first = !attempted.has(id);
    attempted.add(id);
    return first && failsFirst(bodyOf(delivery)) ? { status: 500, headers: { "retry-after": "1" }, body: "busy" } : undefined;
  });

  const sequences: { root: string; next: string }[] = [];
  for (let start = 0; start < SEQUENCES; start += 10) {
    const batch = Array.from({ length: Math.min(10, SEQUENCES - start) }, (_, offset) => rescheduleThenCancel(request, eventType.id, apiKey, start + offset));
    sequences.push(...(await Promise.all(batch)));
  }
  const rootOf = new Map(sequences.map(({ root, next }) => [next, root]));

  const failures = (deliveries: ReceivedDelivery[]) => deliveries.filter((delivery, index) => isFailedFirst(deliveries, index)).length;
  const isFailedFirst = (deliveries: ReceivedDelivery[], index: number) =>
    failsFirst(bodyOf(deliveries[index]!)) &&
    deliveries.findIndex((other) => other.headers["webhook-id"] === deliveries[index]!.headers["webhook-id"]) === index;
  await expect
    .poll(
      () => {
        const deliveries = receiver().deliveries(path);
        return deliveries.length - failures(deliveries);
      },
      { timeout: 180_000, intervals: [500] },
    )
    .toBe(SEQUENCES * 3);

  const deliveries = receiver().deliveries(path);
  const byLineage = new Map<string, string[]>();
  deliveries.forEach((delivery, index) => {
    const body = bodyOf(delivery);
    const lineage = lineageOf(body, rootOf);
    byLineage.set(lineage, [...(byLineage.get(lineage) ?? []), `${body.triggerEvent}${isFailedFirst(deliveries, index) ? " 500" : ""}`]);
  });
  const expected = (root: string) =>
    Object.keys(RANK).flatMap((trigger) => {
      const body: Body = { triggerEvent: trigger, payload: { uid: root, rescheduledFromUid: trigger === "BOOKING_RESCHEDULED" ? root : null } };
      return failsFirst(body) ? [`${trigger} 500`, trigger] : [trigger];
    });
  for (const { root } of sequences) expect(byLineage.get(root), root).toEqual(expected(root));
  expect(byLineage.size).toBe(SEQUENCES);
  expect(failures(deliveries)).toBeGreaterThan(SEQUENCES / 4);
  for (const delivery of deliveries) {
    expect(delivery.verifiedWith).toEqual([secret]);
    expect(delivery.peerVerifiedWith).toEqual([secret]);
  }
});
