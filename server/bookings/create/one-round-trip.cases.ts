/**
 * The one-round-trip booking's behaviour, run on PostgreSQL (one-round-trip.test.ts) and on the embedded PGlite
 * (one-round-trip.embedded.test.ts). Modules are imported inside each case: the embedded file points the database
 * at PGlite first.
 */
import { expect, it } from "vitest";

async function load() {
  const [{ db }, factories, timing, create, rows, rules, fresh, write, lock, dto, ids] = await Promise.all([
    import("../../db/client"),
    import("@/prisma/scheduling-factories"),
    import("../../http/server-timing"),
    import("./index"),
    import("./bookable-row"),
    import("../booking-rules"),
    import("./new-booking"),
    import("./one-round-trip"),
    import("../host-lock"),
    import("../booking.dto"),
    import("./sharing"),
  ]);
  return { db, ...factories, ...timing, ...create, ...rows, ...rules, ...fresh, ...write, ...lock, ...dto, ...ids };
}

/** The parts of a booking written after the check under the lock, as counted rows. */
async function writtenFor(eventTypeId: number, bookingId: number) {
  const { db } = await load();
  const [bookings, attendees, events] = await Promise.all([
    db.booking.count({ where: { eventTypeId } }),
    db.attendee.count({ where: { bookingId } }),
    db.domainEvent.count({ where: { bookingId } }),
  ]);
  return { bookings, attendees, events };
}

/** A booking of `eventType` at `start` made ready for writeFreeSlot as createBooking makes it, the slot checked before. */
async function readyToWrite(eventTypeId: number, start: Date) {
  const { queryBookableRow, newBookingOf, candidateHostIds, hostUsersOf, reserveBookingIds, attendee } = await load();
  const eventType = (await queryBookableRow(eventTypeId))!;
  const hostIds = candidateHostIds(eventType);
  const input = { eventTypeId, start, attendee: attendee() };
  const booking = newBookingOf(
    eventType,
    input,
    { bookingFieldsResponses: {}, location: null },
    { end: new Date(start.getTime() + 30 * 60_000), hostIds },
    null,
  );
  return { eventType, booking, hostUsers: hostUsersOf(eventType, hostIds)!, ids: await reserveBookingIds(1) };
}

