/**
 * The sweep (webhook-sweep.ts) on real rows and the real queue tables: a PENDING message whose attempt is long overdue
 * and that no unfinished job names gets a new attempt once, however often the sweep runs; a WAITING message with
 * nothing PENDING ahead of it is let go; a message whose job is still queued is left alone.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { utcAt } from "../../prisma/scheduling-factories";
import { sessionActor } from "../auth/actor";
import { db, sql } from "../db/client";
import { DELIVER_JOB } from "./webhook-delivery";
import { messagesForEvent } from "./webhook-messages";
import { STALL_MINUTES, sweepStalledMessages } from "./webhook-sweep";
import { createWebhook } from "./webhook.service";
import type { UrlPolicy } from "./webhook-url";

const local: UrlPolicy = { allowPrivateNetwork: true, resolve: async () => [{ address: "127.0.0.1", family: 4 }] };

/** A booking with two events whose messages were made while their jobs got lost (nothing was enqueued). */
async function messagesWithoutJobs() {
  const user = await makeUser();
  await createWebhook(
    sessionActor(user.id),
    { kind: "user" },
    { subscriberUrl: `http://127.0.0.1:9/sweep-${user.id}`, triggers: ["BOOKING_CREATED", "BOOKING_CANCELLED"], active: true },
    local,
  );
  const booking = await db.booking.create({ data: { title: "Call", start: utcAt(3, 9), end: utcAt(3, 9, 30), status: "ACCEPTED" } });
  const ids: string[] = [];
  for (const type of ["BOOKING_CREATED", "BOOKING_CANCELLED"]) {
    const event = await db.domainEvent.create({
      data: { id: randomUUID(), type, bookingId: booking.id, bookingUid: booking.uid, userIds: [user.id], payload: {} },
    });
    ids.push(...(await messagesForEvent(event, async () => {})));
  }
  return ids as [string, string];
}

const overdue = (id: string) => db.webhookMessage.update({ where: { id }, data: { nextAttemptAt: new Date(Date.now() - 2 * STALL_MINUTES * 60_000) } });

const unfinishedJobsOf = async (messageId: string) =>
  sql<{ attempt: number }>(`SELECT (data->>'attempt')::int AS attempt FROM pgboss.job WHERE name = $1 AND state < 'completed' AND data->>'messageId' = $2`, [
    DELIVER_JOB,
    messageId,
  ]);

const stateOf = async (id: string) => (await db.webhookMessage.findUniqueOrThrow({ where: { id }, select: { state: true } })).state;

describe("webhook sweep", () => {
  it("enqueues the next attempt of an overdue PENDING message without a job, once", async () => {
    const [created, cancelled] = await messagesWithoutJobs();
    await overdue(created);
    await db.webhookMessage.update({ where: { id: created }, data: { attemptCount: 2 } });

    await sweepStalledMessages();
    expect(await unfinishedJobsOf(created)).toEqual([{ attempt: 3 }]);
    await sweepStalledMessages();
    expect(await unfinishedJobsOf(created)).toEqual([{ attempt: 3 }]);
    // The later message keeps waiting behind it: the sweep restarts the line, it does not jump it.
    expect(await stateOf(cancelled)).toBe("WAITING");
    expect(await unfinishedJobsOf(cancelled)).toEqual([]);
  });

  it("leaves a PENDING message whose attempt is not overdue", async () => {
    const [created] = await messagesWithoutJobs();
    await db.webhookMessage.update({ where: { id: created }, data: { nextAttemptAt: new Date() } });
    await sweepStalledMessages();
    expect(await unfinishedJobsOf(created)).toEqual([]);
  });

  it("lets go a WAITING message that has nothing PENDING ahead of it", async () => {
    const [created, cancelled] = await messagesWithoutJobs();
    // Ended without its release (a crash between two statements of an older version, a row edited by hand).
    await db.webhookMessage.update({ where: { id: created }, data: { state: "FAILED", nextAttemptAt: null } });

    await sweepStalledMessages();
    expect(await stateOf(cancelled)).toBe("PENDING");
    expect(await unfinishedJobsOf(cancelled)).toEqual([{ attempt: 1 }]);
  });
});
