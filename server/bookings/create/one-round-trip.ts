/**
 * The path of the common booking (plan.ts): a personal or collective event type whose hosts the row names, no key, no
 * private link, no reservation, rules that read no other booking. Everything is decided before the lock but whether a
 * host was taken since, so it is written in ONE round trip, as one transaction (db batch(), statement-batch.ts), of
 *   0. when the booking decided on this instance's copy of the event type's row (sharing.ts: kept rows), that the row
 *      is unchanged (else it raises CV413, and the booking decides again on the row read afresh);
 *      when the check before it read no busy time of the database (slot-inputs.ts BusyUnderLock, the common booking),
 *      that check's rest before any lock: no booking or hold in the way (a slot already taken fails without queueing
 *      for the locks) and no host out of office near the slot (else it raises CV412, and the plan checks the slot
 *      again with the absences read: they may move the grid),
 *   1. the hosts' locks (host-lock.ts, the same locks in the same order as every other booking path),
 *   2. the check under them that no booking or hold took a host since (a statement of its own, so its snapshot is
 *      taken once the locks are held; it raises when a host is taken, rolling the batch back),
 *   3. the booking with its hosts and attendees (new-booking.ts, with ids reserved beforehand: sharing.ts id blocks),
 *   4. its event and the event's jobs (the ordinary emit, captured: captured-statements.ts).
 * The response and the event's payload are built before the batch from what is known (new-booking.ts newBookingRow),
 * so nothing is read back. The exclusion constraint stays the backstop (23P01: outcomes.ts, a taken slot).
 */
import { batch } from "../../db/client";
import { captureStatements } from "../../db/captured-statements";
import type { Statement } from "../../db/statement-batch";
import { AppError } from "../../errors";
import { emitBookingEvent } from "../../events/booking-events";
import { requireHostsFreeStatement, toMinuteCeil, type BusyUnderLock } from "../../slots/slot-inputs";
import { prepareSlot, type PreparedSlot } from "../../slots/slots.service";
import { candidateHostIds, hostUsersOf, slotTakenError, type BookableEventType } from "../booking-rules";
import { toBookingOutput, type TBookingOutput } from "../booking.dto";
import type { TCreateBookingInput } from "../booking.schemas";
import { lockHostsStatement } from "../host-lock";
import { requireSameRowStatement } from "./bookable-row";
import type { BookerAnswers } from "./check-booker";
import {
  bookingInsertStatement,
  newBookingEventOptions,
  newBookingEventType,
  newBookingOf,
  newBookingRow,
  newBookingUid,
  type BookingHostUser,
  type NewBooking,
  type ReservedIds,
} from "./new-booking";
import { booked, databaseRefusalOf, type BookingRequest, type Outcome } from "./outcomes";
import { reserveBookingIds } from "./sharing";
import { pathOf } from "./plan";

export type FreeSlotWrite = {
  eventType: BookableEventType;
  booking: NewBooking;
  /** The booking's hosts as its output names them (hostUsersOf). */
  hostUsers: BookingHostUser[];
  ids: ReservedIds;
  /** The check before read none of the hosts' busy time (slot-inputs.ts BusyUnderLock): this batch's check covers absences too. */
  busyUnderLock?: BusyUnderLock;
  /** `eventType` is this instance's copy of the row with this hash (sharing.ts: kept rows): the batch checks it first. */
  keptHash?: string;
};

/**
 * The statements that write a booking whose hosts were free when its slot was checked, and the response they make:
 * the hosts' locks, the check under them, the booking, its event. Sent as one batch here, or as the last batch of
 * round robin's pipelined claim (round-robin-claim.ts), whose transaction already holds the chosen host's lock.
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

/** The batch: booked; a retry when it found a changed kept row or an absence near the slot; a taken host is a 409. */
export async function writeFreeSlot(write: FreeSlotWrite): Promise<Outcome> {
  const { statements, output } = await freeSlotStatements(write);
  try {
    await batch(statements);
  } catch (error) {
    const refusal = databaseRefusalOf(error);
    if (refusal === "host-taken") throw slotTakenError();
    if (refusal === "row-changed" || refusal === "absence-near-slot") return { retry: refusal };
    throw error;
  }
  return booked({ booking: output, created: true });
}

export const slotInputOf = (eventType: BookableEventType, input: TCreateBookingInput, request: BookingRequest) => ({
  eventTypeId: eventType.id,
  start: input.start,
  lengthInMinutes: input.lengthInMinutes,
  ignoreReservationUid: request.reservationUid,
});

/** The ids the one-round-trip write needs, taken meanwhile on another connection (sharing.ts: id blocks). */
export function idsForOneRoundTrip(input: TCreateBookingInput): Promise<ReservedIds> {
  const ids = reserveBookingIds(1 + (input.guests?.length ?? 0));
  ids.catch(() => {}); // awaited later; if the check fails first, this must not become an unhandled rejection
  return ids;
}

/** What the batch checks besides the slot: the busy time the check before it did not read, and a kept row's hash. */
type BatchChecks = { busyUnderLock?: BusyUnderLock; keptHash?: string };

/** The one-round-trip write (writeFreeSlot) of a slot checked before, with ids reserved beforehand. */
export async function writeInOneRoundTrip(
  eventType: BookableEventType,
  input: TCreateBookingInput,
  answers: BookerAnswers,
  prepared: PreparedSlot,
  ids: Promise<ReservedIds>,
  checks: BatchChecks = {},
): Promise<Outcome> {
  const hostIds = candidateHostIds(eventType);
  const booking = newBookingOf(eventType, input, answers, { end: prepared.end, hostIds }, null);
  const reserved = await ids;
  const attendeeIds = reserved.attendeeIds.slice(0, booking.attendees.length);
  const write = { eventType, booking, hostUsers: hostUsersOf(eventType, hostIds)!, ids: { ...reserved, attendeeIds }, ...checks };
  return writeFreeSlot(write);
}

/**
 * The slot checked without the database's busy time, then the batch. A retry when the slot is not one without that
 * busy time (an absence, unread, may move the grid onto it), a host's calendar makes it a case for another path, or
 * the batch found an absence near the slot or, with `keptHash`, a changed row. A refusal on a kept row is a retry too:
 * the copy may be what refused it. A taken slot (409) stands: the batch checked the row before it checked the slot.
 */
export async function checkInTheBatch(
  eventType: BookableEventType,
  input: TCreateBookingInput,
  answers: BookerAnswers,
  request: BookingRequest,
  ids: Promise<ReservedIds>,
  keptHash?: string,
): Promise<Outcome> {
  const busyUnderLock: BusyUnderLock = { awayWindow: null };
  let prepared: PreparedSlot;
  try {
    prepared = await prepareSlot(eventType, slotInputOf(eventType, input, request), { busyUnderLock });
  } catch (error) {
    if (keptHash !== undefined && error instanceof AppError) return { retry: "refused-on-kept-row" };
    throw error;
  }
  if (!prepared.available) return { retry: "needs-busy-read" };
  if (pathOf(eventType, prepared, { input, reservationUid: request.reservationUid }) !== "one-round-trip") return { retry: "other-path" };
  return writeInOneRoundTrip(eventType, input, answers, prepared, ids, { busyUnderLock, keptHash });
}
