/**
 * The attendee's side of a booking without an account: its page, cancel and reschedule, authorized by the manage
 * link (manage-link.ts). The actions go through the same use cases as POST /v2/bookings/{uid}/cancel and
 * /reschedule (booking-lifecycle.ts), with the attendee rules checked under the booking's lock.
 *
 * What a bare uid reveals: nothing. The page answers an unknown uid, a uid without a token and a wrong token alike
 * ("open it from your mail"); it shows the booking to the holder of its token, to its signed-in hosts (and the team
 * admins who see its bookings) and to a signed-in user whose e-mail is one of its attendees.
 */
import { locationForPeople } from "./booking-location";
import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import { AppError } from "../errors";
import { bookingsVisibleTo } from "./booking-access";
import { BOOKING_SELECT, toBookingOutput, type TBookingOutput } from "./booking.dto";
import { cancelBooking, rescheduleBooking, type LifecycleCaller } from "./booking-lifecycle";
import { isManageTokenOf, manageTokenFor, seatManageTokenFor, seatOfManageToken } from "./manage-link";
import { cancelSeat, rescheduleSeat } from "./booking-seats";
import { addToCalendarLinks } from "./manage-link-calendars";
import { managedSeriesOf } from "./manage-link-series";
import { ATTENDEE_RULES_SELECT, cancelRefusal, rescheduleRefusal, type AttendeeRules } from "./manage-link-rules";
import type { TManageCancelInput, TManageRescheduleInput } from "./manage-link.schemas";

const INVALID_LINK = "This link does not open any booking. Use the link in your latest mail about it.";

const EVENT_TYPE_SELECT = {
  id: true,
  lengthInMinutes: true,
  owner: { select: { username: true } },
  team: { select: { slug: true } },
  ...ATTENDEE_RULES_SELECT,
} as const;

async function loadEventType(eventTypeId: number | null) {
  return eventTypeId === null ? null : db.eventType.findUnique({ where: { id: eventTypeId }, select: EVENT_TYPE_SELECT });
}

type Viewer = { token?: string | null; actor: Actor | null };

/** Who the viewer is to this booking, or null when the page must not show it. A seat's token (seated bookings) is its attendee's. */
async function viewerRole(row: { uid: string; manageNonce: string | null; attendees: { email: string }[] }, viewer: Viewer) {
  if (isManageTokenOf(row, viewer.token) || seatOfManageToken(row, viewer.token)) return "attendee" as const;
  if (!viewer.actor) return null;
  if ((await db.booking.count({ where: { AND: [{ uid: row.uid }, bookingsVisibleTo(viewer.actor)] } })) > 0) return "host" as const;
  const user = await db.user.findUnique({ where: { id: viewer.actor.userId }, select: { email: true } });
  const email = user?.email.toLowerCase();
  return email && row.attendees.some((attendee) => attendee.email.toLowerCase() === email) ? ("signed-in attendee" as const) : null;
}

type Status = "requested" | "accepted" | "cancelled" | "declined" | "rescheduled";

function statusOf(booking: TBookingOutput): Status {
  if (booking.rescheduledToUid) return "rescheduled";
  return ({ pending: "requested", accepted: "accepted", cancelled: "cancelled", rejected: "declined" } as const)[booking.status];
}

async function rescheduledTo(uid: string | undefined) {
  if (!uid) return null;
  const next = await db.booking.findUnique({ where: { uid }, select: { uid: true, start: true, end: true } });
  return next ? { uid: next.uid, start: next.start.toISOString(), end: next.end.toISOString() } : null;
}

function actionState(refusal: string | null) {
  return refusal ? { isAllowed: false, reason: refusal } : { isAllowed: true, reason: null };
}

