/**
 * Mirrors bookings into their hosts' destination calendars: the `calendar-sync` subscriber of booking events
 * (server/events/domain-events.ts), run by a job after the change committed.
 * - created: an event in each host's destination calendar, recorded as a BookingReference (a host who already has
 *   one for the booking, from an earlier run of the same job, has it updated instead: a repeat writes nothing twice;
 *   a run that died after the provider's answer but before the reference was stored is covered by the adapters,
 *   whose createEvent of the same booking in the same calendar finds the event already made);
 * - cancelled: those events are deleted (and their references with them);
 * - rescheduled: the old booking's events move to the new time and their references to the new booking;
 *   a host who no longer hosts it loses the event, a new host gets one;
 * - edited (location, hosts or confirmation changed in place): the booking's own events are updated the
 *   same way, keeping their identity;
 * - any change of a seated booking (a seat taken, given up or moved): its one event is written from all its seats as
 *   they are now (syncSeatedBooking).
 * Afterwards the cached busy times of the users whose calendars were written are dropped (see `sync`).
 * A calendar that fails is logged and the booking stands (no retry: the provider said no); a database error throws,
 * so the job runs again.
 */
import { BOOKING_SELECT, toBookingOutput, type TBookingOutput } from "../bookings/booking.dto";
import { hasMailbox } from "../bookings/booking-field-responses";
import { db } from "../db/client";
import { bookingPayloadOf } from "../events/booking-events";
import type { DomainEvent, DomainEventType } from "../events/domain-events";
import { log } from "../log";
import { CalendarError, type CalendarEventInput } from "./calendar-adapter";
import { CALENDAR_TYPES } from "./calendar-apps";
import { workingDestinationCalendarsOf } from "./calendar-access";
import { invalidateUserCalendars } from "./calendar-cache";
import { connect, CREDENTIAL_SELECT, markCredentialValidity, type CredentialRow } from "./credential-store";

export type BookingChange = "created" | "cancelled" | "rescheduled" | "edited";

/** A phone-only attendee's stand-in address means nothing to a reader of the calendar: its phone number does. */
const contactOf = (attendee: { email: string; phoneNumber?: string }) =>
  hasMailbox(attendee.email) ? attendee.email : (attendee.phoneNumber ?? attendee.email);

export function eventOf(booking: TBookingOutput, uid: string): CalendarEventInput {
  const organizer = booking.hosts[0] ?? { name: "Convene", email: "no-reply@convene.localhost" };
  const attendees = booking.attendees.map((attendee) => `${attendee.name} <${contactOf(attendee)}>`).join(", ");
  return {
    uid,
    title: booking.title,
    description: [booking.description, attendees ? `Attendees: ${attendees}` : "", booking.status === "pending" ? "Awaiting the host's confirmation." : ""]
      .filter(Boolean)
      .join("\n\n"),
    location: booking.location || null,
    start: new Date(booking.start),
    end: new Date(booking.end),
    organizer: { name: organizer.name, email: organizer.email },
    // A booking at Google Meet or Teams whose link is not made yet: its location reads as the app's name.
    ...(booking.location === "google-meet" || booking.location === "office365-video" ? { conference: booking.location } : {}),
  };
}

async function attempt<T>(row: CredentialRow, what: string, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    log.warn(`calendar sync: ${what} failed; the booking stands`, { credentialId: row.id, type: row.type, error });
    if (error instanceof CalendarError && error.kind === "auth") await markCredentialValidity(row, false, error.message);
    return null;
  }
}

/** The users whose calendars a sync asked a provider to change: their cached busy times are stale afterwards. */
type Touched = Set<number>;

