/**
 * The event type rows the common booking decides on, kept per app instance with each row's hash
 * (bookable-row-query.ts). A burst of bookings then reads no row: each batch first builds the row again in the
 * database and compares hashes (requireSameRowStatement), so a booking is only ever written on the row as it stands
 * when the batch runs. A changed row (the event type, a host's name or schedule, a webhook) rolls the batch back,
 * and the booking decides again on a row read afresh, which is kept in turn. Instances share nothing but the
 * database, so any number may run.
 *
 * Only a booking that ends in that batch may use a kept row; any other outcome on it (a refusal, another write mode)
 * is decided again on a fresh row (create-booking.ts), since the copy may be what refused it.
 */
import type { BookableEventType } from "./booking-rules";

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