/** The booking's page, or null (the same for an unknown uid and for a viewer who may not see it). */
export async function findManagedBookingView(uid: string, viewer: Viewer, now = new Date()) {
  const row = await db.booking.findUnique({
    where: { uid },
    select: { ...BOOKING_SELECT, manageNonce: true, seatCapacity: true, seats: { select: { uid: true, attendeeId: true } } },
  });
  if (!row) return null;
  const role = await viewerRole(row, viewer);
  if (!role) return null;
  const booking = toBookingOutput({ ...row, attendees: await attendeesShown(row, role, viewer.token) });
  const eventType = await loadEventType(row.eventTypeId);
  const rules: AttendeeRules | null = eventType;
  // A seat's link whose seat was given up (cancelled, or moved: the move's own link opens the new one) shows it cancelled.
  const seatUid = seatOfManageToken(row, viewer.token);
  const isSeatGone = seatUid !== null && !row.seats.some((seat) => seat.uid === seatUid);
  const status = isSeatGone ? "cancelled" : statusOf(booking);
  const isStanding = status === "accepted" || status === "requested";
  // Only the link's holder acts from this page; hosts manage their bookings from /bookings.
  const canAct = role === "attendee" && !isSeatGone;
  return {
    uid: booking.uid,
    title: booking.title,
    description: booking.description,
    start: booking.start,
    end: booking.end,
    status,
    reason: booking.cancellationReason ?? null,
    rescheduledTo: await rescheduledTo(booking.rescheduledToUid),
    location: locationForPeople(booking.location),
    meetingUrl: booking.meetingUrl ?? null,
    hosts: booking.hosts.map(({ name, email }) => ({ name, email })),
    attendees: booking.attendees.map(({ name, email }) => ({ name, email, isGuest: booking.guests.includes(email) })),
    calendarLinks: isStanding ? addToCalendarLinks(booking) : null,
    /** An occurrence of a series: its place, and the other occurrences' dates and pages. */
    series: await managedSeriesOf(booking, canAct),
    viewer: role,
    token: canAct ? (viewer.token ?? null) : null,
    cancel: actionState(isSeatGone ? "Your seat is cancelled." : canAct ? cancelRefusal(row, rules, now) : "Only the attendee's link can cancel here."),
    reschedule: actionState(
      isSeatGone ? "Your seat is cancelled." : canAct ? rescheduleRefusal(row, rules, now) : "Only the attendee's link can reschedule here.",
    ),
    /** What the slot picker needs to offer new times: the same public slots as the booking page. */
    slotSource: eventType
      ? {
          eventTypeId: eventType.id,
          owner: eventType.team ? { teamSlug: eventType.team.slug } : { username: eventType.owner?.username ?? "" },
          lengthInMinutes: booking.duration,
        }
      : null,
  };
}
export type TManagedBookingView = NonNullable<Awaited<ReturnType<typeof findManagedBookingView>>>;

/**
 * A seated booking's attendees as the viewer may see them: a seat's holder sees their own seat, and the others only when
 * the event type shows attendees to each other; its hosts see everyone.
 */
async function attendeesShown<A extends { id: number }>(
  row: {
    uid: string;
    manageNonce: string | null;
    seatCapacity: number | null;
    eventTypeId: number | null;
    attendees: A[];
    seats: { uid: string; attendeeId: number }[];
  },
  role: string,
  token: string | null | undefined,
): Promise<A[]> {
  if (row.seatCapacity === null || role === "host") return row.attendees;
  const eventType = row.eventTypeId === null ? null : await db.eventType.findUnique({ where: { id: row.eventTypeId }, select: { seatsShowAttendees: true } });
  if (eventType?.seatsShowAttendees) return row.attendees;
  const seatUid = seatOfManageToken(row, token);
  const own = row.seats.find((seat) => seat.uid === seatUid)?.attendeeId;
  return row.attendees.filter((attendee) => attendee.id === own);
}

/** The booking the link names, with what the actions need; a wrong token is the same 404 as an unknown uid. */
async function bookingOfLink(uid: string, token: string) {
  const row = await db.booking.findUnique({
    where: { uid },
    select: {
      uid: true,
      manageNonce: true,
      eventTypeId: true,
      attendees: { select: { id: true, email: true, isGuest: true }, orderBy: { id: "asc" } },
      seats: { select: { uid: true, attendeeId: true } },
    },
  });
  const seatUid = row ? seatOfManageToken(row, token) : null;
  if (!row || (!seatUid && !isManageTokenOf(row, token))) throw new AppError("NOT_FOUND", INVALID_LINK);
  const eventType = await loadEventType(row.eventTypeId);
  if (seatUid) {
    // A seat's link acts on that seat alone, as its own attendee.
    const attendeeId = row.seats.find((seat) => seat.uid === seatUid)?.attendeeId;
    const email = row.attendees.find((attendee) => attendee.id === attendeeId)?.email;
    if (!email) throw new AppError("NOT_FOUND", INVALID_LINK);
    return { byEmail: email, rules: eventType as AttendeeRules | null, seatUid };
  }
  // The booker (the first attendee) acts: the link is mailed to every attendee, but it is the booking's, not theirs.
  return { byEmail: row.attendees[0]?.email, rules: eventType as AttendeeRules | null, seatUid: null };
}

