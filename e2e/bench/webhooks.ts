/**
 * Issue 12's webhook figures, each a ratio to a baseline measured in interleaved slices (interleaved.ts), each slice
 * starting with no job due:
 * - booking throughput: POST /v2/bookings on free slots of event types with WEBHOOKS_PER_EVENT_TYPE active webhooks
 *   (BOOKING_CREATED, to a receiver on loopback) against the same scenario on event types without any, at the same
 *   load. Delivery is off the request path (the booking's transaction only writes its domain event; pg-boss workers in
 *   the app process make and send the messages, giving way to requests), so the target is MIN_RATIO.
 * - worker deliveries: each slice's messages are awaited at the receiver, which verifies every one with the
 *   `standardwebhooks` library; the rate once a slice's bookings stopped (the worker alone: making the messages and
 *   delivering them) against the same receiver's rate for signed POSTs sent from the bench process one at a time in a
 *   slice of their own next to it, target MIN_WORKER_RATIO (issue 25). Every message must arrive, verified, with its
 *   attempt in the delivery log.
 */
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { sql } from "../../server/db/client";
import { startBenchReceiver, type Arrival, type BenchReceiver } from "./bench-receiver";
import { interleave, MAX_SLICE_SETS, pooled, slice, sliceRatios } from "./interleaved";
import { measure, type Load, type Measurement } from "./measure";
import { queuesIdle } from "./queues-idle";
import { formatPhaseSplit, phaseSplit } from "./phase-split";
import { freeSlotBookings, V, type MadeHost } from "./scenarios/bookings";
import type { Probe } from "./scenario";
import { sliceSpread, verdictOf, type Spread } from "./stats";

/** 200 bookings a slice: 16 slices narrow the ten webhooks' interval, which 8 left straddling its target (0.89 to 1.05). */
const WEBHOOK_SLICES = 16;
const BOOKINGS = 200 * WEBHOOK_SLICES;
const WARMUP_BOOKINGS = 100;
const WEBHOOKS_PER_EVENT_TYPE = 10;
/** Slices of BOOKINGS / WEBHOOK_SLICES bookings each side (200 bookings, 2 000 messages). */
const MIN_RATIO = 0.9;
/** Worker deliveries per second against the direct signed POSTs' (issue 25). */
const MIN_WORKER_RATIO = 0.6;
/** How long the worker may take to deliver every message before the run reports what arrived. */
const DRAIN_TIMEOUT_MS = 150_000;
/**
 * Each slice of direct POSTs sends for this long: a signed POST to loopback takes about a millisecond, and slices of
 * 1 000 (about a second) moved by half between runs (605/s, then 1 151/s); two seconds after a warm-up keep a run's
 * slices within ±10 % of their median on an idle machine.
 */
/** Direct signed POSTs run at 1 700 a second on a quiet machine: slices of 2 s moved by ±20 % around their median. */
const DIRECT_SLICE_MS = 4_000;
const SPLIT_SAMPLES = 50;

type Delivered = { total: number; expected: number; verified: number; distinctIds: number; afterBookings: number; afterSeconds: number; wholeSeconds: number };

export type WebhookFigures = {
  bookings: number;
  webhooks: number;
  without: Measurement;
  with: Measurement;
  /** Per slice: with webhooks over without. */
  ratio: Spread;
  target: number;
  delivered: Delivered;
  /** Per slice: the worker's deliveries per second after the bookings stopped. */
  workerPerSecond: Spread;
  /** Per slice: the direct signed POSTs per second. */
  directPerSecond: Spread;
  /** Per slice: the worker's rate over the direct POSTs' in the slice next to it. */
  workerRatio: Spread;
  workerTarget: number;
  /** Every message arrived, verified, and its attempt is in the delivery log. */
  complete: boolean;
  /** Delivery-log rows of the bench's messages (one per attempt). */
  logged: number;
  /** Where one booking's time goes, without and with webhooks (phase-split.ts), taken before the throughput runs. */
  split: string[];
};

