/**
 * The facts a webhook body is made of, gathered when an event's messages are made (only for an event some webhook
 * subscribes to, so the booking's own transaction reads nothing for webhooks). The booking is the one its event
 * recorded (the change's state, however late the message is made); the event type's settings (title, description,
 * booking form), the hosts' locale and clock, the organizer's destination calendar and an out-of-office entry's
 * people are read as they are now, which is also how an event written before a field existed gets a whole body.
 */
import { BOOKING_SELECT, toBookingOutput, type BookingRow } from "../bookings/booking.dto";
import { db } from "../db/client";
import { ZBookingSnapshot, type BookingPayloadContext, type PreviousBooking, type TBookingSnapshot } from "./webhook-booking-payload";
import type { OooContext, WebhookDomainEvent, WebhookFacts } from "./webhook-payload";

const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * The booking as the change left it: the snapshot its event carries (server/events/booking-events.ts), so a message
 * made late (a backlog, a restart after a crash) does not describe a later state, e.g. a BOOKING_CREATED of a booking
 * since cancelled. An event without a usable snapshot reads the booking as it is now.
 */
async function bookingOf(event: WebhookDomainEvent): Promise<TBookingSnapshot | null> {
  const snapshot = ZBookingSnapshot.safeParse(asObject(event.payload).booking);
  if (snapshot.success && snapshot.data.uid === event.bookingUid) return snapshot.data;
  if (!event.bookingUid) return null;
  const row = await db.booking.findUnique({ where: { uid: event.bookingUid }, select: BOOKING_SELECT });
  return row ? ZBookingSnapshot.parse(toBookingOutput(row as BookingRow)) : null;
}

const TEAM_SELECT = { select: { id: true, name: true } } as const;

async function contextOf(booking: TBookingSnapshot): Promise<BookingPayloadContext> {
  const hostIds = booking.hosts.map((host) => host.id);
  const [eventType, people] = await Promise.all([
    booking.eventTypeId === null
      ? null
      : db.eventType.findUnique({
          where: { id: booking.eventTypeId },
          select: {
            title: true,
            description: true,
            requiresConfirmation: true,
            bookingFields: true,
            schedulingType: true,
            team: TEAM_SELECT,
            // A managed copy's team is its parent's.
            parent: { select: { team: TEAM_SELECT } },
          },
        }),
    db.user.findMany({
      where: { id: { in: hostIds } },
      select: {
        id: true,
        locale: true,
        timeFormat: true,
        destinationCalendar: { select: { id: true, integration: true, externalId: true, userId: true, credentialId: true } },
      },
    }),
  ]);
  const organizer = people.find((person) => person.id === hostIds[0]);
  return {
    eventType: eventType && { ...eventType, schedulingType: eventType.schedulingType ?? null },
    team: eventType?.team ?? eventType?.parent?.team ?? null,
    people: Object.fromEntries(people.map(({ id, locale, timeFormat }) => [id, { locale, timeFormat }])),
    destinationCalendar: organizer?.destinationCalendar ? { ...organizer.destinationCalendar, eventTypeId: null } : null,
  };
}

/** The booking a reschedule replaced: recorded with the event, or read by the uid the new booking keeps. */
async function previousBookingOf(event: WebhookDomainEvent, booking: TBookingSnapshot): Promise<PreviousBooking | null> {
  const recorded = ZBookingSnapshot.safeParse(asObject(event.payload).previousBooking);
  if (recorded.success) return { id: recorded.data.id, uid: recorded.data.uid, start: recorded.data.start, end: recorded.data.end };
  if (!booking.rescheduledFromUid) return null;
  const row = await db.booking.findUnique({ where: { uid: booking.rescheduledFromUid }, select: { id: true, start: true, end: true } });
  return { uid: booking.rescheduledFromUid, ...(row ? { id: row.id, start: row.start.toISOString(), end: row.end.toISOString() } : {}) };
}

const PERSON_SELECT = { id: true, name: true, username: true, timeZone: true, email: true } as const;

async function oooContextOf(event: WebhookDomainEvent): Promise<OooContext | null> {
  const entry = asObject(asObject(event.payload).outOfOffice);
  if (typeof entry.id !== "number" || typeof entry.userId !== "number") return null;
  const toUserId = typeof entry.toUserId === "number" ? entry.toUserId : null;
  const [row, user, toUser] = await Promise.all([
    db.outOfOffice.findUnique({ where: { id: entry.id }, select: { createdAt: true, updatedAt: true } }),
    db.user.findUnique({ where: { id: entry.userId }, select: PERSON_SELECT }),
    toUserId === null ? null : db.user.findUnique({ where: { id: toUserId }, select: PERSON_SELECT }),
  ]);
  return { createdAt: row?.createdAt.toISOString() ?? null, updatedAt: row?.updatedAt.toISOString() ?? null, user, toUser };
}

export async function webhookFactsOf(event: WebhookDomainEvent, trigger: string): Promise<WebhookFacts> {
  const booking = await bookingOf(event);
  if (!booking) return { booking: null, context: null, previousBooking: null, ooo: await oooContextOf(event) };
  const [context, previousBooking] = await Promise.all([
    contextOf(booking),
    trigger === "BOOKING_RESCHEDULED" ? previousBookingOf(event, booking) : Promise.resolve(null),
  ]);
  return { booking, context, previousBooking, ooo: null };
}
