import { locationForPeople } from "./booking-location";
import { db } from "../db/client";
import { BOOKING_SELECT, toBookingOutput, type TBookingOutput } from "./booking.dto";
import { buildIcs, type IcsEvent } from "../calendars/ics";
import { hasMailbox } from "./booking-field-responses";

/** The booking as an iCalendar event; every change carries a higher SEQUENCE so it supersedes the last copy. */
export function icsForBooking(booking: TBookingOutput, method: IcsEvent["method"]): string {
  const organizer = booking.hosts[0] ?? { name: "Convene", email: "no-reply@convene.localhost" };
  return buildIcs({
    uid: booking.icsUid,
    method,
    sequence: Math.floor(new Date(booking.updatedAt).getTime() / 1000),
    start: new Date(booking.start),
    end: new Date(booking.end),
    title: booking.title,
    description: booking.description,
    location: locationForPeople(booking.location),
    organizer: { name: organizer.name, email: organizer.email },
    // A phone-only attendee is addressed by phone (a tel: URI), never by its stand-in e-mail.
    attendees: booking.attendees.map(({ name, email, phoneNumber }) => (hasMailbox(email) || !phoneNumber ? { name, email } : { name, phone: phoneNumber })),
    cancelled: booking.status === "cancelled" || booking.status === "rejected",
    tentative: booking.status === "pending",
  });
}

/**
 * A series' invitation: one VEVENT per occurrence, each with the occurrence's own UID (its icsUid), in one METHOD:PUBLISH
 * file. Not one RRULE event: each occurrence is a booking of its own, cancelled, moved and confirmed alone, and written
 * to connected calendars under its own UID; the mails about one occurrence later carry that UID, which an RRULE event
 * would need a RECURRENCE-ID override to match. (iTIP's REQUEST carries one UID an object, so the file is PUBLISH.)
 */
export function icsForSeries(occurrences: TBookingOutput[]): string {
  const events = occurrences.map((occurrence) => {
    const text = icsForBooking(occurrence, "PUBLISH");
    return text.slice(text.indexOf("BEGIN:VEVENT"), text.indexOf("END:VCALENDAR"));
  });
  const first = icsForBooking(occurrences[0]!, "PUBLISH");
  return `${first.slice(0, first.indexOf("BEGIN:VEVENT"))}${events.join("")}END:VCALENDAR\r\n`;
}

/**
 * A series' occurrences in start order (every status), or [] for a single booking. A seated series' mail is about one
 * attendee's seats (the event's booking is that seat's view): the occurrences where that attendee holds a seat, each
 * showing that attendee alone, so no one reads another seat holder's name or address in it.
 */
export async function seriesOccurrences(booking: Pick<TBookingOutput, "recurringBookingUid" | "attendees">): Promise<TBookingOutput[]> {
  const { recurringBookingUid } = booking;
  if (!recurringBookingUid) return [];
  const emails = booking.attendees.map(({ email }) => email);
  const rows = await db.booking.findMany({
    where: { recurringBookingUid, OR: [{ seatCapacity: null }, { seats: { some: { attendee: { email: { in: emails } } } } }] },
    orderBy: [{ start: "asc" }, { id: "asc" }],
    select: { ...BOOKING_SELECT, seatCapacity: true },
  });
  return rows.map(({ seatCapacity, ...row }) =>
    toBookingOutput(seatCapacity === null ? row : { ...row, attendees: row.attendees.filter(({ email }) => emails.includes(email)) }),
  );
}

/** The invitation of a booking as iCalendar text, or null when there is no such booking. */
export async function bookingIcs(uid: string): Promise<string | null> {
  const row = await db.booking.findUnique({ where: { uid }, select: BOOKING_SELECT });
  return row ? icsForBooking(toBookingOutput(row), "PUBLISH") : null;
}
