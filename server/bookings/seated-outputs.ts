/**
 * Seated bookings read many at a time, in the peer's seated shapes (booking-seats.ts makes one): a seated series'
 * answer (CreateRecurringSeatedBookingOutput_2024_08_13[]), and the bookings of a list or a series read by those who
 * manage them (GetSeatedBookingOutput_2024_08_13, GetRecurringSeatedBookingOutput_2024_08_13 for an occurrence).
 * Each reads the seats of all its bookings in one query, and none when no booking is seated.
 */
import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import { bookingsVisibleTo } from "./booking-access";
import { SEAT_SELECT, SEATED_SELECT, toSeatedBookingOutput, type SeatRow, type TSeatedBookingOutput } from "./booking-seats";
import { toBookingOutput, type BookingRow, type TBookingOutput } from "./booking.dto";

/** What a list or a series read selects for this: BOOKING_SELECT's row and whether it is seated. */
export type MaybeSeatedRow = BookingRow & { seatCapacity: number | null };

/**
 * Bookings as their managers read them: a seated one with every seat as a SeatedAttendee (the same rule as
 * GET /v2/bookings/{uid}), any other as it is. The caller has already limited `rows` to bookings it may read whole.
 * (A TSeatedBookingOutput is a TBookingOutput whose attendees carry their seats, so lists keep their one item type.)
 */
export async function withSeatsForManagers(rows: MaybeSeatedRow[]): Promise<TBookingOutput[]> {
  const seatedIds = rows.filter((row) => row.seatCapacity !== null).map((row) => row.id);
  if (seatedIds.length === 0) return rows.map(toBookingOutput);
  const seats = await db.bookingSeat.findMany({ where: { bookingId: { in: seatedIds } }, select: { ...SEAT_SELECT, bookingId: true }, orderBy: { id: "asc" } });
  const seatsOf = new Map<number, SeatRow[]>();
  for (const seat of seats) seatsOf.set(seat.bookingId, [...(seatsOf.get(seat.bookingId) ?? []), seat]);
  return rows.map((row) =>
    row.seatCapacity === null ? toBookingOutput(row) : toSeatedBookingOutput({ ...row, seats: seatsOf.get(row.id) ?? [] }, { all: true }),
  );
}

/**
 * POST /v2/bookings's answer for a seated series: each occurrence as the seat's holder sees it (its seatUid, every
 * seat when the event type shows attendees or the caller manages that booking, else their own), in start order.
 */
export async function newSeatSeriesOutput(actor: Actor | null, series: { bookingIds: number[]; seatUids: string[] }): Promise<TSeatedBookingOutput[]> {
  const { bookingIds, seatUids } = series;
  const rows = new Map((await db.booking.findMany({ where: { id: { in: bookingIds } }, select: SEATED_SELECT })).map((row) => [row.id, row]));
  const managed = actor
    ? new Set((await db.booking.findMany({ where: { AND: [{ id: { in: bookingIds } }, bookingsVisibleTo(actor)] }, select: { id: true } })).map(({ id }) => id))
    : new Set<number>();
  return bookingIds.map((id, index) => {
    const row = rows.get(id)!;
    const all = row.eventType?.seatsShowAttendees === true || managed.has(id);
    const seatUid = seatUids[index]!;
    return toSeatedBookingOutput(row, { all, ownSeatUid: seatUid, seatUid });
  });
}
