/**
 * Mirrors bookings into their hosts' destination calendars, after the booking has committed:
 * - created: an event in each host's destination calendar, recorded as a BookingReference;
 * - cancelled: those events are deleted (and their references with them);
 * - rescheduled: the old booking's events move to the new time and their references to the new booking;
 *   a host who no longer hosts it loses the event, a new host gets one;
 * - edited (location, hosts or confirmation changed in place): the booking's own events are updated the
 *   same way, keeping their identity.
 * Afterwards the cached busy times of the users whose calendars were written are dropped (see `sync`).
 * Never throws: a calendar that fails is logged and the booking stands. The caller waits at most
 * SYNC_WAIT_MS; slower providers finish in the background.
 */
import type { TBookingOutput } from "../bookings/booking.dto";
import { hasMailbox } from "../bookings/phone-only-attendee";
import { db } from "../db/client";
import { log } from "../log";
import { CalendarError, type CalendarEventInput } from "./calendar-adapter";
import { CALENDAR_TYPES } from "./calendar-apps";
import { invalidateUserCalendars } from "./calendar-cache";
import { connect, CREDENTIAL_SELECT, markCredentialValidity, type CredentialRow } from "./credential-store";

export type BookingChange = "created" | "cancelled" | "rescheduled" | "edited";
const SYNC_WAIT_MS = 5_000;

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
    where: { userId: { in: hostIds }, credential: { invalid: false } },
    select: { externalId: true, credential: { select: CREDENTIAL_SELECT } },
  });
  await Promise.all(
    destinations.map(async ({ externalId, credential: row }) => {
      const { credential, adapter } = connect(row);
      if (!adapter.createEvent) return;
      touched.add(row.userId);
      const eventId = await attempt(row, "creating the event", () => adapter.createEvent!(credential, externalId, eventOf(booking, booking.icsUid)));
      if (eventId)
        await db.bookingReference.create({
          data: { bookingId: booking.id, type: row.type, externalId: eventId, externalCalendarId: externalId, credentialId: row.id },
        });
    }),
  );
}

async function calendarReferences(bookingId: number) {
  const references = await db.bookingReference.findMany({ where: { bookingId, type: { in: CALENDAR_TYPES }, credentialId: { not: null } } });
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
  for (const reference of await calendarReferences(bookingId)) await removeEvent(reference, touched);
}

/**
 * Brings the events written for booking `sourceId` (the booking itself, or the one it was rescheduled
 * from) in line with `booking`: a host who still hosts it keeps the event, updated in place (CalDAV: same
 * UID) and now referenced by `booking`; any other event is deleted; hosts without one get one.
 */
async function updateEvents(booking: TBookingOutput, sourceId: number | null, touched: Touched): Promise<void> {
  const hostIds = booking.hosts.map((host) => host.id);
  const served = new Set<number>();
  for (const item of sourceId === null ? [] : await calendarReferences(sourceId)) {
    const { reference, row } = item;
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

async function previousBookingId(booking: TBookingOutput): Promise<number | null> {
  if (!booking.rescheduledFromUid) return null;
  return (await db.booking.findUnique({ where: { uid: booking.rescheduledFromUid }, select: { id: true } }))?.id ?? null;
}

/**
 * The cached busy times of every user whose calendar a provider was asked to change are dropped once the writes
 * are done (also when a write failed: it may have half happened), so the next slot request reads those calendars as
 * they now are (a cancelled slot is offered again at once). A change that wrote to no calendar drops nothing.
 */
async function sync(change: BookingChange, booking: TBookingOutput): Promise<void> {
  const sourceId = change === "rescheduled" ? await previousBookingId(booking) : change === "created" ? null : booking.id;
  const touched: Touched = new Set();
  try {
    if (change === "created")
      await writeToDestinations(
        booking,
        booking.hosts.map((host) => host.id),
        touched,
      );
    else if (change === "cancelled") await removeEvents(booking.id, touched);
    else await updateEvents(booking, sourceId, touched);
  } finally {
    await Promise.all([...touched].map((userId) => invalidateUserCalendars(userId)));
  }
}

/**
 * Call after the change has committed, next to the booking mails. `booking` is the booking as it now
 * stands (for a reschedule, the new one: the old one is found through rescheduledFromUid).
 */
export async function syncBookingToCalendars(change: BookingChange, booking: TBookingOutput): Promise<void> {
  const work = sync(change, booking).catch((error: unknown) =>
    log.warn("calendar sync failed; the booking stands", { change, bookingUid: booking.uid, error }),
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, SYNC_WAIT_MS)))]);
  clearTimeout(timer);
}
