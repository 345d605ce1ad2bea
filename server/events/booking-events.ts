/** Booking events: the booking as the change left it (and, for a reschedule, the booking it replaced), for every subscriber. */
import type { TBookingOutput } from "../bookings/booking.dto";
import type { Tx } from "../db/client";
import { emitDomainEvent, emitDomainEvents, type DomainEvent, type DomainEventInput, type DomainEventType, type SubscriberName } from "./domain-events";
import type { z } from "zod";
import { DOMAIN_EVENTS, type TBookingEventPayload, type TMeetingMedia, type TNoShowChange, type ZBookingEventPayload } from "./event-catalog";
import { payloadToRead } from "./event-definitions";

/** A no-show update's own change (BOOKING_NO_SHOW_UPDATED's webhook names the attendees it marked). */
export type NoShowChange = TNoShowChange;

export type BookingEventPayload = TBookingEventPayload;

/** A booking event's payload at the current version, validated (and upgraded, for an older row): parsed, never cast. */
export function bookingPayloadOf(event: Pick<DomainEvent, "type" | "version" | "payload">): BookingEventPayload {
  return payloadToRead(DOMAIN_EVENTS, event.type, event.version, event.payload).payload as BookingEventPayload;
}

/** The event type's own team: null for a personal event type, and for a managed copy (its parent, the team's, is its `parentId`). */
async function teamOf(tx: Tx, eventTypeId: number | null): Promise<number | null> {
  if (eventTypeId === null) return null;
  return (await tx.eventType.findUnique({ where: { id: eventTypeId }, select: { teamId: true } }))?.teamId ?? null;
}

type BookingEventOptions = {
  previousBooking?: TBookingOutput;
  noShow?: NoShowChange;
  media?: TMeetingMedia;
  teamId?: number | null;
  skip?: readonly SubscriberName[];
  id?: string;
};

async function bookingEventInput(tx: Tx, type: DomainEventType, booking: TBookingOutput, options: BookingEventOptions): Promise<DomainEventInput> {
  const payload: z.input<typeof ZBookingEventPayload> = {
    booking,
    ...(options.previousBooking ? { previousBooking: options.previousBooking } : {}),
    ...(options.noShow ? { noShow: options.noShow } : {}),
    ...(options.media ? { media: options.media } : {}),
  };
  return {
    type,
    bookingId: booking.id,
    bookingUid: booking.uid,
    eventTypeId: booking.eventTypeId,
    teamId: options.teamId !== undefined ? options.teamId : await teamOf(tx, booking.eventTypeId),
    userIds: booking.hosts.map((host) => host.id),
    payload,
    skip: options.skip,
    id: options.id,
  };
}

/**
 * Call inside the change's transaction, with the booking as the transaction leaves it. `teamId`: pass it when it is
 * at hand (the booking hot path), else it is read here. The booking output is written as the event's snapshot
 * contract (event-catalog.ts ZBookingEventSnapshot): the compiler checks it fits here, the schema when it is written.
 */
export async function emitBookingEvent(tx: Tx, type: DomainEventType, booking: TBookingOutput, options: BookingEventOptions = {}): Promise<string> {
  return emitDomainEvent(tx, await bookingEventInput(tx, type, booking, options));
}

/** Several bookings' events in one statement (a series' occurrences, under-lock.ts bookSeries); their ids, in order. */
export async function emitBookingEvents(
  tx: Tx,
  events: readonly { type: DomainEventType; booking: TBookingOutput; options?: BookingEventOptions }[],
): Promise<string[]> {
  const inputs: DomainEventInput[] = [];
  for (const { type, booking, options = {} } of events) inputs.push(await bookingEventInput(tx, type, booking, options));
  return emitDomainEvents(tx, inputs);
}