async function writeToDestinations(booking: TBookingOutput, hostIds: number[], touched: Touched): Promise<void> {
  const destinations = await db.destinationCalendar.findMany({
    where: workingDestinationCalendarsOf(hostIds),
    select: { externalId: true, credential: { select: CREDENTIAL_SELECT } },
  });
  await Promise.all(
    destinations.map(async ({ externalId, credential: row }) => {
      const { credential, adapter } = connect(row);
      if (!adapter.createEvent) return;
      touched.add(row.userId);
      const eventId = await attempt(row, "creating the event", () => adapter.createEvent!(credential, externalId, eventOf(booking, booking.icsUid)));
      if (!eventId) return;
      // Two syncs of one booking at once (a seated booking's seats, taken together) both create, and the adapter hands
      // both the same event: one reference to it is enough.
      const reference = { bookingId: booking.id, externalId: eventId, externalCalendarId: externalId, credentialId: row.id };
      if (!(await db.bookingReference.findFirst({ where: reference, select: { id: true } })))
        await db.bookingReference.create({ data: { ...reference, type: row.type } });
    }),
  );
}

async function calendarReferences(bookingIds: number[]) {
  const references = await db.bookingReference.findMany({
    where: { bookingId: { in: bookingIds }, type: { in: CALENDAR_TYPES }, credentialId: { not: null } },
    orderBy: { id: "asc" },
  });
  const rows = await db.credential.findMany({ where: { id: { in: references.map((reference) => reference.credentialId!) } }, select: CREDENTIAL_SELECT });
  return references.map((reference) => ({ reference, row: rows.find((row) => row.id === reference.credentialId) ?? null }));
}

type CalendarReference = Awaited<ReturnType<typeof calendarReferences>>[number];

/** Deletes the event, then its reference; a reference whose event could not be deleted is kept. */
async function removeEvent({ reference, row }: CalendarReference, touched: Touched): Promise<void> {
  if (row) {
    touched.add(row.userId);
    const { credential, adapter } = connect(row);
    const done = await attempt(row, "deleting the event", async () => {
      await adapter.deleteEvent?.(credential, reference.externalCalendarId ?? "", reference.externalId);
      return true;
    });
    if (!done) return;
  }
  await db.bookingReference.delete({ where: { id: reference.id } });
}

async function removeEvents(bookingId: number, touched: Touched): Promise<void> {
  for (const reference of await calendarReferences([bookingId])) await removeEvent(reference, touched);
}

/**
 * Brings the events written for `sourceIds` (the booking itself, and the one it was rescheduled from) in line with
 * `booking`: a host who still hosts it keeps the event, updated in place (CalDAV: same UID) and now referenced by
 * `booking`; any other event is deleted; hosts without one get one.
 */
async function updateEvents(booking: TBookingOutput, sourceIds: number[], touched: Touched): Promise<void> {
  const hostIds = booking.hosts.map((host) => host.id);
  const served = new Set<number>();
  const kept = new Set<string>();
  for (const item of await calendarReferences(sourceIds)) {
    const { reference, row } = item;
    // A second reference to an event already kept (see writeToDestinations): deleting "its" event would delete that one.
    const eventKey = `${reference.credentialId} ${reference.externalCalendarId} ${reference.externalId}`;
    if (kept.has(eventKey)) {
      await db.bookingReference.delete({ where: { id: reference.id } });
      continue;
    }
    if (row && hostIds.includes(row.userId) && !served.has(row.userId)) {
      const { credential, adapter } = connect(row);
      touched.add(row.userId);
      const updated = await attempt(row, "updating the event", async () => {
        await adapter.updateEvent?.(credential, reference.externalCalendarId ?? "", reference.externalId, eventOf(booking, reference.externalId));
        return true;
      });
      if (updated) {
        if (reference.bookingId !== booking.id) await db.bookingReference.update({ where: { id: reference.id }, data: { bookingId: booking.id } });
        served.add(row.userId);
        kept.add(eventKey);
        continue;
      }
    }
    await removeEvent(item, touched);
  }
  await writeToDestinations(
    booking,
    hostIds.filter((id) => !served.has(id)),
    touched,
  );
}

/**
 * The cached busy times of every user whose calendar a provider was asked to change are dropped once the writes
 * are done (also when a write failed: it may have half happened), so the next slot request reads those calendars as
 * they now are (a cancelled slot is offered again at once). A change that wrote to no calendar drops nothing.
 * `previousId`: the booking a reschedule replaced, whose events move to `booking`.
 */
