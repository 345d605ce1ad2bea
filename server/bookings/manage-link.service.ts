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
import { isManageTokenOf, manageTokenFor } from "./manage-link";
import { addToCalendarLinks } from "./manage-link-calendars";
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

/** Who the viewer is to this booking, or null when the page must not show it. */
async function viewerRole(row: { uid: string; manageNonce: string | null; attendees: { email: string }[] }, viewer: Viewer) {
  if (isManageTokenOf(row, viewer.token)) return "attendee" as const;
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
  const row = await db.booking.findUnique({ where: { uid }, select: { ...BOOKING_SELECT, manageNonce: true } });
  if (!row) return null;
  const role = await viewerRole(row, viewer);
  if (!role) return null;
  const booking = toBookingOutput(row);
  const eventType = await loadEventType(row.eventTypeId);
  const rules: AttendeeRules | null = eventType;
  const status = statusOf(booking);
  const isStanding = status === "accepted" || status === "requested";
  // Only the link's holder acts from this page; hosts manage their bookings from /bookings.
  const canAct = role === "attendee";
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
    viewer: role,
    token: canAct ? (viewer.token ?? null) : null,
    cancel: actionState(canAct ? cancelRefusal(row, rules, now) : "Only the attendee's link can cancel here."),
    reschedule: actionState(canAct ? rescheduleRefusal(row, rules, now) : "Only the attendee's link can reschedule here."),
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

/** The booking the link names, with what the actions need; a wrong token is the same 404 as an unknown uid. */
async function bookingOfLink(uid: string, token: string) {
  const row = await db.booking.findUnique({
    where: { uid },
    select: { uid: true, manageNonce: true, eventTypeId: true, attendees: { select: { email: true, isGuest: true }, orderBy: { id: "asc" } } },
  });
  if (!row || !isManageTokenOf(row, token)) throw new AppError("NOT_FOUND", INVALID_LINK);
  const eventType = await loadEventType(row.eventTypeId);
  // The booker (the first attendee) acts: the link is mailed to every attendee, but it is the booking's, not theirs.
  return { byEmail: row.attendees[0]?.email, rules: eventType as AttendeeRules | null };
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
  const { byEmail, rules } = await bookingOfLink(input.uid, input.token);
  const cancelled = await cancelBooking(
    null,
    input.uid,
    { cancellationReason: input.cancellationReason || undefined },
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
  const { byEmail, rules } = await bookingOfLink(input.uid, input.token);
  const moved = await rescheduleBooking(
    null,
    input.uid,
    { start: input.start, reschedulingReason: input.reschedulingReason || undefined, rescheduledBy: byEmail },
    { byEmail, check: refuseWith((booking, r) => rescheduleRefusal(booking, r), rules) },
  );
  return { uid: moved.uid, start: moved.start, end: moved.end, token: await manageTokenOfBooking(moved.uid) };
}

/** The manage token of a booking just made, for the booker's own browser (booking-page.service.ts). */
export async function manageTokenOfBooking(uid: string): Promise<string | null> {
  const row = await db.booking.findUnique({ where: { uid }, select: { uid: true, manageNonce: true } });
  return row ? manageTokenFor(row) : null;
}