const refuseWith =
  (
    refusal: (booking: Parameters<typeof cancelRefusal>[0], rules: AttendeeRules | null) => string | null,
    rules: AttendeeRules | null,
  ): LifecycleCaller["check"] =>
  async (_tx, booking) => {
    const reason = refusal(booking, rules);
    if (reason) throw new AppError("FORBIDDEN", reason);
  };

/** Cancel from the link: POST /v2/bookings/{uid}/cancel's use case, refused outside the event type's rules. */
export async function cancelFromManageLink(input: TManageCancelInput) {
  const { byEmail, rules, seatUid } = await bookingOfLink(input.uid, input.token);
  if (seatUid) {
    const check = refuseWith((booking, r) => cancelRefusal(booking, r), rules);
    const left = await cancelSeat(null, input.uid, { seatUid, cancellationReason: input.cancellationReason || undefined }, { byEmail, check });
    return { uid: left.uid, status: "cancelled" as const };
  }
  const cancelled = await cancelBooking(
    null,
    input.uid,
    { cancellationReason: input.cancellationReason || undefined, cancelSubsequentBookings: input.cancelSubsequentBookings },
    { byEmail, check: refuseWith((booking, r) => cancelRefusal(booking, r), rules) },
  );
  return { uid: cancelled.uid, status: cancelled.status };
}

/**
 * Reschedule from the link: POST /v2/bookings/{uid}/reschedule's use case. The answer carries the new booking's own
 * token, once, to the holder of the old one who just made it, so the page can open the new booking; the old link
 * opens only the cancelled old booking from now on.
 */
export async function rescheduleFromManageLink(input: TManageRescheduleInput) {
  const { byEmail, rules, seatUid } = await bookingOfLink(input.uid, input.token);
  if (seatUid) {
    const check = refuseWith((booking, r) => rescheduleRefusal(booking, r), rules);
    const seat = await rescheduleSeat(
      null,
      input.uid,
      { seatUid, start: input.start, reschedulingReason: input.reschedulingReason || undefined, rescheduledBy: byEmail },
      { byEmail, check },
    );
    return { uid: seat.uid, start: seat.start, end: seat.end, token: await manageTokenOfSeat(seat.uid, seat.seatUid!) };
  }
  const moved = await rescheduleBooking(
    null,
    input.uid,
    { start: input.start, reschedulingReason: input.reschedulingReason || undefined, rescheduledBy: byEmail },
    { byEmail, check: refuseWith((booking, r) => rescheduleRefusal(booking, r), rules) },
  );
  return { uid: moved.uid, start: moved.start, end: moved.end, token: await manageTokenOfBooking(moved.uid) };
}

/** A seat's manage token (manage-link.ts), for its attendee's browser and mails: it opens and acts on that seat only. */
export async function manageTokenOfSeat(uid: string, seatUid: string): Promise<string | null> {
  const row = await db.booking.findUnique({ where: { uid }, select: { uid: true, manageNonce: true } });
  return row ? seatManageTokenFor(row, seatUid) : null;
}

/**
 * The token a mail about `booking` (an event's snapshot) carries: the booking's own; for a seated booking, the seat's of
 * the one attendee the snapshot names (each seat's events name its attendee alone), and none for a snapshot of several
 * seats (a host's change to the whole booking), which no one attendee's link may open.
 */
export async function manageTokenForMail(booking: { uid: string; attendees: { id: number }[] }): Promise<string | null> {
  const row = await db.booking.findUnique({
    where: { uid: booking.uid },
    select: {
      uid: true,
      manageNonce: true,
      seatCapacity: true,
      seats: { where: { attendeeId: { in: booking.attendees.map(({ id }) => id) } }, select: { uid: true } },
    },
  });
  if (!row) return null;
  if (row.seatCapacity === null) return manageTokenFor(row);
  return booking.attendees.length === 1 && row.seats.length === 1 ? seatManageTokenFor(row, row.seats[0]!.uid) : null;
}

/** The manage token of a booking just made, for the booker's own browser (booking-page.service.ts). */
export async function manageTokenOfBooking(uid: string): Promise<string | null> {
  const row = await db.booking.findUnique({ where: { uid }, select: { uid: true, manageNonce: true } });
  return row ? manageTokenFor(row) : null;
}
