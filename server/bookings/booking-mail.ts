/**
 * Mails about a booking: the `mail` subscriber of booking events (server/events/domain-events.ts), run by a job
 * after the change committed. Each mail carries an .ics whose UID is the booking's icsUid, so a mail client updates
 * or removes the one calendar entry it made from the first invitation.
 */
import { withMeetingLink } from "../conferencing/meeting-location";
import { env } from "../env";
import { bookingPayloadOf } from "../events/booking-events";
import type { DomainEvent, DomainEventType } from "../events/domain-events";
import { sendEventMails } from "../mail/mailer";
import type { TBookingOutput } from "./booking.dto";
import { icsForBooking } from "./booking-ics";
import { hasMailbox } from "./phone-only-attendee";

export type BookingMailChange = "created" | "cancelled" | "rescheduled" | "confirmed" | "declined";

type Method = "REQUEST" | "CANCEL";
type Letter = { subject: string; method: Method; reason: string | null; note: string | null; attendeesOnly: boolean };

function letterFor(change: BookingMailChange, booking: TBookingOutput): Letter {
  const { title } = booking;
  switch (change) {
    case "created":
      // A pending booking is only a request until the host confirms it; calling it booked would mislead.
      return booking.status === "pending"
        ? { subject: `Requested: ${title}`, method: "REQUEST", reason: null, note: "Awaiting the host's confirmation.", attendeesOnly: false }
        : { subject: `Booked: ${title}`, method: "REQUEST", reason: null, note: null, attendeesOnly: false };
    case "cancelled":
      return { subject: `Cancelled: ${title}`, method: "CANCEL", reason: booking.cancellationReason ?? null, note: null, attendeesOnly: false };
    case "rescheduled":
      return { subject: `Rescheduled: ${title}`, method: "REQUEST", reason: booking.reschedulingReason ?? null, note: null, attendeesOnly: false };
    // The host made these decisions, so only the people who asked for the meeting need to hear of them.
    case "confirmed":
      return { subject: `Confirmed: ${title}`, method: "REQUEST", reason: null, note: null, attendeesOnly: true };
    case "declined":
      return { subject: `Declined: ${title}`, method: "CANCEL", reason: booking.cancellationReason ?? null, note: null, attendeesOnly: true };
  }
}

/** A phone-only attendee has no mailbox and gets no mail; the hosts still get theirs. */
function recipientsOf(booking: TBookingOutput, attendeesOnly: boolean): string[] {
  const attendees = booking.attendees.map(({ email }) => email).filter(hasMailbox);
  return [...new Set(attendeesOnly ? attendees : [...booking.hosts.map(({ email }) => email), ...attendees])];
}

type LetterKey = "main" | "withdrawn" | "meeting-link";

/** Each recipient of one letter of one event at most once, however often the job runs (sendEventMails). */
async function send(eventId: string, key: LetterKey, booking: TBookingOutput, letter: Letter): Promise<void> {
  const ics = icsForBooking(booking, letter.method);
  const text = [
    booking.title,
    `${booking.start} – ${booking.end} (UTC)`,
    booking.location ? `Location: ${booking.location}` : null,
    letter.note,
    letter.reason ? `Reason: ${letter.reason}` : null,
    `Add to calendar: ${env().APP_URL}/api/bookings/${booking.uid}/ics`,
  ]
    .filter(Boolean)
    .join("\n\n");
  await sendEventMails(
    eventId,
    key,
    recipientsOf(booking, letter.attendeesOnly).map((to) => ({
      to,
      subject: letter.subject,
      text: `${text}\n`,
      attachments: [{ filename: "invite.ics", content: ics, contentType: `text/calendar; charset=utf-8; method=${letter.method}` }],
    })),
  );
}

const CHANGE_OF: Partial<Record<DomainEventType, BookingMailChange>> = {
  BOOKING_CREATED: "created",
  BOOKING_REQUESTED: "created",
  BOOKING_CANCELLED: "cancelled",
  BOOKING_RESCHEDULED: "rescheduled",
  BOOKING_CONFIRMED: "confirmed",
  BOOKING_REJECTED: "declined",
};

/**
 * The `mail` subscriber: the mails of a booking event, from the booking as the event's transaction left it.
 * A reschedule makes a new booking with a new UID, so the invitation for the new time alone would leave the old
 * entry in every calendar: the old UID is withdrawn with its own METHOD:CANCEL first.
 */
export async function mailBookingEvent(event: DomainEvent): Promise<void> {
  const change = CHANGE_OF[event.type];
  if (!change) return;
  const { booking, previousBooking } = bookingPayloadOf(event);
  // A video app's meeting is made by the conferencing subscriber beside this one: the letter waits a while for its link.
  const shown = change === "cancelled" || change === "declined" ? booking : await withMeetingLink(booking, event.occurredAt);
  if (change === "rescheduled" && previousBooking)
    await send(event.id, "withdrawn", previousBooking, {
      subject: `Moved: ${previousBooking.title}`,
      method: "CANCEL",
      reason: null,
      note: `This meeting moved to ${booking.start} (UTC); the earlier invitation is withdrawn.`,
      attendeesOnly: false,
    });
  await send(event.id, "main", shown, letterFor(change, shown));
}

/** The meeting link of a booking whose confirmation went out before the link was made (server/conferencing/meeting-sync.ts). */
export async function mailMeetingLink(eventId: string, booking: TBookingOutput): Promise<void> {
  await send(eventId, "meeting-link", booking, {
    subject: `Updated: ${booking.title}`,
    method: "REQUEST",
    reason: null,
    note: "The meeting link is ready.",
    attendeesOnly: false,
  });
}
