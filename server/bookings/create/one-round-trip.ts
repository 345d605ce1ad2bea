/**
 * Step, the write mode of the common booking (write-mode.ts): ONE round trip, as one transaction (db batch(),
 * statement-batch.ts), of
 *   0. when the booking decided on this instance's copy of the event type's row (kept-bookable-rows.ts), that the row
 *      is unchanged (else it raises CV413, and the booking decides again on the row read afresh);
 *      when the check before it read no busy time of the database (slot-inputs.ts BusyUnderLock, the common booking),
 *      that check's rest before any lock: no booking or hold in the way (a slot already taken fails without queueing
 *      for the locks) and no host out of office near the slot (else it raises CV412, and the caller checks the slot
 *      again with the absences read: they may move the grid),
 *   1. the hosts' locks (host-lock.ts, the same locks in the same order as every other booking path),
 *   2. the check under them that no booking or hold took a host since (a statement of its own, so its snapshot is
 *      taken once the locks are held; it raises when a host is taken, rolling the batch back),
 *   3. the booking with its hosts and attendees (booking-insert.ts, with ids reserved beforehand),
 *   4. its event and the event's jobs (the ordinary emit, captured: captured-statements.ts).
 * The response and the event's payload are built before the batch from what is known (new-booking-row.ts), so nothing
 * is read back. The exclusion constraint stays the backstop (23P01 is a taken slot, create-booking.ts).
 */
import { batch } from "../db/client";
import { captureStatements } from "../db/captured-statements";
import { hasSqlState, type Statement } from "../db/statement-batch";
import { emitBookingEvent } from "../events/booking-events";
import { ABSENCE_NEAR_SLOT, requireHostsFreeStatement, SLOT_TAKEN_UNDER_LOCK, toMinuteCeil, type BusyUnderLock } from "../slots/slot-inputs";
import { requireSameRowStatement } from "./bookable-row-query";
import { bookingInsertStatement, type NewBooking, type ReservedIds } from "./booking-insert";
import { slotTakenError, type BookableEventType } from "./booking-rules";
import { toBookingOutput, type TBookingOutput } from "./booking.dto";
import { newBookingUid } from "./booking-uid";
import { lockHostsStatement } from "./host-lock";
import { newBookingEventOptions, newBookingEventType } from "./insert-and-emit";
import { newBookingRow, type BookingHostUser } from "./new-booking-row";

export type FreeSlotWrite = {
  eventType: BookableEventType;
  booking: NewBooking;
  /** The booking's hosts as its output names them (hostUsersOf). */
  hostUsers: BookingHostUser[];
  ids: ReservedIds;
  /** The check before read none of the hosts' busy time (slot-inputs.ts BusyUnderLock): this batch's check covers absences too. */
  busyUnderLock?: BusyUnderLock;
  /** `eventType` is this instance's copy of the row with this hash (kept-bookable-rows.ts): the batch checks it first. */
  keptHash?: string;
};

/**
 * The statements that write a booking whose hosts were free when its slot was checked, and the response they make:
 * the hosts' locks, the check under them, the booking, its event. Sent as one batch here, or as the last batch of
 * round robin's pipelined claim (book-round-robin.ts), whose transaction already holds the chosen host's lock.
 */
export async function freeSlotStatements({
  eventType,
  booking,
  hostUsers,
  ids,
  busyUnderLock,
  keptHash,
}: FreeSlotWrite): Promise<{ statements: Statement[]; output: TBookingOutput }> {
  const uid = newBookingUid();
  const now = new Date();
  const output = toBookingOutput(newBookingRow(booking, { ids, uid, now, eventType: { id: eventType.id, slug: eventType.slug }, hosts: hostUsers }));
  const event = await captureStatements((tx) => emitBookingEvent(tx, newBookingEventType(output), output, newBookingEventOptions(eventType, booking.hostIds)));
  const blocked = { start: toMinuteCeil(booking.start) - eventType.beforeEventBuffer, end: toMinuteCeil(booking.end) + eventType.afterEventBuffer };
  const statements = [
    // First, so that any refusal below was decided on the row as it stands.
    ...(keptHash === undefined ? [] : [requireSameRowStatement(eventType.id, keptHash)]),
    // A check before read no busy time: this one, before the locks, refuses a slot already taken without queueing
    // for them (and one near an absence), as that check would have.
    ...(busyUnderLock ? [requireHostsFreeStatement(booking.hostIds, blocked, { now, busyUnderLock })] : []),
    lockHostsStatement(booking.hostIds),
    requireHostsFreeStatement(booking.hostIds, blocked, { now }),
    bookingInsertStatement(booking, ids, uid, now),
    ...event,
  ];
  return { statements, output };
}

/** The error raised when the check under the locks found a host taken (convene_require_free_slot): 409. */
export const isSlotTakenUnderLock = (error: unknown) => hasSqlState(error, SLOT_TAKEN_UNDER_LOCK);

/** The error raised when a batch whose check before read no absences found one near the slot: nothing was written, check again. */
export const isAbsenceNearSlot = (error: unknown) => hasSqlState(error, ABSENCE_NEAR_SLOT);

export async function writeFreeSlot(write: FreeSlotWrite): Promise<TBookingOutput> {
  const { statements, output } = await freeSlotStatements(write);
  try {
    await batch(statements);
  } catch (error) {
    if (isSlotTakenUnderLock(error)) throw slotTakenError();
    throw error;
  }
  return output;
}
