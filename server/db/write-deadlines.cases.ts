/**
 * An error answer means nothing was written (issue 33), on whichever database the test file points the client at,
 * while another session locks the tables a write needs.
 *
 * The booking's one-round-trip batch carries its COMMIT. When its statements wait behind locks one after the other,
 * each stays under statement_timeout while the batch outlasts the client's deadline: pg's query_timeout then answered
 * 503 and PostgreSQL committed a moment later. Now the deadline cancels the batch on the server and waits for its
 * answer (query-deadline.ts). The other writes (a reschedule, a site procedure) are held behind a lock past every
 * deadline: an error, and once the lock is gone nothing of theirs exists, no event, no job.
 *
 * Modules are imported inside the cases: the embedded file points the database client at PGlite in a beforeAll.
 */
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";

/** Each statement may wait 2.5 s on the server; the client's deadline is 3.5 s (statement + 1 s, deadlines.ts). */
export const DEADLINES = {
  DATABASE_STATEMENT_TIMEOUT_MS: "2500",
  DATABASE_CONNECT_TIMEOUT_MS: "2000",
  DATABASE_CANCEL_GRACE_MS: "1500",
  DATABASE_TRANSACTION_TIMEOUT_MS: "8000",
};
const noParams = { params: Promise.resolve({}) };
const load = async () => {
  const [client, factories, bookings, reschedule, actor, trpc, root] = await Promise.all([
    import("./client"),
    import("@/prisma/scheduling-factories"),
    import("@/app/v2/bookings/route"),
    import("@/app/v2/bookings/[bookingUid]/reschedule/route"),
    import("../auth/actor"),
    import("../trpc/init"),
    import("../trpc/root"),
  ]);
  return { ...client, ...factories, postBooking: bookings.POST, postReschedule: reschedule.POST, ...actor, ...trpc, ...root };
};

type Seed = { hostId: number; eventTypeId: number };
let seed: Seed;

async function bookingRequest(start: Date, email?: string) {
  const { attendee } = await load();
  const person = attendee();
  return new Request("http://localhost:3000/v2/bookings", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ eventTypeId: seed.eventTypeId, start: start.toISOString(), attendee: { ...person, email: email ?? person.email } }),
  });
}

/** Another session holding `table` in EXCLUSIVE mode (reads pass, writes wait) until `release()`. */
async function lockTable(table: string) {
  const session = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await session.connect();
  await session.query("BEGIN");
  await session.query(`LOCK TABLE "${table}" IN EXCLUSIVE MODE`);
  let released: Promise<void> | null = null;
  const release = () => (released ??= session.query("COMMIT").then(() => session.end()));
  return { release, releaseAfter: (ms: number) => new Promise<void>((resolve) => setTimeout(() => void release().then(resolve), ms)) };
}

async function countRows() {
  const { db } = await load();
  const [bookings, events, jobs] = await Promise.all([
    db.booking.count(),
    db.domainEvent.count(),
    db.$queryRawUnsafe<{ count: bigint }[]>("SELECT count(*) FROM pgboss.job").then(([row]) => Number(row!.count)),
  ]);
  return { bookings, events, jobs };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sets the small deadlines, reconnects, and makes a host whose event type has been booked once (its row kept). */
export function seedForDeadlines(): void {
  beforeAll(async () => {
    const { disconnectDb, makeHostWithEventType, utcAt, postBooking } = await load();
    await disconnectDb();
    Object.assign(process.env, DEADLINES);
    const { host, eventType } = await makeHostWithEventType();
    seed = { hostId: host.id, eventTypeId: eventType.id };
    // A first booking reads and keeps the event type's row, so the next ones take the one-round-trip batch.
    expect((await postBooking(await bookingRequest(utcAt(3, 9)), noParams)).status).toBe(201);
  }, 120_000);
}

/** PostgreSQL only: PGlite queues a connection's messages before its one backend, so nothing there waits on a lock mid-batch. */
export function batchBehindLocksInTurnCases(): void {
  describe("a booking whose batch waits behind two locks in turn, each shorter than statement_timeout", () => {
    it("is answered with an error only when nothing was written, and nothing commits after the answer", async () => {
      const { db, postBooking, attendee, utcAt } = await load();
      const before = await countRows();
      const email = attendee().email;
      const bookingLock = await lockTable("Booking");
      const eventLock = await lockTable("DomainEvent");
      // The insert waits 1.8 s for Booking, then the event 2.1 s for DomainEvent: 3.9 s in all, past the 3.5 s deadline.
      const releases = Promise.all([bookingLock.releaseAfter(1_800), eventLock.releaseAfter(3_900)]);
      const response = await postBooking(await bookingRequest(utcAt(3, 11), email), noParams);
      await releases;
      await sleep(500);
      // It could only have committed at 3.9 s, after the deadline: the truthful answer is the error, and nothing made.
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("SERVICE_UNAVAILABLE");
      expect(await db.attendee.count({ where: { email } })).toBe(0);
      expect(await countRows()).toEqual(before);
    }, 30_000);
  });
}

export function writesHeldPastEveryDeadlineCases(): void {
  describe("writes held behind a lock past every deadline", () => {
    it("a booking: an error, and after the lock is released no booking, no event, no job", async () => {
      const { db, postBooking, attendee, utcAt } = await load();
      const before = await countRows();
      const email = attendee().email;
      const lock = await lockTable("Booking");
      const response = await postBooking(await bookingRequest(utcAt(3, 13), email), noParams);
      expect(response.status).toBe(503);
      await lock.release();
      await sleep(500);
      expect(await db.attendee.count({ where: { email } })).toBe(0);
      expect(await countRows()).toEqual(before);
    }, 30_000);

    it("a reschedule: an error, and the booking stays where it was, with no new one and no event", async () => {
      const { db, postBooking, postReschedule, utcAt } = await load();
      const original = await postBooking(await bookingRequest(utcAt(4, 9)), noParams);
      const { data } = (await original.json()) as { data: { uid: string; start: string } };
      const before = await countRows();
      const lock = await lockTable("Booking");
      const response = await postReschedule(
        new Request(`http://localhost:3000/v2/bookings/${data.uid}/reschedule`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ start: utcAt(4, 14).toISOString() }),
        }),
        { params: Promise.resolve({ bookingUid: data.uid }) },
      );
      expect(response.status).toBe(503);
      await lock.release();
      await sleep(500);
      const stored = await db.booking.findUniqueOrThrow({ where: { uid: data.uid } });
      expect({ status: stored.status, start: stored.start.toISOString() }).toEqual({ status: "ACCEPTED", start: data.start });
      expect(await countRows()).toEqual(before);
    }, 30_000);

    it("a site procedure (creating an event type): an error, and no event type once the lock is gone", async () => {
      const { db, sessionActor, createCallerFactory, appRouter } = await load();
      const caller = createCallerFactory(appRouter)({ actor: sessionActor(seed.hostId), clientAddress: "127.0.0.1" });
      const slug = `held-${Date.now()}`;
      const lock = await lockTable("EventType");
      const outcome = await caller.eventTypes.create({ body: { title: "Held", slug, lengthInMinutes: 30 } }).then(
        () => "created",
        (error: Error) => error.message,
      );
      expect(outcome).not.toBe("created");
      await lock.release();
      await sleep(500);
      expect(await db.eventType.count({ where: { slug } })).toBe(0);
    }, 30_000);
  });
}
