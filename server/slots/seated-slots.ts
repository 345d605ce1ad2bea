/**
 * A seated event type's slots (event-types/seats.ts): a slot whose booking still has seats left stays offered, though
 * its hosts are busy with that very booking; a full one is not. Each seated slot says which booking it joins and how
 * many attendees it has (the peer's `bookingUid` and `attendeesCount`), and how many seats are left when the event type
 * shows the count (`seatsLeft`; a slot with no booking yet has every seat left).
 */
import { db } from "../db/client";
import type { Interval, Slot } from "./slots";
import { toMinuteCeil } from "./slot-inputs";
import type { SlotEventTypeRow } from "./slots.service";

export type SeatedSlot = { bookingUid?: string; attendeesCount?: number; seatsLeft: number | null };

/** Pure: the engine's slots with the seated bookings' starts merged in, by start. */
export function mergeSeatedSlots(
  slots: readonly Slot[],
  bookings: readonly { uid: string; start: number; seatsTaken: number; seatCapacity: number; hostIds: number[] }[],
  seats: { perTimeSlot: number; showCount: boolean },
): Slot[] {
  const left = (taken: number, capacity: number) => (seats.showCount ? Math.max(capacity - taken, 0) : null);
  const byStart = new Map<number, Slot>(slots.map((slot) => [slot.start, { ...slot, seats: { seatsLeft: left(0, seats.perTimeSlot) } }]));
  for (const booking of bookings) {
    if (booking.seatsTaken >= booking.seatCapacity) {
      byStart.delete(booking.start);
      continue;
    }
    const seated: SeatedSlot = { bookingUid: booking.uid, attendeesCount: booking.seatsTaken, seatsLeft: left(booking.seatsTaken, booking.seatCapacity) };
    byStart.set(booking.start, { start: booking.start, hostIds: booking.hostIds, seats: seated });
  }
  return [...byStart.values()].sort((a, b) => a.start - b.start);
}

/** The listing's slots for a seated event type (unchanged for any other): one more query, for its live seated bookings in range. */
export async function withSeatedSlots(eventType: SlotEventTypeRow, slots: Slot[], range: Interval, now: Date): Promise<Slot[]> {
  const perTimeSlot = eventType.seatsPerTimeSlot ?? null;
  if (perTimeSlot === null) return slots;
  const earliest = Math.max(range.start, toMinuteCeil(now) + eventType.minimumBookingNotice);
  if (earliest >= range.end) return slots;
  const rows = await db.booking.findMany({
    where: {
      eventTypeId: eventType.id,
      seatCapacity: { not: null },
      status: { in: ["ACCEPTED", "PENDING"] },
      start: { gte: new Date(earliest * 60_000), lt: new Date(range.end * 60_000) },
    },
    select: { uid: true, start: true, seatsTaken: true, seatCapacity: true, hosts: { select: { userId: true } } },
  });
  const bookings = rows.map((row) => ({
    uid: row.uid,
    start: row.start.getTime() / 60_000,
    seatsTaken: row.seatsTaken,
    seatCapacity: row.seatCapacity!,
    hostIds: row.hosts.map((host) => host.userId),
  }));
  return mergeSeatedSlots(slots, bookings, { perTimeSlot, showCount: eventType.seatsShowAvailabilityCount !== false });
}