export function freeSlotCases(options: { maxRoundTrips: number }) {
  it(`books a free slot in at most ${options.maxRoundTrips} round trips and answers exactly the booking it stored, with its event`, async () => {
    const { db, makeHostWithEventType, utcAt, attendee, recordServerTiming, parseServerTiming, createBooking, BOOKING_SELECT, toBookingOutput } = await load();
    const { eventType } = await makeHostWithEventType({ eventType: { locations: [{ type: "address", address: "1 Main St", public: true }] } });
    await createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 9), attendee: attendee() }, { idempotencyKey: null }); // this process's first emit checks the queues once
    const input = {
      eventTypeId: eventType.id,
      start: utcAt(2, 10),
      attendee: { ...attendee(), phoneNumber: "+442079460958" },
      guests: ["ada@example.test", "ada@example.test", "bob@example.test"],
      metadata: { zeta: "last", alpha: "first", nested: "x" },
    };
    // The fewest of three bookings: a test file running beside this one may invalidate a shared cache (calendar-cache.ts)
    // now and then, which costs one booking a read that has nothing to do with its path.
    const runs = [];
    for (const hour of [10, 11, 12]) {
      const { result, header } = await recordServerTiming(() => createBooking(null, { ...input, start: utcAt(2, hour) }, { idempotencyKey: null }));
      runs.push({ result, queries: parseServerTiming(header()).db!.queries! });
    }
    expect(Math.min(...runs.map((run) => run.queries))).toBeLessThanOrEqual(options.maxRoundTrips);
    const { result } = runs[0]!;
    const stored = await db.booking.findUniqueOrThrow({ where: { uid: result.booking.uid }, select: BOOKING_SELECT });
    expect(result.booking).toEqual(toBookingOutput(stored));
    const event = await db.domainEvent.findFirstOrThrow({ where: { bookingId: stored.id } });
    expect(event.type).toBe("BOOKING_CREATED");
    expect((event.payload as { booking: unknown }).booking).toEqual(JSON.parse(JSON.stringify(result.booking)));
    const jobs = await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'eventId' = $1`, event.id);
    expect(jobs[0]!.n).toBeGreaterThan(0);
  }, 60_000);

  it("a hold or a booking in the buffer that came after the check: 409, and nothing of the booking is written, its event neither", async () => {
    const { db, makeHostWithEventType, utcAt, writeFreeSlot } = await load();
    const { host, eventType } = await makeHostWithEventType({ eventType: { afterEventBuffer: 15 } });
    const start = utcAt(3, 10);
    const held = await readyToWrite(eventType.id, start);
    await db.slotReservation.create({
      data: { eventTypeId: eventType.id, hostIds: [host.id], start, end: new Date(start.getTime() + 30 * 60_000), minutes: 5, expiresAt: utcAt(4, 0) },
    });
    await expect(writeFreeSlot(held)).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await writtenFor(eventType.id, held.ids.bookingId)).toEqual({ bookings: 0, attendees: 0, events: 0 });

    // Ten minutes after the end: no overlap for the exclusion constraint, but inside the 15 minutes' buffer.
    const later = utcAt(3, 14);
    const buffered = await readyToWrite(eventType.id, later);
    const other = await db.booking.create({
      data: {
        eventTypeId: eventType.id,
        uid: `other-${buffered.ids.bookingId}`,
        title: "Other",
        start: new Date(later.getTime() + 40 * 60_000),
        end: new Date(later.getTime() + 70 * 60_000),
        status: "ACCEPTED",
        metadata: {},
      },
    });
    await db.bookingHost.create({ data: { bookingId: other.id, userId: host.id, start: other.start, end: other.end } });
    await expect(writeFreeSlot(buffered)).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await writtenFor(eventType.id, buffered.ids.bookingId)).toEqual({ bookings: 1, attendees: 0, events: 0 });
  }, 60_000);
}

/**
 * The common booking's check before its batch reads none of the database's busy time (slot-inputs.ts BusyUnderLock):
 * the batch checks bookings, holds and absences itself. An absence can move the slot grid, which only the whole check
 * computes: the batch then writes nothing and the whole check decides.
 */
export function busyInTheBatchCases() {
  const noKey = { idempotencyKey: null };

  it("an absence that moves the day's slot grid: the start it makes is booked, the one it removes is refused, in one booking", async () => {
    const { db, makeHostWithEventType, utcAt, attendee, createBooking } = await load();
    const { host, eventType } = await makeHostWithEventType(); // 9:00–17:00 UTC, 30-minute slots
    const book = (start: Date) => createBooking(null, { eventTypeId: eventType.id, start, attendee: attendee() }, noKey);
    // Away 9:00–9:10: the day's window starts at 9:10, and its grid with it (9:10, 9:40, …).
    await db.outOfOffice.create({ data: { userId: host.id, start: utcAt(5, 9), end: utcAt(5, 9, 10) } });
    await expect(book(utcAt(5, 10))).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await book(utcAt(5, 10, 10))).created).toBe(true);
    // The next day has no absence: its grid stays on the hour and half hour.
    await expect(book(utcAt(6, 10, 10))).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await book(utcAt(6, 10))).created).toBe(true);
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(2);
  }, 60_000);

  it("a slot another booker holds, or that an absence covers: 409, and nothing of the booking is written", async () => {
    const { db, makeHostWithEventType, utcAt, attendee, createBooking } = await load();
    const { host, eventType } = await makeHostWithEventType();
    const book = (start: Date) => createBooking(null, { eventTypeId: eventType.id, start, attendee: attendee() }, noKey);
    const held = utcAt(7, 11);
    await db.slotReservation.create({
      data: { eventTypeId: eventType.id, hostIds: [host.id], start: held, end: utcAt(7, 11, 30), minutes: 5, expiresAt: utcAt(8, 0) },
    });
    await expect(book(held)).rejects.toMatchObject({ code: "CONFLICT" });
    await db.outOfOffice.create({ data: { userId: host.id, start: utcAt(7, 14), end: utcAt(7, 16) } });
    await expect(book(utcAt(7, 15))).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(0);
    expect(await db.domainEvent.count({ where: { eventTypeId: eventType.id } })).toBe(0);
  }, 60_000);
}

/**
 * The common booking decides on this instance's copy of its event type's row (create/sharing.ts: kept rows), and its batch
 * checks the copy is still the row. Every change the row carries reaches the next booking, whether it would have
 * written a different booking or refused it.
 */
export function keptRowCases() {
  const noKey = { idempotencyKey: null };

  it("a host's new name, a new title and a new schedule reach the next booking on a kept row; a hidden event type refuses it", async () => {
    const { db, makeHostWithEventType, utcAt, attendee, createBooking } = await load();
    const { host, schedule, eventType } = await makeHostWithEventType();
    const book = (start: Date) => createBooking(null, { eventTypeId: eventType.id, start, attendee: attendee("Ada Lovelace") }, noKey);
    await book(utcAt(3, 9)); // reads the row and keeps it

    await db.user.update({ where: { id: host.id }, data: { name: "Renamed Host" } });
    await db.eventType.update({ where: { id: eventType.id }, data: { title: "Renamed call" } });
    const renamed = await book(utcAt(3, 10));
    expect(renamed.booking.hosts[0]!.name).toBe("Renamed Host");
    expect(renamed.booking.title).toContain("Renamed call");

    // 7:00 is outside the kept copy's hours: the refusal on the copy is decided again on the row, which now has it.
    await db.availability.updateMany({ where: { scheduleId: schedule.id }, data: { startMinute: 7 * 60 } });
    expect((await book(utcAt(3, 7))).created).toBe(true);

    await db.eventType.update({ where: { id: eventType.id }, data: { hidden: true } });
    await expect(book(utcAt(3, 11))).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(3);
  }, 60_000);
}

/** PostgreSQL only (PGlite has one backend: a second transaction cannot hold a lock meanwhile). */
export function hostLockCase() {
  it("takes the host lock: it waits for a transaction holding it, then sees that transaction's booking and answers 409", async () => {
    const { db, makeHostWithEventType, utcAt, writeFreeSlot, lockHosts, attendee } = await load();
    const { host, eventType } = await makeHostWithEventType();
    const start = utcAt(4, 10);
    const ready = await readyToWrite(eventType.id, start);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.$transaction(async (tx) => {
      await lockHosts(tx, [host.id]);
      const made = await tx.booking.create({
        data: {
          eventTypeId: eventType.id,
          uid: `held-${ready.ids.bookingId}`,
          title: attendee().name,
          start,
          end: new Date(start.getTime() + 30 * 60_000),
          status: "ACCEPTED",
          metadata: {},
        },
      });
      await tx.bookingHost.create({ data: { bookingId: made.id, userId: host.id, start: made.start, end: made.end } });
      locked();
      await released;
    });
    await isLocked;
    let settled = false;
    const writing = writeFreeSlot(ready).finally(() => (settled = true));
    writing.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    release();
    await holder;
    await expect(writing).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await writtenFor(eventType.id, ready.ids.bookingId)).toEqual({ bookings: 1, attendees: 0, events: 0 });
  }, 60_000);
}
