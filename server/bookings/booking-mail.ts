/**
 * Mails about a booking: the `mail` subscriber of booking events (server/events/domain-events.ts), run by a job
 * after the change committed. Each mail carries an .ics whose UID is the booking's icsUid, so a mail client updates
 * or removes the one calendar entry it made from the first invitation.
 *
 * Every recipient gets their own copy: times in their own zone, named (an attendee's booking timeZone, a host's
 * user timeZone); attendees get the booking's manage links (manage-link.ts: the token is derived here from the
 * booking's nonce, so it never sits in the event, the job's data or a log), hosts the booking's page and, for a
 * request, the page where they confirm it. "Add to calendar" is offered only while the booking stands.
 */
import { locationForPeople } from "./booking-location";
import { withMeetingLink } from "../conferencing/meeting-location";
import { env } from "../env";
import { bookingPayloadOf } from "../events/booking-events";
import type { DomainEvent, DomainEventType } from "../events/domain-events";
import { renderLetter, zonedRange, type LetterBlock } from "../mail/letter";
import { sendEventMails, type Mail } from "../mail/mailer";
import type { TBookingOutput } from "./booking.dto";
import { icsForBooking, icsForSeries, seriesOccurrences } from "./booking-ics";
import { bookingPageUrl, manageLinksFor } from "./manage-link";
import { manageTokenForMail } from "./manage-link.service";
import { addToCalendarLinks } from "./manage-link-calendars";
import { hasMailbox } from "./booking-field-responses";

export type BookingMailChange = "created" | "cancelled" | "rescheduled" | "confirmed" | "declined";

type Method = "REQUEST" | "CANCEL";
type Kind = { subject: string; method: Method; reason: string | null; note: string | null; attendeesOnly: boolean };

