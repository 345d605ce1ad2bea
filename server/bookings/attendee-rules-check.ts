/**
 * The event type's attendee rules (disableCancelling, disableRescheduling and their notice windows) for every caller
 * who does not manage the booking: the manage link's holder, and just as much an anonymous `POST /v2/bookings/{uid}/
 * cancel` or `/reschedule` (public operations: knowing the uid is all they ask) or a signed-in stranger. Its hosts and
 * the team or organization admins who see its bookings are not held to them. Checked under the booking's lock, on the
 * booking as it is then; a booking no longer live is left to the use case's own answer.
 */
import type { Actor } from "../auth/actor";
import type { Tx } from "../db/client";
import { AppError } from "../errors";
import { bookingsVisibleTo } from "./booking-access";
import type { LifecycleCaller } from "./booking-lifecycle";
import { ATTENDEE_RULES_SELECT, type AttendeeRules } from "./manage-link-rules";

type BookingUnderLock = Parameters<NonNullable<LifecycleCaller["check"]>>[1];
export type AttendeeRefusal = (booking: BookingUnderLock, rules: AttendeeRules | null) => string | null;

const isLive = (status: string) => status === "ACCEPTED" || status === "PENDING";

async function managesBooking(tx: Tx, actor: Actor | null, bookingId: number): Promise<boolean> {
  if (!actor) return false;
  return (await tx.booking.count({ where: { AND: [{ id: bookingId }, bookingsVisibleTo(actor)] } })) > 0;
}

export async function rulesOfBookingEventType(tx: Tx, bookingId: number): Promise<AttendeeRules | null> {
  const row = await tx.booking.findUnique({ where: { id: bookingId }, select: { eventType: { select: ATTENDEE_RULES_SELECT } } });
  return (row?.eventType as AttendeeRules | null | undefined) ?? null;
}

/** The check for a caller who came without one (the /v2 routes, the site's procedures). */
export const attendeeRulesUnlessManager =
  (actor: Actor | null, refusal: AttendeeRefusal): NonNullable<LifecycleCaller["check"]> =>
  async (tx, booking) => {
    if (!isLive(booking.status) || (await managesBooking(tx, actor, booking.id))) return;
    const reason = refusal(booking, await rulesOfBookingEventType(tx, booking.id));
    if (reason) throw new AppError("FORBIDDEN", reason);
  };