/** Gives the host's event type WEBHOOKS_PER_EVENT_TYPE webhooks through the API, each on its own receiver path with its own secret. */
function addWebhooks(baseUrl: string, receiver: BenchReceiver, prefix = "/bench") {
  return async ({ eventType, apiKey }: MadeHost, hostIndex: number) => {
    await Promise.all(
      Array.from({ length: WEBHOOKS_PER_EVENT_TYPE }, async (_, k) => {
        const path = `${prefix}/${hostIndex}/${k}`;
        const secret = `whsec_${randomBytes(32).toString("base64")}`;
        receiver.expectSecret(path, secret);
        const response = await fetch(`${baseUrl}/v2/event-types/${eventType.id}/webhooks`, {
          method: "POST",
          headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({ subscriberUrl: receiver.url(path), triggers: ["BOOKING_CREATED"], active: true, secret }),
        });
        if (response.status !== 201) throw new Error(`creating a webhook: ${response.status} ${await response.text()}`);
      }),
    );
  };
}

async function waitForDeliveries(receiver: BenchReceiver, expected: number, prefix = "/bench/"): Promise<Arrival[]> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while (receiver.arrivals(prefix).length < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return receiver.arrivals(prefix);
}

/** Signed POSTs of `body` to the receiver's `path`, one after another (the worker's way) for `ms`: POSTs per second. */
async function directPostRate(receiver: BenchReceiver, body: string, ms: number, path = "/direct"): Promise<number> {
  const secret = `whsec_${randomBytes(32).toString("base64")}`;
  receiver.expectSecret(path, secret);
  const signer = new Webhook(secret);
  const startedAt = performance.now();
  let sent = 0;
  while (performance.now() - startedAt < ms) {
    const id = `msg_direct${sent++}`;
    const now = new Date();
    const headers = {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": signer.sign(id, now, body),
    };
    const response = await fetch(receiver.url(path), { method: "POST", headers, body });
    await response.arrayBuffer();
  }
  const seconds = (performance.now() - startedAt) / 1000;
  const unverified = receiver.arrivals(path).filter(({ verified }) => !verified).length;
  if (unverified > 0) throw new Error(`${unverified} direct POSTs did not verify: the receiver's check is wrong`);
  return sent / seconds;
}