function kindOf(change: BookingMailChange, booking: TBookingOutput): Kind {
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

type Recipient = { email: string; name: string; timeZone: string; locale: string; isHost: boolean };

/** A phone-only attendee has no mailbox and gets no mail; the hosts still get theirs. Each address once. */
function recipientsOf(booking: TBookingOutput, attendeesOnly: boolean): Recipient[] {
  const attendees = booking.attendees
    .filter(({ email }) => hasMailbox(email))
    .map(({ email, name, timeZone, language }) => ({ email, name, timeZone, locale: language || "en", isHost: false }));
  const hosts = booking.hosts.map(({ email, name, timeZone }) => ({ email, name, timeZone, locale: "en", isHost: true }));
  const seen = new Set<string>();
  return [...(attendeesOnly ? [] : hosts), ...attendees].filter(({ email }) => !seen.has(email) && Boolean(seen.add(email)));
}

const HEADINGS: Record<BookingMailChange, (booking: TBookingOutput, isHost: boolean) => string> = {
  created: (booking, isHost) =>
    booking.status === "pending"
      ? isHost
        ? `${booking.attendees[0]?.name ?? "Someone"} asked to book ${booking.title}`
        : `Your request for ${booking.title} was sent`
      : `${booking.title} is booked`,
  cancelled: (booking) => `${booking.title} was cancelled`,
  rescheduled: (booking) => `${booking.title} has a new time`,
  confirmed: (booking) => `${booking.title} is confirmed`,
  declined: (booking) => `The host declined ${booking.title}`,
};

const isStanding = (booking: TBookingOutput) => booking.status === "accepted" || booking.status === "pending";

function factsOf(booking: TBookingOutput, recipient: Recipient): LetterBlock {
  const who = [
    ...booking.hosts.map(({ name, email }) => `${name} <${email}> (host)`),
    ...booking.attendees.map(({ name, email }) => (hasMailbox(email) ? `${name} <${email}>` : name)),
  ].join("\n");
  return {
    kind: "facts",
    rows: [
      { label: "What", value: booking.title },
      { label: "When", value: zonedRange(booking.start, booking.end, recipient.timeZone, recipient.locale) },
      // "Location" names the place as the .ics and the calendar event do; a video link beside another place is its own row.
      ...(booking.location && booking.location !== booking.meetingUrl ? [{ label: "Location", value: locationForPeople(booking.location)! }] : []),
      ...(booking.meetingUrl
        ? [
            {
              label: booking.location && booking.location !== booking.meetingUrl ? "Video link" : "Location",
              value: booking.meetingUrl,
              href: booking.meetingUrl,
            },
          ]
        : []),
      { label: "Who", value: who },
    ],
  };
}

function actionsFor(change: BookingMailChange, booking: TBookingOutput, recipient: Recipient, token: string | null): LetterBlock[] {
  if (recipient.isHost) {
    const links = [{ label: "View the booking", href: bookingPageUrl(booking.uid) }];
    if (change === "created" && booking.status === "pending") links.unshift({ label: "Confirm or decline", href: `${env().APP_URL}/bookings/unconfirmed` });
    return [{ kind: "links", title: "Manage", links }];
  }
  if (!token) return [];
  const manage = manageLinksFor(booking.uid, token);
  if (!isStanding(booking)) return [{ kind: "links", title: "Your booking", links: [{ label: "View the booking", href: manage.view }] }];
  const blocks: LetterBlock[] = [];
  // A host who moved the meeting may have picked a time that does not suit: the attendee picks another here.
  if (change === "rescheduled") blocks.push({ kind: "paragraph", text: `Does the new time not suit you? Pick another one: ${manage.reschedule}` });
  blocks.push({
    kind: "links",
    title: "Need to change something?",
    links: [
      { label: "View the booking", href: manage.view },
      { label: "Reschedule", href: manage.reschedule },
      { label: "Cancel", href: manage.cancel },
    ],
  });
  return blocks;
}

function calendarBlock(booking: TBookingOutput): LetterBlock[] {
  if (!isStanding(booking)) return [];
  const links = addToCalendarLinks(booking);
  const named = (label: string) => links.find((link) => link.label === label)!.link;
  return [
    {
      kind: "links",
      title: "Add to calendar",
      links: [
        { label: "Google", href: named("Google Calendar") },
        { label: "Outlook", href: named("Microsoft Outlook") },
        { label: "Apple", href: named("ICS") },
        { label: ".ics file", href: named("ICS") },
      ],
    },
  ];
}

function contactLine(booking: TBookingOutput, recipient: Recipient): string {
  if (recipient.isHost) {
    const booker = booking.attendees[0];
    return booker && hasMailbox(booker.email) ? `To reach ${booker.name}, reply to ${booker.email}.` : "";
  }
  const host = booking.hosts[0];
  return host ? `Questions? Write to ${host.name} at ${host.email}.` : "";
}

/** A new series' mail lists every occurrence, in the reader's zone (the facts above show the first). */
function seriesBlock(series: TBookingOutput[], recipient: Recipient): LetterBlock[] {
  if (series.length < 2) return [];
  const dates = series.map((occurrence) => zonedRange(occurrence.start, occurrence.end, recipient.timeZone, recipient.locale));
  return [{ kind: "paragraph", text: `This is a series of ${series.length} occurrences:\n${dates.join("\n")}` }];
}

function mailFor(
  change: BookingMailChange,
  booking: TBookingOutput,
  kind: Kind,
  recipient: Recipient,
  token: string | null,
  ics: string,
  series: TBookingOutput[],
): Mail {
  const blocks: LetterBlock[] = [
    factsOf(booking, recipient),
    ...seriesBlock(series, recipient),
    ...(kind.note ? [{ kind: "paragraph" as const, text: kind.note }] : []),
    ...(kind.reason ? [{ kind: "paragraph" as const, text: `Reason: ${kind.reason}` }] : []),
    ...actionsFor(change, booking, recipient, token),
    ...calendarBlock(booking),
  ];
  const contact = contactLine(booking, recipient);
  if (contact) blocks.push({ kind: "paragraph", text: contact });
  const { text, html } = renderLetter({ heading: HEADINGS[change](booking, recipient.isHost), blocks, footer: "Sent by Convene." });
  return {
    to: recipient.email,
    subject: kind.subject,
    text,
    html,
    attachments: [{ filename: "invite.ics", content: ics, contentType: `text/calendar; charset=utf-8; method=${series.length > 1 ? "PUBLISH" : kind.method}` }],
  };
}

type LetterKey = "main" | "withdrawn" | "meeting-link";

/** Each recipient of one letter of one event at most once, however often the job runs (sendEventMails). */
async function send(eventId: string, key: LetterKey, change: BookingMailChange, booking: TBookingOutput, kind: Kind): Promise<void> {
  // A new series is one mail (its first occurrence's event; the others' skip the mail subscriber) with every occurrence.
  const series = change === "created" ? await seriesOccurrences(booking) : [];
  const ics = series.length > 1 ? icsForSeries(series) : icsForBooking(booking, kind.method);
  // Derived from the booking's nonce when the mail is written (manage-link.ts): never in the event or the job's data.
  const token = await manageTokenForMail(booking);
  await sendEventMails(
    eventId,
    key,
    recipientsOf(booking, kind.attendeesOnly).map((recipient) => mailFor(change, booking, kind, recipient, token, ics, series)),
  );
}

/** The old booking's withdrawal after a reschedule: its entry leaves every calendar; the new time, in each reader's zone. */
async function sendWithdrawal(eventId: string, previous: TBookingOutput, next: TBookingOutput): Promise<void> {
  const ics = icsForBooking(previous, "CANCEL");
  await sendEventMails(
    eventId,
    "withdrawn",
    recipientsOf(previous, false).map((recipient) => {
      const { text, html } = renderLetter({
        heading: `${previous.title} moved`,
        blocks: [
          {
            kind: "paragraph",
            text: `This meeting moved to ${zonedRange(next.start, next.end, recipient.timeZone, recipient.locale)}; the earlier invitation is withdrawn.`,
          },
          factsOf(previous, recipient),
        ],
        footer: "Sent by Convene.",
      });
      return {
        to: recipient.email,
        subject: `Moved: ${previous.title}`,
        text,
        html,
        attachments: [{ filename: "invite.ics", content: ics, contentType: "text/calendar; charset=utf-8; method=CANCEL" }],
      };
    }),
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
  if (change === "rescheduled" && previousBooking) await sendWithdrawal(event.id, previousBooking, shown);
  await send(event.id, "main", change, shown, kindOf(change, shown));
}

/** The meeting link of a booking whose confirmation went out before the link was made (server/conferencing/meeting-sync.ts). */
export async function mailMeetingLink(eventId: string, booking: TBookingOutput): Promise<void> {
  await send(eventId, "meeting-link", "created", booking, {
    subject: `Updated: ${booking.title}`,
    method: "REQUEST",
    reason: null,
    note: "The meeting link is ready.",
    attendeesOnly: false,
  });
}
