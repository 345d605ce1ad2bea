/**
 * The facts a webhook body is made of, gathered when an event's messages are made (only for an event some webhook
 * subscribes to, so the booking's own transaction reads nothing for webhooks). The booking is the one its event
 * recorded (the change's state, however late the message is made); the event type's settings (title, description,
 * booking form), the hosts' locale and clock, the organizer's destination calendar and an out-of-office entry's
 * people are read as they are now, which is also how an event written before a field existed gets a whole body.
 */
import { BOOKING_SELECT, toBookingOutput, type BookingRow } from "../bookings/booking.dto";
import { db, sql } from "../db/client";
import {
  ZBookingSnapshot,
  type BookingPayloadContext,
  type PreviousBooking,
  type TBookingSnapshot,
  type TDestinationCalendar,
} from "./webhook-booking-payload";
import type { MeetingFacts, OooContext, WebhookDomainEvent, WebhookFacts } from "./webhook-payload";
import { awaitMeetingLocation, type StoredLocation } from "../conferencing/meeting-location";

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

type ContextRow = {
  eventType: (Exclude<BookingPayloadContext["eventType"], null> & { team: BookingPayloadContext["team"] }) | null;
  people: { id: number; locale: string; timeFormat: number; destinationCalendar: Omit<TDestinationCalendar, "eventTypeId"> | null }[];
};

/**
 * The event type's settings with its team (a managed copy's is its parent's), and each host's locale, clock and
 * destination calendar: one prepared statement, as every event that a webhook subscribes to reads them (Prisma's two
 * queries cost more CPU than the reads).
 */
const SELECT_CONTEXT = `
  SELECT (SELECT json_build_object('title', et.title, 'description', et.description, 'requiresConfirmation', et."requiresConfirmation",
                 'bookingFields', et."bookingFields", 'schedulingType', et."schedulingType", 'seatsPerTimeSlot', et."seatsPerTimeSlot",
                 'seatsShowAttendees', et."seatsShowAttendees", 'seatsShowAvailabilityCount', et."seatsShowAvailabilityCount",
                 'team', (SELECT json_build_object('id', t.id, 'name', t.name) FROM "Team" t
                           WHERE t.id = COALESCE(et."teamId", (SELECT p."teamId" FROM "EventType" p WHERE p.id = et."parentId"))))
            FROM "EventType" et WHERE et.id = $1::int) AS "eventType",
         (SELECT COALESCE(json_agg(json_build_object('id', u.id, 'locale', u.locale, 'timeFormat', u."timeFormat",
                 'destinationCalendar', (SELECT json_build_object('id', d.id, 'integration', d.integration, 'externalId', d."externalId",
                                                 'userId', d."userId", 'credentialId', d."credentialId")
                                           FROM "DestinationCalendar" d WHERE d."userId" = u.id))), '[]')
            FROM "User" u WHERE u.id = ANY($2::int[])) AS people`;

async function contextOf(booking: TBookingSnapshot): Promise<BookingPayloadContext> {
  const hostIds = booking.hosts.map((host) => host.id);
  const [{ eventType, people }] = (await sql<ContextRow>(SELECT_CONTEXT, [booking.eventTypeId, hostIds])) as [ContextRow];
  const organizer = people.find((person) => person.id === hostIds[0]);
  return {
    eventType: eventType && {
      title: eventType.title,
      description: eventType.description,
      requiresConfirmation: eventType.requiresConfirmation,
      bookingFields: eventType.bookingFields,
      schedulingType: eventType.schedulingType ?? null,
      seatsPerTimeSlot: eventType.seatsPerTimeSlot ?? null,
      seatsShowAttendees: eventType.seatsShowAttendees ?? false,
      seatsShowAvailabilityCount: eventType.seatsShowAvailabilityCount ?? false,
    },
    team: eventType?.team ?? null,
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

/** The triggers that announce a booking, whose body carries its meeting's join URL as the peer's does. */
const ANNOUNCES_MEETING = new Set(["BOOKING_CREATED", "BOOKING_RESCHEDULED"]);

/**
 * The booking's meeting for a body that announces it. The conferencing job makes the meeting after the booking
 * commits (server/conferencing/meeting-sync.ts), so the body waits for its link as the confirmation mail does (up to
 * MEETING_MAIL_WAIT_MS after the event; past that it goes without, and GET /v2/bookings/{uid} has the link later).
 */
async function meetingOf(event: WebhookDomainEvent, booking: TBookingSnapshot, trigger: string): Promise<MeetingFacts | null> {
  if (!ANNOUNCES_MEETING.has(trigger) || booking.status !== "ACCEPTED") return null;
  const stored = await awaitMeetingLocation(booking.id, new Date(event.occurredAt));
  const link = (stored?.location as StoredLocation | null)?.link;
  if (!link) return null;
  const reference = await db.bookingReference.findFirst({
    where: { bookingId: booking.id, meetingUrl: link, meetingApp: { not: null } },
    select: { type: true, externalId: true },
  });
  return { type: reference?.type ?? "", id: reference?.externalId ?? "", url: link };
}

export async function webhookFactsOf(event: WebhookDomainEvent, trigger: string): Promise<WebhookFacts> {
  const booking = await bookingOf(event);
  if (!booking) return { booking: null, context: null, previousBooking: null, ooo: await oooContextOf(event) };
  const [context, previousBooking] = await Promise.all([
    contextOf(booking),
    trigger === "BOOKING_RESCHEDULED" ? previousBookingOf(event, booking) : Promise.resolve(null),
  ]);
  // After the others: a wait for the meeting holds no connection, and the reads before it are done.
  return { booking, context, previousBooking, ooo: null, meeting: await meetingOf(event, booking, trigger) };
}
