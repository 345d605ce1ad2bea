/**
 * What a booking does outside and inside the host lock (create/plan.ts): a slot already taken fails before the
 * lock, and a booking committed while a request waited for the lock is seen by the check under it, buffers included.
 */
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { expectAppError } from "../../e2e/support/rejections";
import { db } from "../db/client";
import { createBooking } from "./create";

const noKey = { idempotencyKey: null };
const LOCK_NAMESPACE = 7_201; // host-lock.ts

/** Another session holding a host's booking lock in an open transaction, as a booking in progress does. */
async function holdHostLock(hostId: number) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query("BEGIN");
  await client.query("SELECT pg_advisory_xact_lock($1::int, $2::int)", [LOCK_NAMESPACE, hostId]);
  return client;
}

const open: pg.Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.query("ROLLBACK").finally(() => client.end())));
});

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms))]);

describe("the host lock covers only what needs it", () => {
  it("a slot already taken is refused without waiting for the lock", async () => {
    const { host, eventType } = await makeHostWithEventType();
    await createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 10), attendee: attendee() }, noKey);
    open.push(await holdHostLock(host.id));
    // Waiting for the lock would last until the other session ends (never, here) or the transaction deadline.
    await within(expectAppError(createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 10), attendee: attendee() }, noKey), "CONFLICT"), 3_000);
  });

  it("a booking committed while a request waited for the lock is seen under it, with its buffer", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { afterEventBuffer: 30 } });
    const locker = await holdHostLock(host.id);
    open.push(locker);
    // Passes the check before the lock (the host is free at 10:30), then waits for the lock.
    const waiting = createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 10, 30), attendee: attendee() }, noKey).then(
      () => null,
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Meanwhile the lock holder books 10:00–10:30: no overlap for the exclusion constraint, but its 30-minute
    // buffer covers 10:30–11:00, so the waiting request must now be refused.
    const start = utcAt(2, 10);
    const end = utcAt(2, 10, 30);
    const { rows } = await locker.query(
      `INSERT INTO "Booking" (uid, "eventTypeId", title, start, "end", status, metadata, "updatedAt")
       VALUES (gen_random_uuid()::text, $1, 'Concurrent', $2::timestamptz AT TIME ZONE 'UTC', $3::timestamptz AT TIME ZONE 'UTC', 'ACCEPTED', '{}', now()) RETURNING id`,
      [eventType.id, start.toISOString(), end.toISOString()],
    );
    await locker.query(
      `INSERT INTO "BookingHost" ("bookingId", "userId", start, "end", "isLive") VALUES ($1, $2, $3::timestamptz AT TIME ZONE 'UTC', $4::timestamptz AT TIME ZONE 'UTC', true)`,
      [rows[0].id, host.id, start.toISOString(), end.toISOString()],
    );
    await locker.query("COMMIT");
    open.splice(open.indexOf(locker), 1);
    await locker.end();
    const error = await within(waiting, 5_000);
    expect(error).toMatchObject({ code: "CONFLICT" });
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(1);
  });
});
