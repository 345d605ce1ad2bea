/**
 * A clean stop (issue 12): SIGTERM while a worker is in the middle of a webhook delivery (the receiver answers after
 * 2 s) lets that delivery finish, logs it, completes its job, and the process exits 0 soon after. An instance of its
 * own over a database of its own, so the run's shared server cannot take the job.
 */
import { randomBytes } from "node:crypto";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { applyMigrations } from "../../server/db/schema-engine";
import { createScratchDatabase } from "../../server/db/scratch-database";
import { expect, test } from "../support/fixtures";
import { postgresServerUrl, startServerProcess } from "../support/test-server";
import { startWebhookReceiver } from "../support/webhook-receiver";

const V = { "svc-api-version": "2024-08-13" };
const SLOW_ANSWER_MS = 2_000;
/** The slow answer, the rest of the stop (pg-boss's graceful stop, closing pools) and a margin for a loaded machine. */
const EXIT_BOUND_MS = 8_000;

test("SIGTERM during a webhook delivery: the delivery completes and is logged, its job completes, the process exits 0", async () => {
  test.setTimeout(120_000);
  const saved = process.env.DATABASE_URL;
  const database = await createScratchDatabase(postgresServerUrl(), "convene_stop");
  const receiver = await startWebhookReceiver();
  let instance: Awaited<ReturnType<typeof startServerProcess>> | null = null;
  try {
    await applyMigrations(database.url);
    instance = await startServerProcess(database.url, {
      ALLOW_PRIVATE_NETWORK_URLS: "true",
      // Webhook secrets are sealed with it.
      CALENDAR_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    });
    await disconnectDb();
    process.env.DATABASE_URL = database.url;
    const { eventType, apiKey } = await makeHostWithEventType();

    const path = `/slow-${eventType.id}`;
    const hook = await fetch(`${instance.baseUrl}/v2/event-types/${eventType.id}/webhooks`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ subscriberUrl: receiver.url(path), triggers: ["BOOKING_CREATED"], active: true }),
    });
    expect(hook.status).toBe(201);
    const webhook = ((await hook.json()) as { data: { id: number; secret: string } }).data;
    receiver.expectSecrets(path, [webhook.secret]);
    receiver.script(path, [{ status: 200, body: "took my time", delayMs: SLOW_ANSWER_MS }]);

    const created = await fetch(`${instance.baseUrl}/v2/bookings`, {
      method: "POST",
      headers: { ...V, "content-type": "application/json" },
      body: JSON.stringify({ eventTypeId: eventType.id, start: utcAt(2, 9).toISOString(), attendee: attendee() }),
    });
    expect(created.status).toBe(201);
    const booking = ((await created.json()) as { data: { uid: string } }).data;

    // The request has reached the receiver, whose answer is still 2 s away: the delivery is running now.
    const [delivery] = await receiver.waitFor(path, 1, 30_000);
    const exit = await instance.terminate(30_000);
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.afterMs).toBeLessThan(EXIT_BOUND_MS);
    // It waited for the answer rather than dropping the attempt.
    expect(exit.afterMs).toBeGreaterThanOrEqual(SLOW_ANSWER_MS - 500);

    expect(delivery!.verifiedWith).toEqual([webhook.secret]);
    expect(JSON.parse(delivery!.body)).toMatchObject({ triggerEvent: "BOOKING_CREATED", payload: { uid: booking.uid } });
    const message = await db.webhookMessage.findFirstOrThrow({
      where: { webhookId: webhook.id },
      select: { id: true, state: true, attemptCount: true, attempts: { select: { attempt: true, status: true, response: true } } },
    });
    expect(message).toMatchObject({ state: "DELIVERED", attemptCount: 1, attempts: [{ attempt: 1, status: 200, response: "took my time" }] });
    const jobs = await db.$queryRawUnsafe<{ state: string }[]>(
      `SELECT state::text FROM pgboss.job WHERE name = 'webhook.deliver' AND data->>'messageId' = $1`,
      message.id,
    );
    expect(jobs).toEqual([{ state: "completed" }]);
    expect(receiver.deliveries(path)).toHaveLength(1);
  } finally {
    await disconnectDb();
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
    await instance?.stop();
    await receiver.stop();
    await database.drop();
  }
});
