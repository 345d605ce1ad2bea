/**
 * Mirrors bookings into their hosts' destination calendars, after the booking has committed:
 * - created: an event in each host's destination calendar, recorded as a BookingReference;
 * - cancelled: those events are deleted (and their references with them);
 * - rescheduled: the old booking's events move to the new time and their references to the new booking;
 *   a host who no longer hosts it loses the event, a new host gets one.
 * Afterwards the hosts' cached busy times are dropped (see `sync`).
 * Never throws: a calendar that fails is logged and the booking stands. The caller waits at most
 * SYNC_WAIT_MS; slower providers finish in the background.
 */
import type { TBookingOutput } from "../bookings/booking.dto";
import { db } from "../db/client";
import { log } from "../log";
import { CalendarError, type CalendarEventInput } from "./calendar-adapter";
import { CALENDAR_TYPES } from "./calendar-apps";
import { invalidateUserCalendars } from "./calendar-cache";
import { connect, CREDENTIAL_SELECT, markCredentialValidity, type CredentialRow } from "./credential-store";

export type BookingChange = "created" | "cancelled" | "rescheduled";
const SYNC_WAIT_MS = 5_000;

function locationText(location: unknown): string | null {
  if (!location || typeof location !== "object") return null;
  const { address, link, phone, integration, type } = location as Record<string, unknown>;
  const text = [address, link, phone, integration, type].find((value) => typeof value === "string");
  return typeof text === "string" ? text : null;
}

function eventOf(booking: TBookingOutput, uid: string): CalendarEventInput {
  const organizer = booking.hosts[0] ?? { name: "Convene", email: "no-reply@convene.localhost" };
  const attendees = booking.attendees.map((attendee) => `${attendee.name} <${attendee.email}>`).join(", ");
  return {
    uid,
    title: booking.title,
    description: [booking.description, attendees ? `Attendees: ${attendees}` : "", booking.status === "pending" ? "Awaiting the host's confirmation." : ""].filter(Boolean).join("\n\n"),
    location: locationText(booking.location),
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

async function writeToDestinations(booking: TBookingOutput, hostIds: number[]): Promise<void> {
  const destinations = await db.destinationCalendar.findMany({ where: { userId: { in: hostIds }, credential: { invalid: false } }, select: { externalId: true, credential: { select: CREDENTIAL_SELECT } } });
  await Promise.all(
    destinations.map(async ({ externalId, credential: row }) => {
      const { credential, adapter } = connect(row);
      if (!adapter.createEvent) return;
      const eventId = await attempt(row, "creating the event", () => adapter.createEvent!(credential, externalId, eventOf(booking, booking.icsUid)));
      if (eventId) await db.bookingReference.create({ data: { bookingId: booking.id, type: row.type, externalId: eventId, externalCalendarId: externalId, credentialId: row.id } });
    }),
  );
}

async function calendarReferences(bookingId: number) {
  const references = await db.bookingReference.findMany({ where: { bookingId, type: { in: CALENDAR_TYPES }, credentialId: { not: null } } });
  const rows = await db.credential.findMany({ where: { id: { in: references.map((reference) => reference.credentialId!) } }, select: CREDENTIAL_SELECT });
  return references.map((reference) => ({ reference, row: rows.find((row) => row.id === reference.credentialId) ?? null }));
}

async function removeEvents(bookingId: number): Promise<void> {
  for (const { reference, row } of await calendarReferences(bookingId)) {
    if (row) {
      const { credential, adapter } = connect(row);
      const done = await attempt(row, "deleting the event", async () => {
        await adapter.deleteEvent?.(credential, reference.externalCalendarId ?? "", reference.externalId);
        return true;
      });
      if (!done) continue;
    }
    await db.bookingReference.delete({ where: { id: reference.id } });
  }
}

async function moveEvents(booking: TBookingOutput): Promise<void> {
  const previous = booking.rescheduledFromUid ? await db.booking.findUnique({ where: { uid: booking.rescheduledFromUid }, select: { id: true } }) : null;
  const hostIds = booking.hosts.map((host) => host.id);
  const served = new Set<number>();
  for (const { reference, row } of previous ? await calendarReferences(previous.id) : []) {
    if (!row || !hostIds.includes(row.userId) || served.has(row.userId)) continue;
    const { credential, adapter } = connect(row);
    const moved = await attempt(row, "moving the event", async () => {
      // The event keeps its identity (CalDAV: its UID); only the time and text change.
      await adapter.updateEvent?.(credential, reference.externalCalendarId ?? "", reference.externalId, eventOf(booking, reference.externalId));
      return true;
    });
    if (!moved) continue;
    await db.bookingReference.update({ where: { id: reference.id }, data: { bookingId: booking.id } });
    served.add(row.userId);
  }
  if (previous) await removeEvents(previous.id);
  await writeToDestinations(booking, hostIds.filter((id) => !served.has(id)));
}

/**
 * The users whose calendars a change may have written to: the booking's hosts and, for a reschedule,
 * the previous booking's. Their cached busy times are dropped once the writes are done, so the next
 * slot request reads the calendars as they now are (a cancelled slot is offered again at once).
 */
async function affectedUserIds(change: BookingChange, booking: TBookingOutput): Promise<number[]> {
  const ids = new Set(booking.hosts.map((host) => host.id));
  const previousUid = change === "rescheduled" ? booking.rescheduledFromUid : null;
  if (previousUid) {
    const hosts = await db.bookingHost.findMany({ where: { booking: { uid: previousUid } }, select: { userId: true } });
    for (const host of hosts) ids.add(host.userId);
  }
  return [...ids];
}

async function sync(change: BookingChange, booking: TBookingOutput): Promise<void> {
  const userIds = await affectedUserIds(change, booking);
  try {
    if (change === "created") await writeToDestinations(booking, booking.hosts.map((host) => host.id));
    else if (change === "cancelled") await removeEvents(booking.id);
    else await moveEvents(booking);
  } finally {
    await Promise.all(userIds.map((userId) => invalidateUserCalendars(userId)));
  }
}

/**
 * Call after the change has committed, next to the booking mails. `booking` is the booking as it now
 * stands (for a reschedule, the new one: the old one is found through rescheduledFromUid).
 */
export async function syncBookingToCalendars(change: BookingChange, booking: TBookingOutput): Promise<void> {
  const work = sync(change, booking).catch((error: unknown) => log.warn("calendar sync failed; the booking stands", { change, bookingUid: booking.uid, error }));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, SYNC_WAIT_MS)))]);
  clearTimeout(timer);
}
