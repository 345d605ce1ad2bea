/**
 * The common series (under-lock.ts bookSeries) written as ONE batch of statements, as the common single booking is
 * (one-round-trip.ts): a personal or collective event type whose hosts the row names, no key, no private link, no
 * reservation, rules that read no other booking, every occurrence checked free before the lock with every candidate
 * host (one read of their busy time for the whole series: slots/busy-batch.ts). The batch is one transaction of
 *   1. the hosts' locks (host-lock.ts, in the order every booking path takes them),
 *   2. for each occurrence, the check under them that no booking or hold took a host since (it raises, rolling the
 *      whole batch back: the series is booked whole or not at all),
 *   3. each occurrence with its hosts and attendees (ids reserved beforehand: sharing.ts id blocks),
 *   4. their events and the events' jobs, one mail for the series (with its first occurrence).
 * The answers are built before the batch from what is known (new-booking.ts newBookingRow), so nothing is read back.
 * A host taken since the check is not answered here: the series is booked again the ordinary way, under the lock,
 * which names the occurrence that collides (or books it, if the collision was cancelled meanwhile).
 */
import { batch } from "../../db/client";
import { captureStatements } from "../../db/captured-statements";
import { emitBookingEvents } from "../../events/booking-events";
import { requireHostsFreeStatement, toMinuteCeil } from "../../slots/slot-inputs";
import type { PreparedSlot } from "../../slots/slots.service";
import { candidateHostIds, hostUsersOf, type BookableEventType } from "../booking-rules";
import { toBookingOutput, type TBookingOutput } from "../booking.dto";
import type { TCreateBookingInput } from "../booking.schemas";
import { lockHostsStatement } from "../host-lock";
import type { BookerAnswers } from "./check-booker";
import {
  bookingInsertStatement,
  newBookingEventOptions,
  newBookingEventType,
  newBookingOf,
  newBookingRow,
  newBookingUid,
  type NewBooking,
  type ReservedIds,
} from "./new-booking";
import { databaseRefusalOf } from "./outcomes";
import { writesWithoutLockedReads } from "./plan";
import { reserveBookingIds } from "./sharing";

type SeriesInOneBatch = {
  eventType: BookableEventType;
  input: TCreateBookingInput;
  answers: BookerAnswers;
  /** Every occurrence, checked before the lock and free. */
  prepared: readonly PreparedSlot[];
  reservationUid?: string;
};

/** Whether the checked series may be written in one batch: the common booking's conditions, for every occurrence. */
export function seriesFitsOneBatch({ eventType, input, prepared, reservationUid }: Omit<SeriesInOneBatch, "answers">): boolean {
  if (!writesWithoutLockedReads(eventType, { input, reservationUid })) return false;
  const candidates = candidateHostIds(eventType);
  return prepared.every((slot) => !slot.redirectedFrom && candidates.every((id) => slot.freeHostIds.includes(id)));
}

/** The series' occurrences as booked; null when a host was taken since the check (book it the ordinary way). */
export async function writeSeriesInOneBatch({ eventType, input, answers, prepared }: SeriesInOneBatch): Promise<TBookingOutput[] | null> {
  const hostIds = candidateHostIds(eventType);
  const hosts = hostUsersOf(eventType, hostIds)!;
  const recurringBookingUid = newBookingUid();
  const now = new Date();
  const bookings = prepared.map((slot) => ({
    ...newBookingOf(eventType, { ...input, start: slot.start }, answers, { end: slot.end, hostIds }, null),
    recurringBookingUid,
  }));
  const written: { booking: NewBooking; ids: ReservedIds; uid: string; output: TBookingOutput }[] = [];
  // One at a time: each takes its ids from this process's block in order (a block refill is shared, sharing.ts).
  for (const booking of bookings) {
    const ids = await reserveBookingIds(booking.attendees.length);
    const uid = newBookingUid();
    written.push({
      booking,
      ids,
      uid,
      output: toBookingOutput(newBookingRow(booking, { ids, uid, now, eventType: { id: eventType.id, slug: eventType.slug }, hosts })),
    });
  }
  const options = newBookingEventOptions(eventType, hostIds);
  const events = await captureStatements((tx) =>
    emitBookingEvents(
      tx,
      written.map(({ output }, index) => ({
        type: newBookingEventType(output),
        booking: output,
        // One mail for the series, with its first occurrence (booking-mail.ts lists the others), as under the lock.
        options: index === 0 ? options : { ...options, skip: [...options.skip, "mail" as const] },
      })),
    ),
  );
  const blocked = (booking: NewBooking) => ({
    start: toMinuteCeil(booking.start) - eventType.beforeEventBuffer,
    end: toMinuteCeil(booking.end) + eventType.afterEventBuffer,
  });
  const statements = [
    lockHostsStatement(hostIds),
    ...bookings.map((booking) => requireHostsFreeStatement(hostIds, blocked(booking), { now })),
    ...written.map(({ booking, ids, uid }) => bookingInsertStatement(booking, ids, uid, now)),
    ...events,
  ];
  try {
    await batch(statements);
  } catch (error) {
    if (databaseRefusalOf(error) === "host-taken") return null;
    throw error;
  }
  return written.map(({ output }) => output);
}
