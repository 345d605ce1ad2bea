/** Booking events: the booking as the change left it (and, for a reschedule, the booking it replaced), for every subscriber. */
import type { TBookingOutput } from "../bookings/booking.dto";
import type { Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { emitDomainEvent, type DomainEvent, type DomainEventType, type SubscriberName } from "./domain-events";

/** A no-show update's own change (BOOKING_NO_SHOW_UPDATED's webhook names the attendees it marked); absent in older events. */
export type NoShowChange = { attendees: { email: string; absent: boolean }[]; host?: boolean };

export type BookingEventPayload = { booking: TBookingOutput; previousBooking?: TBookingOutput; noShow?: NoShowChange };

export const bookingPayloadOf = (event: DomainEvent) => event.payload as unknown as BookingEventPayload;

/** The event type's own team: null for a personal event type, and for a managed copy (its parent, the team's, is its `parentId`). */
async function teamOf(tx: Tx, eventTypeId: number | null): Promise<number | null> {
  if (eventTypeId === null) return null;
  return (await tx.eventType.findUnique({ where: { id: eventTypeId }, select: { teamId: true } }))?.teamId ?? null;
}

/**
 * Call inside the change's transaction, with the booking as the transaction leaves it. `teamId`: pass it when it is
 * at hand (the booking hot path), else it is read here.
 */
export async function emitBookingEvent(
  tx: Tx,
  type: DomainEventType,
  booking: TBookingOutput,
  options: { previousBooking?: TBookingOutput; noShow?: NoShowChange; teamId?: number | null; skip?: readonly SubscriberName[] } = {},
): Promise<string> {
  const payload: BookingEventPayload = {
    booking,
    ...(options.previousBooking ? { previousBooking: options.previousBooking } : {}),
    ...(options.noShow ? { noShow: options.noShow } : {}),
  };
  return emitDomainEvent(tx, {
    type,
    bookingId: booking.id,
    bookingUid: booking.uid,
    eventTypeId: booking.eventTypeId,
    teamId: options.teamId !== undefined ? options.teamId : await teamOf(tx, booking.eventTypeId),
    userIds: booking.hosts.map((host) => host.id),
    payload: payload as unknown as Prisma.InputJsonObject,
    skip: options.skip,
  });
}
