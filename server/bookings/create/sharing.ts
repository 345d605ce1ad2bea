/**
 * What requests of one app instance share, named in one place. Each is an optimisation that correctness never rests on:
 * every decision that counts is made again by the database in the booking's own transaction. Instances share nothing
 * but the database, so any number may run.
 *
 * | mechanism                  | where                            | what it shares                           | for how long                   | what invalidates it                                        |
 * |----------------------------|----------------------------------|------------------------------------------|--------------------------------|------------------------------------------------------------|
 * | shared reads               | db/shared-reads.ts, here          | one read of a row by a burst of requests | while the read runs            | nothing kept: a read never predates a request that joins it |
 * | shared SQL                 | db/client.ts sharedSql           | one statement sent alike by a burst (hosts' busy rows, round robin's last bookings), its rows parsed once (slot-inputs.ts busyRowOf) | while it runs | nothing kept |
 * | kept rows                  | here                             | the event type's bookable row            | until evicted (LRU, 2 000)     | the booking's batch: it checks the row's hash first (CV413) and a changed row is read afresh and kept again |
 * | slot flights               | here                             | one request per slot at a time           | while the first one runs       | nothing kept: the flight ends with the request              |
 * | id blocks                  | here                             | sequence values for bookings, attendees  | until handed out               | nothing to invalidate: ids stay unique, a gap is harmless   |
 * | hosts' busy periods        | slots/host-busy-cache.ts         | hosts' booked time between slot requests | until evicted (LRU, 5 000)     | HostBusyVersion, bumped by triggers in every transaction that changes a host's bookings |
 * | listening caches           | db/listening-cache.ts            | small rows (a profile, an OAuth client)  | a TTL                          | NOTIFY sent after the change commits (awaited: a floating promise is a lint error; never fails the request, a failed NOTIFY is logged) |
 *
 * The mechanisms of the booking path follow: the shared read of its row, kept rows, slot flights and id blocks.
 */
import type pg from "pg";
import { connectionPool, sql } from "../../db/client";
import { sharedReads } from "../../db/shared-reads";
import { slotTakenError, type BookableEventType } from "../booking-rules";
import { eventTypeNotFoundError, queryBookableRowAndHash } from "./bookable-row";
import type { ReservedIds } from "./new-booking";

// ---- Kept rows ----------------------------------------------------------------------------------------------------
/*
 * The event type rows the common booking decides on, kept per app instance with each row's hash
 * (bookable-row.ts). A burst of bookings then reads no row: each batch first builds the row again in the
 * database and compares hashes (requireSameRowStatement), so a booking is only ever written on the row as it stands
 * when the batch runs. A changed row (the event type, a host's name or schedule, a webhook) rolls the batch back,
 * and the booking decides again on a row read afresh, which is kept in turn. Instances share nothing but the
 * database, so any number may run.
 *
 * Only a booking that ends in that batch may use a kept row; any other outcome on it (a refusal, another write mode)
 * is decided again on a fresh row (plan.ts), since the copy may be what refused it.
 */
export type KeptRow = { row: BookableEventType; hash: string };

/** Rows kept at most (least recently used go first): a row with a few hosts' schedules is a few kilobytes. */
const MAX_ROWS = 2_000;

const kept = new Map<number, KeptRow>();

export function keptBookableRow(eventTypeId: number): KeptRow | undefined {
  const found = kept.get(eventTypeId);
  if (found) {
    kept.delete(eventTypeId);
    kept.set(eventTypeId, found);
  }
  return found;
}

export function keepBookableRow(eventTypeId: number, row: KeptRow | null): void {
  kept.delete(eventTypeId);
  if (!row) return;
  kept.set(eventTypeId, row);
  if (kept.size > MAX_ROWS) kept.delete(kept.keys().next().value!);
}

/**
 * A burst of bookings for one event type reads it once per moment, never older than the request (shared reads),
 * and keeps it for the next bookings (kept rows).
 */
export const readBookableEventType = sharedReads(async (eventTypeId: number) => {
  const found = await queryBookableRowAndHash(eventTypeId);
  keepBookableRow(eventTypeId, found);
  if (!found) throw eventTypeNotFoundError();
  return found.row;
});

// ---- Slot flights -------------------------------------------------------------------------------------------------
/*
 * A popular slot draws a burst of identical requests (a class opening, a shared link). Each would run the whole
 * availability check and then queue for the host lock, only to learn one by one, under the lock, that the first
 * took it. Inside one process that is avoidable: a request for a slot that another request of this process is
 * already booking waits for it (a "flight") and, if that one books it, is answered 409 at once.
 *
 * Why the answer is right: the request in flight was still running when the waiter arrived, so its booking
 * committed after the waiter's arrival: the slot was taken during the waiter's request. Only a booking that takes
 * every host the slot could have (not round robin) settles the waiters this way; any other outcome (an error, a
 * refusal, no booking) wakes them to run as usual, one flight at a time. Several processes each have their own
 * flights, and the host lock decides between them as before.
 *
 * Seats (seats.ts) fly the same way, keyed apart: a burst for a time with ten seats runs its joins one after another
 * in the process instead of queueing each on the booking's row, and once the last seat is taken (or a join finds none
 * left) every waiter hears "no seats left" at once instead of queueing to learn it.
 */
