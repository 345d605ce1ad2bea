/** The event type's disableGuests: bookers may not bring guests, neither when booking nor added later. */
import type { Tx } from "../db/client";
import { AppError } from "../errors";

export const guestsDisabledError = () =>
  new AppError("BAD_REQUEST", "This event type does not allow guests", [{ path: "body.guests", message: "Guests are disabled for this event type" }]);

export function assertGuestsAllowed(eventType: { disableGuests: boolean }, guests: readonly unknown[] | undefined): void {
  if (eventType.disableGuests && guests && guests.length > 0) throw guestsDisabledError();
}

/** For a booking's later edits: its event type's setting (none once the event type is deleted). */
export async function assertBookingAcceptsGuests(tx: Tx, eventTypeId: number | null, guests: readonly unknown[]): Promise<void> {
  if (eventTypeId === null) return;
  const eventType = await tx.eventType.findUnique({ where: { id: eventTypeId }, select: { disableGuests: true } });
  if (eventType) assertGuestsAllowed(eventType, guests);
}