export async function webhookBench(baseUrl: string, load: Load): Promise<WebhookFigures> {
  const receiver = await startBenchReceiver();
  try {
    const warmup = await freeSlotBookings(WARMUP_BOOKINGS, 30, undefined, { addressPrefix: "10.81" });
    // Bodies for every set of slices the figure may take (interleaved.ts untilDecided): only the sets measured are sent.
    const without = await freeSlotBookings(MAX_SLICE_SETS * BOOKINGS, 2, undefined, { addressPrefix: "10.82" });
    const hooked = await freeSlotBookings(MAX_SLICE_SETS * BOOKINGS, 2, undefined, { addressPrefix: "10.83", withHost: addWebhooks(baseUrl, receiver) });
    const ALL_SLICES = MAX_SLICE_SETS * WEBHOOK_SLICES;
    const probe = (bodies: Pick<Probe, "bodies" | "headersPerBody">): Probe => ({
      method: "POST",
      path: "/v2/bookings",
      headers: V,
      ...bodies,
      expectStatus: 201,
    });

    await measure(baseUrl, probe(warmup), load);
    // The split's bookings send their messages to other paths, delivered (or not) before the throughput runs start.
    const splitWithout = await freeSlotBookings(SPLIT_SAMPLES, 40, undefined, { addressPrefix: "10.84" });
    const splitWith = await freeSlotBookings(SPLIT_SAMPLES, 40, undefined, { addressPrefix: "10.85", withHost: addWebhooks(baseUrl, receiver, "/split") });
    const split = [
      ...formatPhaseSplit("POST /v2/bookings, no webhooks", await phaseSplit(baseUrl, probe(splitWithout), SPLIT_SAMPLES)),
      ...formatPhaseSplit(`POST /v2/bookings, ${WEBHOOKS_PER_EVENT_TYPE} webhooks`, await phaseSplit(baseUrl, probe(splitWith), SPLIT_SAMPLES)),
    ];
    // The direct POSTs' first second warms the signer and the connection; its sample body is a real message.
    const sample = (await waitForDeliveries(receiver, 1, "/split/"))[0]?.body ?? "{}";
    await directPostRate(receiver, sample, DIRECT_SLICE_MS / 2, "/direct-warmup");

    const drains: { after: number; seconds: number }[] = [];
    let received: Arrival[] = [];
    // Slice `index` of set `set`: its share of the bodies of every set.
    const measureWithout = (set: number) => async (index: number) => {
      await queuesIdle();
      return measure(baseUrl, slice(probe(without), set * WEBHOOK_SLICES + index, ALL_SLICES), load);
    };
    const measureWith = (set: number) => async (index: number) => {
      await queuesIdle();
      const hookedSlice = slice(probe(hooked), set * WEBHOOK_SLICES + index, ALL_SLICES);
      const measured = await measure(baseUrl, hookedSlice, load);
      const endedAt = Date.now();
      const expectedSoFar = received.length + hookedSlice.bodies!.length * WEBHOOKS_PER_EVENT_TYPE;
      received = await waitForDeliveries(receiver, expectedSoFar);
      const after = received.filter(({ at }) => at > endedAt);
      drains[set * WEBHOOK_SLICES + index] = { after: after.length, seconds: Math.max(0, (Math.max(endedAt, ...after.map(({ at }) => at)) - endedAt) / 1000) };
      return measured;
    };
    const measureDirect = async () => {
      await queuesIdle();
      return directPostRate(receiver, sample, DIRECT_SLICE_MS);
    };
    // In the slices' order (without, with, direct, direct, with, without, …) the direct POSTs always run next to the
    // worker's deliveries they are set against. Another set of slices while the ten webhooks' figure is inconclusive.
    const withoutSlices: Measurement[] = [];
    const withSlices: Measurement[] = [];
    const direct: number[] = [];
    const webhookRatios = () => sliceRatios(withSlices, withoutSlices, (m) => m.requestsPerSecond);
    let sets = 0;
    do {
      const measured = await interleave<Measurement | number>([measureWithout(sets), measureWith(sets), measureDirect], WEBHOOK_SLICES);
      withoutSlices.push(...(measured[0] as Measurement[]));
      withSlices.push(...(measured[1] as Measurement[]));
      direct.push(...(measured[2] as number[]));
      sets += 1;
    } while (sets < MAX_SLICE_SETS && verdictOf(sliceSpread(webhookRatios()), { atLeast: MIN_RATIO }) === "inconclusive");
    const workerRates = drains.map(({ after, seconds }) => (seconds > 0 ? after / seconds : Number.NaN));

    const expected = sets * BOOKINGS * WEBHOOKS_PER_EVENT_TYPE;
    const delivered = summarise(received, expected, drains);
    const logged = await deliveredAttempts(received.map(({ id }) => id));
    return {
      bookings: sets * BOOKINGS,
      webhooks: WEBHOOKS_PER_EVENT_TYPE,
      without: pooled(withoutSlices),
      with: pooled(withSlices),
      ratio: sliceSpread(webhookRatios()),
      target: MIN_RATIO,
      delivered,
      workerPerSecond: sliceSpread(workerRates),
      directPerSecond: sliceSpread(direct),
      workerRatio: sliceSpread(sliceRatios(workerRates, direct, (rate) => rate)),
      workerTarget: MIN_WORKER_RATIO,
      complete: delivered.distinctIds === expected && delivered.verified === delivered.total && logged >= expected,
      logged,
      split,
    };
  } finally {
    await receiver.stop();
  }
}

/** Messages among `ids` whose successful attempt is in the delivery log. */
async function deliveredAttempts(ids: string[]): Promise<number> {
  const rows = await sql<{ logged: number }>(
    `SELECT count(DISTINCT "messageId")::int AS logged FROM "WebhookAttempt" WHERE "messageId" = ANY($1::text[]) AND status BETWEEN 200 AND 299`,
    [[...new Set(ids)]],
  );
  return rows[0]?.logged ?? 0;
}

function summarise(received: Arrival[], expected: number, drains: { after: number; seconds: number }[]): Delivered {
  const times = received.map(({ at }) => at);
  return {
    total: received.length,
    expected,
    verified: received.filter(({ verified }) => verified).length,
    distinctIds: new Set(received.map(({ id }) => id)).size,
    afterBookings: drains.reduce((sum, { after }) => sum + after, 0),
    afterSeconds: drains.reduce((sum, { seconds }) => sum + seconds, 0),
    wholeSeconds: times.length ? (Math.max(...times) - Math.min(...times)) / 1000 : 0,
  };
}
