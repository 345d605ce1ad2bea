/**
 * Step, the write mode of the common booking (write-mode.ts): ONE round trip, as one transaction (db batch(),
 * statement-batch.ts), of
 *   1. the hosts' locks (host-lock.ts, the same locks in the same order as every other booking path),
 *   2. the check under them that no booking or hold took a host since prepareSlot (a statement of its own, so its
 *      snapshot is taken once the locks are held; it raises when a host is taken, rolling the batch back),
 *   3. the booking with its hosts and attendees (booking-insert.ts, with ids reserved beforehand),
 *   4. its event and the event's jobs (the ordinary emit, captured: captured-statements.ts).
 * The response and the event's payload are built before the batch from what is known (new-booking-row.ts), so nothing
 * is read back. The exclusion constraint stays the backstop (23P01 is a taken slot, create-booking.ts).
 */
import { batch, sql } from "../db/client";
import { captureStatements } from "../db/captured-statements";
import { emitBookingEvent } from "../events/booking-events";
import { requireHostsFreeStatement, toMinuteCeil } from "../slots/slot-inputs";
import { bookingInsertStatement, type NewBooking, type ReservedIds } from "./booking-insert";
import { slotTakenError, type BookableEventType } from "./booking-rules";
import { toBookingOutput, type TBookingOutput } from "./booking.dto";
import { newBookingUid } from "./booking-uid";
import { lockHostsStatement } from "./host-lock";
import { newBookingEventOptions, newBookingEventType } from "./insert-and-emit";
import { newBookingRow, type BookingHostUser } from "./new-booking-row";

/** SQLSTATE raised by convene_require_free_slot (migration 20261127040500_booking_write_batch). */
const SLOT_TAKEN_UNDER_LOCK = "CV409";

/** The booking's id and one id per attendee, taken from their sequences (a write that fails leaves a gap, as a rollback does). */
export async function reserveBookingIds(attendees: number): Promise<ReservedIds> {
  const [row] = await sql<ReservedIds>(
    `SELECT nextval('"Booking_id_seq"'::regclass)::int AS "bookingId",
            ARRAY(SELECT nextval('"Attendee_id_seq"'::regclass)::int FROM generate_series(1, $1::int)) AS "attendeeIds"`,
    [attendees],
  );
  return row!;
}

export type FreeSlotWrite = {
  eventType: BookableEventType;
  booking: NewBooking;
  /** The booking's hosts as its output names them (hostUsersOf). */
  hostUsers: BookingHostUser[];
  ids: ReservedIds;
};

export async function writeFreeSlot({ eventType, booking, hostUsers, ids }: FreeSlotWrite): Promise<TBookingOutput> {
  const uid = newBookingUid();
  const now = new Date();
  const output = toBookingOutput(newBookingRow(booking, { ids, uid, now, eventType: { id: eventType.id, slug: eventType.slug }, hosts: hostUsers }));
  const event = await captureStatements((tx) => emitBookingEvent(tx, newBookingEventType(output), output, newBookingEventOptions(eventType, booking.hostIds)));
  const blocked = { start: toMinuteCeil(booking.start) - eventType.beforeEventBuffer, end: toMinuteCeil(booking.end) + eventType.afterEventBuffer };
  try {
    await batch([
      lockHostsStatement(booking.hostIds),
      requireHostsFreeStatement(booking.hostIds, blocked, { now }),
      bookingInsertStatement(booking, ids, uid, now),
      ...event,
    ]);
  } catch (error) {
    if ((error as { code?: unknown }).code === SLOT_TAKEN_UNDER_LOCK) throw slotTakenError();
    throw error;
  }
  return output;
}
