/**
 * Step: the ids of a booking written without reading it back (write-free-slot.ts, book-round-robin.ts): the booking's
 * and one per attendee, known before the write so the response and the event's payload are built first.
 *
 * They come from the tables' sequences in blocks of ID_BLOCK, taken in one query and handed out by this process in
 * order, so a booking costs no round trip of its own for them (one in ID_BLOCK does). Ids stay unique, as sequence
 * values are; a block left when the process ends leaves a gap, as a rolled-back write does. A process's ids ascend,
 * so a booking's attendees are in the order they were given. A block belongs to the pool it was read through
 * (a test that connects to another database starts afresh).
 */
import type pg from "pg";
import { connectionPool, sql } from "../db/client";
import type { ReservedIds } from "./booking-insert";

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
