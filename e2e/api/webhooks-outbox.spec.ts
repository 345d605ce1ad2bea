/**
 * Webhooks fed by the outbox: a booking change commits its domain event, the queue's worker makes the webhook's
 * message and delivers it to a real receiver on loopback, which verifies every delivery with `standardwebhooks`.
 * Runs on the embedded database too.
 */
import { makeApiKey } from "../../prisma/factories";
import { makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { disconnectDb } from "../../server/db/client";
import { bookOverHttp, V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver.stop();
  await disconnectDb();
});

test("a booking's creation and cancellation reach the event type's webhook, signed, in the peer's body", { tag: "@embedded" }, async ({ request }) => {
  const { host, eventType } = await makeHostWithEventType();
  const headers = { authorization: `Bearer ${await makeApiKey(host.id)}` };
  const path = `/outbox-${eventType.id}`;
  const created = await request.post(`/v2/event-types/${eventType.id}/webhooks`, {
    headers,
    data: { subscriberUrl: receiver.url(path), triggers: ["BOOKING_CREATED", "BOOKING_CANCELLED"], active: true },
  });
  expect(created.status()).toBe(201);
  const { secret } = (await created.json()).data;
  receiver.expectSecrets(path, [secret]);

  const booking = await bookOverHttp(request, eventType.id, utcAt(2, 9));
  const [first] = await receiver.waitFor(path, 1, 30_000);
  expect(first!.verifiedWith).toEqual([secret]);
  expect(JSON.parse(first!.body)).toMatchObject({
    triggerEvent: "BOOKING_CREATED",
    payload: { uid: booking.uid, organizer: { email: host.email }, attendees: [expect.objectContaining({ name: "Grace Hopper" })] },
  });

  expect((await request.post(`/v2/bookings/${booking.uid}/cancel`, { headers: V, data: { cancellationReason: "Ill" } })).status()).toBe(200);
  const both = await receiver.waitFor(path, 2, 30_000);
  expect(JSON.parse(both[1]!.body)).toMatchObject({ triggerEvent: "BOOKING_CANCELLED", payload: { uid: booking.uid } });
  expect(both[1]!.verifiedWith).toEqual([secret]);
  expect(both[1]!.headers["webhook-id"]).not.toBe(first!.headers["webhook-id"]);
});

test("a 500 is retried through the queue with the same webhook-id, and the log shows both attempts", async ({ request }) => {
  const { host, eventType } = await makeHostWithEventType();
  const headers = { authorization: `Bearer ${await makeApiKey(host.id)}` };
  const path = `/retry-${eventType.id}`;
  const created = (
    await (await request.post("/v2/webhooks", { headers, data: { subscriberUrl: receiver.url(path), triggers: ["BOOKING_CREATED"], active: true } })).json()
  ).data;
  receiver.expectSecrets(path, [created.secret]);
  receiver.script(path, [{ status: 500, body: "down" }]);

  await bookOverHttp(request, eventType.id, utcAt(2, 10));
  // The first retry comes within about 10 s (retry-policy.ts).
  const [failed, retried] = await receiver.waitFor(path, 2, 40_000);
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