/** Resolves true when the request in flight booked the slot. On globalThis: Next.js may load this module once per route bundle. */
const flights = ((globalThis as unknown as { conveneSlotFlights?: Map<string, Promise<boolean>> }).conveneSlotFlights ??= new Map());

export const slotFlightKey = (eventTypeId: number, start: Date, lengthInMinutes: number) => `${eventTypeId}|${start.getTime()}|${lengthInMinutes}`;
/** A seated time's flight: its seats are one booking's, whatever length a seat asks for. */
export const seatFlightKey = (eventTypeId: number, start: Date) => `seat|${eventTypeId}|${start.getTime()}`;

/**
 * What else settles a flight's waiters. `filledBy(error)`: a refusal that says the slot is full as the database stands
 * (a seat past the last: its committed seats are all taken, so the waiters' would be too). `refusal`: what the waiters
 * of a filled slot hear (a taken slot's 409, or no seats left).
 */
export type FlightRules = { filledBy?: (error: unknown) => boolean; refusal?: () => Error };

/**
 * Runs `book` as the only request of this process booking `key`, after waiting for the one in flight (if any).
 * `filled(result)`: whether the result is a booking that leaves the slot with no free host (or seat).
 */
export async function inSlotFlight<T>(key: string, book: () => Promise<T>, filled: (result: T) => boolean, rules: FlightRules = {}): Promise<T> {
  for (let current = flights.get(key); current; current = flights.get(key)) {
    if (await current) throw (rules.refusal ?? slotTakenError)();
  }
  let settle!: (booked: boolean) => void;
  const flight = new Promise<boolean>((resolve) => (settle = resolve));
  flights.set(key, flight);
  try {
    const result = await book();
    settle(filled(result));
    return result;
  } catch (error) {
    settle(rules.filledBy?.(error) ?? false);
    throw error;
  } finally {
    // Runs before the waiters resume (they continue in later microtasks), so the first of them starts the next flight.
    flights.delete(key);
  }
}

/** For tests: how many slots have a request in flight. */
export const slotsInFlight = () => flights.size;

// ---- Id blocks ----------------------------------------------------------------------------------------------------
/*
 * Step: the ids of a booking written without reading it back (one-round-trip.ts, round-robin-claim.ts): the booking's
 * and one per attendee, known before the write so the response and the event's payload are built first.
 *
 * They come from the tables' sequences in blocks of ID_BLOCK, taken in one query and handed out by this process in
 * order, so a booking costs no round trip of its own for them (one in ID_BLOCK does). Ids stay unique, as sequence
 * values are; a block left when the process ends leaves a gap, as a rolled-back write does. A process's ids ascend,
 * so a booking's attendees are in the order they were given. A block belongs to the pool it was read through
 * (a test that connects to another database starts afresh).
 */
const ID_BLOCK = 32;

type Block = { bookingIds: number[]; attendeeIds: number[]; refill: Promise<void> | null };

const blocks = new WeakMap<pg.Pool, Block>();

async function refill(block: Block, attendees: number): Promise<void> {
  const [row] = await sql<{ bookingIds: number[]; attendeeIds: number[] }>(
    `SELECT ARRAY(SELECT nextval('"Booking_id_seq"'::regclass)::int FROM generate_series(1, $1::int)) AS "bookingIds",
            ARRAY(SELECT nextval('"Attendee_id_seq"'::regclass)::int FROM generate_series(1, $2::int)) AS "attendeeIds"`,
    [ID_BLOCK, Math.max(2 * ID_BLOCK, attendees)],
  );
  block.bookingIds.push(...row!.bookingIds);
  block.attendeeIds.push(...row!.attendeeIds);
}

/** The booking's id and `attendees` attendee ids, from this process's block (refilled by one query when it runs out). */
export async function reserveBookingIds(attendees: number): Promise<ReservedIds> {
  const pool = connectionPool();
  let block = blocks.get(pool);
  if (!block) blocks.set(pool, (block = { bookingIds: [], attendeeIds: [], refill: null }));
  while (block.bookingIds.length === 0 || block.attendeeIds.length < attendees) {
    // One refill at a time: callers that find the block short meanwhile wait for it, then look again.
    block.refill ??= refill(block, attendees).finally(() => (block.refill = null));
    await block.refill;
  }
  return { bookingId: block.bookingIds.shift()!, attendeeIds: block.attendeeIds.splice(0, attendees) };
}
