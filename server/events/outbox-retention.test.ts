/** The outbox's retention: events and webhook messages older than the cutoff go (in batches), newer ones stay. */
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { makeUser } from "../../prisma/factories";
import { db, disconnectDb, sql } from "../db/client";
import { startJobs, stopJobs } from "../jobs/queue";
import { OUTBOX_RETENTION_DAYS, PRUNE_CRON, PRUNE_JOB, pruneOutbox, registerOutboxPruning } from "./outbox-retention";

afterAll(() => disconnectDb());

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

async function event(occurredAt: Date) {
  const id = randomUUID();
  await db.domainEvent.create({ data: { id, type: "BOOKING_CREATED", occurredAt, userIds: [], payload: {} } });
  await db.domainEventMail.create({ data: { eventId: id, letter: "main", recipient: "a@example.test", sentAt: occurredAt } });
  return id;
}

async function message(webhookId: number, createdAt: Date) {
  const id = `msg_${randomUUID().replaceAll("-", "")}`;
  await db.webhookMessage.create({ data: { id, webhookId, trigger: "BOOKING_CREATED", payload: {}, state: "DELIVERED", createdAt } });
  await db.webhookAttempt.create({ data: { messageId: id, attempt: 1, startedAt: createdAt, durationMs: 5, status: 200, response: "ok" } });
  return id;
}

describe("pruneOutbox", () => {
  it("deletes events (with their mail receipts) and webhook messages (with their attempts) older than the retention, keeps the rest", async () => {
    const user = await makeUser();
    const webhook = await db.webhook.create({
      data: { userId: user.id, subscriberUrl: "https://hooks.example.test/in", triggers: ["BOOKING_CREATED"], secretEncrypted: "sealed" },
    });
    const [oldEvent, youngEvent] = [await event(ago(OUTBOX_RETENTION_DAYS + 1)), await event(ago(OUTBOX_RETENTION_DAYS - 1))];
    const [oldMessage, youngMessage] = [await message(webhook.id, ago(OUTBOX_RETENTION_DAYS + 1)), await message(webhook.id, ago(1))];

    const pruned = await pruneOutbox();

    expect(pruned.events).toBeGreaterThanOrEqual(1);
    expect(pruned.messages).toBeGreaterThanOrEqual(1);
    expect((await db.domainEvent.findMany({ where: { id: { in: [oldEvent, youngEvent] } } })).map(({ id }) => id)).toEqual([youngEvent]);
    expect(await db.domainEventMail.count({ where: { eventId: oldEvent } })).toBe(0);
    expect(await db.domainEventMail.count({ where: { eventId: youngEvent } })).toBe(1);
    expect((await db.webhookMessage.findMany({ where: { id: { in: [oldMessage, youngMessage] } } })).map(({ id }) => id)).toEqual([youngMessage]);
    expect(await db.webhookAttempt.count({ where: { messageId: oldMessage } })).toBe(0);
    expect(await db.webhookAttempt.count({ where: { messageId: youngMessage } })).toBe(1);
  });

  it("deletes more than one batch", async () => {
    await sql(
      `INSERT INTO "DomainEvent" (id, type, "occurredAt", "userIds", payload)
       SELECT gen_random_uuid(), 'BOOKING_CREATED', (now() AT TIME ZONE 'UTC') - interval '40 days', '{}', '{}' FROM generate_series(1, 2500)`,
    );
    expect((await pruneOutbox()).events).toBeGreaterThanOrEqual(2500);
    const [{ left }] = (await sql<{ left: number }>(
      `SELECT count(*)::int AS left FROM "DomainEvent" WHERE "occurredAt" < (now() AT TIME ZONE 'UTC') - interval '31 days'`,
    )) as [{ left: number }];
    expect(left).toBe(0);
  });

  it("is scheduled hourly through pg-boss's cron when the jobs start", async () => {
    vi.stubEnv("JOBS_WORKERS", "0");
    registerOutboxPruning();
    try {
      await startJobs();
    } finally {
      await stopJobs();
      vi.unstubAllEnvs();
    }
    const rows = await sql<{ cron: string; timezone: string }>(`SELECT cron, timezone FROM pgboss.schedule WHERE name = $1`, [PRUNE_JOB]);
    expect(rows).toEqual([{ cron: PRUNE_CRON, timezone: "UTC" }]);
  });
});
