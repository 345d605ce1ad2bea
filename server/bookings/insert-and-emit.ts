/**
 * Step, inside a booking's transaction: the insert, the slot reservation it consumes, and the event that mails,
 * calendar writes and webhooks follow from (server/events), committed with the booking.
 */
import type { Tx } from "../db/client";
import { emitBookingEvent } from "../events/booking-events";
import type { NewBooking } from "./booking-insert";
import { insertBooking } from "./booking-insert";
import { idleSubscribersOfNewBooking, type BookableEventType } from "./booking-rules";
import { toBookingOutput, type TBookingOutput } from "./booking.dto";

/** The event a new booking emits: requested when it awaits its host's confirmation. */
export const newBookingEventType = (booking: TBookingOutput) => (booking.status === "pending" ? "BOOKING_REQUESTED" : "BOOKING_CREATED");

/** No host with a destination calendar, or no webhook that could take it: no job whose work would be to find that out. */
export const newBookingEventOptions = (eventType: BookableEventType, hostIds: number[]) => ({
  teamId: eventType.teamId,
  skip: idleSubscribersOfNewBooking(eventType, hostIds),
});

export async function insertAndEmit(tx: Tx, eventType: BookableEventType, booking: NewBooking, reservationUid: string | undefined): Promise<TBookingOutput> {
  const row = await insertBooking(tx, booking);
  if (reservationUid) await tx.slotReservation.deleteMany({ where: { uid: reservationUid, eventTypeId: eventType.id } });
  // The response is built inside the transaction: a row that cannot be turned into one rolls back.
  const output = toBookingOutput(row);
  await emitBookingEvent(tx, newBookingEventType(output), output, newBookingEventOptions(eventType, booking.hostIds));
  return output;
}
