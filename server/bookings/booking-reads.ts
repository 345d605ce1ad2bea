/** Reading bookings: the filtered, sorted, paginated list, one booking, and what hangs off it. */
import type { Principal } from "../auth/principal";
import { db } from "../db/client";
import { env } from "../env";
import { Page } from "../http/pagination";
import type { Prisma } from "../db/generated/client";
import { getManagedBooking, managedBy } from "./booking-access";
import { BOOKING_SELECT, toBookingOutput } from "./booking.dto";
import type { TListBookingsQuery } from "./booking.schemas";

/**
 * The bookings the caller may manage, by the same rule as GET /v2/bookings/{uid} (managedBy: hosts or
 * the event type's owner), so a booking that opens by uid is also in the list. Sorted on Booking's own
 * columns; `id` breaks ties so pages never overlap.
 */
export async function listBookings(principal: Principal, query: TListBookingsQuery) {
  const filters: Prisma.BookingWhereInput = {
    ...(query.status?.length ? { status: { in: query.status.map((status) => status.toUpperCase() as "ACCEPTED") } } : {}),
    ...(query.attendeeEmail ? { attendees: { some: { email: query.attendeeEmail } } } : {}),
    ...(query.eventTypeId ? { eventTypeId: query.eventTypeId } : {}),
    ...(query.afterStart ? { start: { gte: query.afterStart } } : {}),
    ...(query.beforeEnd ? { end: { lte: query.beforeEnd } } : {}),
  };
  const where: Prisma.BookingWhereInput = { AND: [managedBy(principal.userId), filters] };
  const orderBy: Prisma.BookingOrderByWithRelationInput[] = [
    ...(query.sortStart ? [{ start: query.sortStart }] : []),
    ...(query.sortEnd ? [{ end: query.sortEnd }] : []),
    ...(query.sortCreated ? [{ createdAt: query.sortCreated }] : []),
  ];
  orderBy.push(...(orderBy.length ? [] : [{ start: "asc" as const }]), { id: "asc" });
  const [rows, total] = await Promise.all([
    db.booking.findMany({ where, orderBy, take: query.take, skip: query.skip, select: BOOKING_SELECT }),
    db.booking.count({ where }),
  ]);
  return new Page(rows.map(toBookingOutput), total, query);
}

export async function getBooking(principal: Principal, uid: string) {
  return toBookingOutput(await getManagedBooking(db, principal, uid));
}

export async function listReferences(principal: Principal, uid: string) {
  const booking = await getManagedBooking(db, principal, uid);
  const references = await db.bookingReference.findMany({
    where: { bookingId: booking.id },
    select: { id: true, type: true, externalId: true, credentialId: true },
    orderBy: { id: "asc" },
  });
  return references.map((reference) => ({
    id: reference.id,
    type: reference.type,
    eventUid: reference.externalId,
    destinationCalendarId: reference.credentialId === null ? null : String(reference.credentialId),
  }));
}

const calendarDate = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** "Add to calendar" links built from the booking itself; the ICS link serves the same invitation the mails carry. */
export async function calendarLinks(principal: Principal, uid: string) {
  const booking = toBookingOutput(await getManagedBooking(db, principal, uid));
  const google = new URL("https://calendar.google.com/calendar/render");
  google.search = new URLSearchParams({ action: "TEMPLATE", text: booking.title, dates: `${calendarDate(booking.start)}/${calendarDate(booking.end)}`, details: booking.description }).toString();
  const outlook = (host: string) => {
    const url = new URL(`https://${host}/calendar/0/deeplink/compose`);
    url.search = new URLSearchParams({ path: "/calendar/action/compose", rru: "addevent", subject: booking.title, startdt: booking.start, enddt: booking.end, body: booking.description }).toString();
    return url.toString();
  };
  return [
    { label: "Google Calendar", link: google.toString() },
    { label: "Microsoft Outlook", link: outlook("outlook.live.com") },
    { label: "Microsoft Office 365", link: outlook("outlook.office.com") },
    { label: "ICS", link: `${env().APP_URL}/api/bookings/${booking.uid}/ics` },
  ];
}

/**
 * Convene has no video platform of its own yet, so a booking has no recordings, transcripts or
 * conferencing sessions; the endpoints answer with the real (empty) lists after checking access.
 */
export async function emptyMediaList(principal: Principal, uid: string): Promise<never[]> {
  await getManagedBooking(db, principal, uid);
  return [];
}