export async function syncBooking(change: BookingChange, booking: TBookingOutput, previousId?: number): Promise<void> {
  const touched: Touched = new Set();
  try {
    if (change === "cancelled") await removeEvents(booking.id, touched);
    else await updateEvents(booking, previousId === undefined ? [booking.id] : [previousId, booking.id], touched);
  } finally {
    await Promise.all([...touched].map((userId) => invalidateUserCalendars(userId)));
  }
}

const isLive = (booking: TBookingOutput) => booking.status === "accepted" || booking.status === "pending";

async function currentBooking(bookingId: number): Promise<TBookingOutput | null> {
  const row = await db.booking.findUnique({ where: { id: bookingId }, select: BOOKING_SELECT });
  return row && toBookingOutput(row);
}

/** What a seated booking's calendar event shows of it: a write is stale once this has changed. */
const shownOf = (booking: TBookingOutput | null) => JSON.stringify(booking && { live: isLive(booking), event: eventOf(booking, booking.icsUid) });

/**
 * Writes a seated booking's one calendar event as the booking is now: every seat's attendee listed, removed with the
 * last seat. Seats taken at once have their jobs run at once, in any order, so after writing, the booking is read
 * again and written again if its seats changed meanwhile: the last write lists every seat. (Past a few rounds, the
 * seats still changing have their own jobs to come.) `movedFromId`: the booking a seat (or the whole booking) left.
 */
export async function syncSeatedBooking(bookingId: number, movedFromId?: number): Promise<void> {
  let from = movedFromId === undefined || movedFromId === bookingId ? null : await currentBooking(movedFromId);
  // A seat that left a booking others still hold: that booking keeps its event, without the seat's attendee.
  if (from && isLive(from)) {
    await syncSeatedBooking(from.id);
    from = null;
  }
  let booking = await currentBooking(bookingId);
  for (let round = 0; booking && round < 3; round++) {
    // The event of a booking left by its last seat (or moved whole) moves with it, keeping its identity.
    if (isLive(booking)) await syncBooking("edited", booking, from && round === 0 ? from.id : undefined);
    else {
      await syncBooking("cancelled", booking);
      // Cancelled before this ran: the event the booking would have taken over goes too.
      if (from && round === 0) await syncBooking("cancelled", from);
    }
    const now = await currentBooking(bookingId);
    if (shownOf(now) === shownOf(booking)) return;
    booking = now;
  }
}

const CHANGE_OF: Partial<Record<DomainEventType, BookingChange>> = {
  BOOKING_CREATED: "created",
  BOOKING_REQUESTED: "created",
  BOOKING_RESCHEDULED: "rescheduled",
  BOOKING_CANCELLED: "cancelled",
  // Pending bookings were written when made, marked as awaiting confirmation: a confirmed one is written again
  // without that note, a declined one is taken out.
  BOOKING_CONFIRMED: "edited",
  BOOKING_REJECTED: "cancelled",
  // The host who gave the booking up loses its calendar event; the one who took it over gets one.
  BOOKING_REASSIGNED: "edited",
  BOOKING_LOCATION_UPDATED: "edited",
};

/**
 * The `calendar-sync` subscriber. Jobs may run late or again, so an event that would write the booking does nothing
 * once the booking is no longer live: its cancellation (or reschedule) has its own event, which clears the calendars.
 */
export async function syncBookingEvent(event: DomainEvent): Promise<void> {
  const change = CHANGE_OF[event.type];
  if (!change) return;
  const { booking, previousBooking } = bookingPayloadOf(event);
  const now = await db.booking.findUnique({ where: { id: booking.id }, select: { status: true, seatCapacity: true } });
  // A seat's event names its own attendee; the calendar event is the whole booking's, written from its seats as they are now.
  if (now && now.seatCapacity !== null) return syncSeatedBooking(booking.id, change === "rescheduled" ? previousBooking?.id : undefined);
  if (change !== "cancelled" && (!now || (now.status !== "ACCEPTED" && now.status !== "PENDING"))) return;
  await syncBooking(change, booking, change === "rescheduled" ? previousBooking?.id : undefined);
}
