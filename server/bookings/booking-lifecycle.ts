/** Status changes: cancel, reschedule (public, by uid), confirm and decline (hosts, pending only). */
import type { Actor } from "../auth/actor";
import { db, type Tx } from "../db/client";
import { AppError } from "../errors";
import { isSlotAvailable, loadSlotExternalBusy } from "../slots/slots.service";
import { getBookingByUid, getManagedBooking, lockBooking } from "./booking-access";
import { BOOKING_SELECT, toBookingOutput } from "./booking.dto";
import { emitBookingEvent } from "../events/booking-events";
import { BOOKING_TX_OPTIONS, candidateHostIds, chooseHosts, slotBookingData, slotTakenError, slotUnavailableError } from "./booking-rules";
import { loadBookableEventType } from "./create/bookable-row";
import { newBookingUid, newManageNonce } from "./create/new-booking";
import { isOverlapViolation, lockHosts } from "./host-lock";
import { lockStandIns } from "./create/round-robin-claim";
import { attendeeRulesUnlessManager } from "./attendee-rules-check";
import { cancelRefusal, rescheduleRefusal } from "./manage-link-rules";
import { assertWholeBookingCaller, moveSeatsWithBooking } from "./booking-seats";

const LIVE = ["ACCEPTED", "PENDING"] as const;
const isLive = (status: string) => (LIVE as readonly string[]).includes(status);

export async function callerEmail(actor: Actor | null): Promise<string | null> {
  if (!actor) return null;
  const user = await db.user.findUnique({ where: { id: actor.userId }, select: { email: true } });
  return user?.email ?? null;
}

/**
 * How a caller other than the API reaches these use cases: the attendee's manage link (manage-link.service.ts) names
 * who acts, and checks its own rules on the booking as read under its lock, so a booking moved or cancelled
 * meanwhile is judged as it now is. A caller without a check (the /v2 routes, the site) gets
 * attendeeRulesUnlessManager: the event type's attendee rules hold for anyone who does not manage the booking.
 */
export type LifecycleCaller = {
  byEmail?: string;
  check?: (tx: Tx, booking: { id: number; status: string; start: Date; end: Date; rescheduledToUid: string | null }) => Promise<void>;
};

/**
 * The live occurrences after `booking` in its series (cancelSubsequentBookings), locked in start order: none for a
 * single booking. Their mails are left out (one mail says the series was cancelled from this occurrence on).
 */
async function laterOccurrences(tx: Tx, booking: { id: number; start: Date; recurringBookingUid: string | null }) {
  if (!booking.recurringBookingUid) return [];
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM "Booking" WHERE "recurringBookingUid" = ${booking.recurringBookingUid} AND start > ${booking.start}
       AND status IN ('ACCEPTED', 'PENDING') ORDER BY start FOR UPDATE`;
  return rows.map(({ id }) => id);
}

/**
 * cancelSubsequentBookings: with an occurrence of a series, the occurrences after it too; the answer is the one addressed.
 * A seated booking's managers alone may cancel all of it (one seat: booking-seats.ts cancelSeat).
 */
export async function cancelBooking(
  actor: Actor | null,
  uid: string,
  input: { cancellationReason?: string; cancelSubsequentBookings?: boolean },
  caller: LifecycleCaller = {},
) {
  const cancelledByEmail = caller.byEmail ?? (await callerEmail(actor));
  // Every write builds its response inside the transaction, so a row no read could serve rolls back.
  const booking = await db.$transaction(async (tx) => {
    await lockBooking(tx, uid);
    const booking = await getBookingByUid(tx, uid);
    await assertWholeBookingCaller(tx, actor, booking.id, caller.check !== undefined);
    await (caller.check ?? attendeeRulesUnlessManager(actor, cancelRefusal))(tx, booking);
    if (!isLive(booking.status.toString())) throw new AppError("BAD_REQUEST", `This booking is already ${booking.status.toLowerCase()}`);
    const later = input.cancelSubsequentBookings ? await laterOccurrences(tx, booking) : [];
    const data = { status: "CANCELLED" as const, cancellationReason: input.cancellationReason ?? null, cancelledByEmail };
    for (const id of [booking.id, ...later]) {
      await tx.bookingHost.updateMany({ where: { bookingId: id }, data: { isLive: false } });
      const cancelled = toBookingOutput(await tx.booking.update({ where: { id }, data, select: BOOKING_SELECT }));
      await emitBookingEvent(tx, "BOOKING_CANCELLED", cancelled, id === booking.id ? {} : { skip: ["mail"] });
    }
    return toBookingOutput(await tx.booking.findUniqueOrThrow({ where: { id: booking.id }, select: BOOKING_SELECT }));
  });
  return booking;
}

/**
 * Connected-calendar busy times for moving booking `uid` to `start`, read before its transaction (they
 * come over HTTP). The transaction reads the booking again under its lock and decides with these.
 */
async function loadExternalBusyForMove(uid: string, start: Date) {
  const booking = await db.booking.findUnique({ where: { uid }, select: { eventTypeId: true, start: true, end: true } });
  return booking?.eventTypeId ? loadSlotExternalBusy({ eventTypeId: booking.eventTypeId, start, lengthInMinutes: minutesOf(booking) }) : [];
}

/** A booking's length: a booking of a variable-length event type keeps the length chosen for it when moved. */
const minutesOf = (booking: { start: Date; end: Date }) => Math.round((booking.end.getTime() - booking.start.getTime()) / 60_000);

/** A new booking at `start`, linked both ways with the old one, which stops blocking its slot. */
export async function rescheduleBooking(
  actor: Actor | null,
  uid: string,
  input: { start: Date; reschedulingReason?: string; rescheduledBy?: string },
  caller: LifecycleCaller = {},
) {
  try {
    const cancelledByEmail = caller.byEmail ?? (await callerEmail(actor));
    const rescheduledByEmail = input.rescheduledBy ?? cancelledByEmail;
    const externalBusy = await loadExternalBusyForMove(uid, input.start);
    const row = await db.$transaction(async (tx) => {
      await lockBooking(tx, uid);
      const old = await getBookingByUid(tx, uid);
      await assertWholeBookingCaller(tx, actor, old.id, caller.check !== undefined);
      await (caller.check ?? attendeeRulesUnlessManager(actor, rescheduleRefusal))(tx, old);
      if (!isLive(old.status)) throw new AppError("BAD_REQUEST", `A ${old.status.toLowerCase()} booking cannot be rescheduled`);
      if (old.eventTypeId === null) throw new AppError("BAD_REQUEST", "The event type of this booking no longer exists");
      const eventType = await loadBookableEventType(tx, old.eventTypeId);
      await lockHosts(tx, candidateHostIds(eventType));
      const slot = await isSlotAvailable(tx, {
        eventTypeId: eventType.id,
        start: input.start,
        ignoreBookingUid: uid,
        externalBusy,
        keptLengthInMinutes: minutesOf(old),
      });
      if (!slot.available) throw slotUnavailableError(slot);
      // Round robin may hand an away host's place to the member their out-of-office names (slots/ooo-redirects.ts).
      const hostIds = chooseHosts(eventType, slot.freeHostIds, undefined, slot.redirectedFrom);
      const standInsHeld = await lockStandIns(
        tx,
        eventType,
        hostIds,
        candidateHostIds(eventType),
        { start: input.start, end: slot.end },
        { ignoreBookingUid: uid },
      );
      if (hostIds.length === 0 || !standInsHeld) throw slotTakenError();
      await tx.bookingHost.updateMany({ where: { bookingId: old.id }, data: { isLive: false } });
      const created = await tx.booking.create({
        data: {
          ...slotBookingData(eventType, input.start, slot.end, hostIds),
          uid: newBookingUid(),
          // The new booking's own manage link: the old booking's link never opens it.
          manageNonce: newManageNonce(),
          title: old.title,
          description: old.description,
          location: old.location ?? undefined,
          metadata: old.metadata ?? {},
          bookingFieldsResponses: old.bookingFieldsResponses ?? {},
          reschedulingReason: input.reschedulingReason ?? null,
          rescheduledByEmail,
          rescheduledFromUid: old.uid,
          // A moved occurrence stays in its series.
          recurringBookingUid: old.recurringBookingUid,
          attendees: { create: old.attendees.map(({ id: _id, ...attendee }) => attendee) },
        },
        select: BOOKING_SELECT,
      });
      await moveSeatsWithBooking(tx, old.id, created);
      const withdrawn = await tx.booking.update({
        where: { id: old.id },
        data: {
          status: "CANCELLED",
          rescheduledToUid: created.uid,
          reschedulingReason: input.reschedulingReason ?? null,
          rescheduledByEmail,
          cancelledByEmail,
        },
        select: BOOKING_SELECT,
      });
      const next = toBookingOutput(await tx.booking.findUniqueOrThrow({ where: { id: created.id }, select: BOOKING_SELECT }));
      await emitBookingEvent(tx, "BOOKING_RESCHEDULED", next, { previousBooking: toBookingOutput(withdrawn), teamId: eventType.teamId });
      return next;
    }, BOOKING_TX_OPTIONS);
    return row;
  } catch (error) {
    if (isOverlapViolation(error)) throw slotTakenError();
    throw error;
  }
}

/** The other pending occurrences of the booking's series, locked: a series is confirmed or declined at once. */
async function otherPendingOccurrences(tx: Tx, booking: { id: number; recurringBookingUid: string | null }) {
  if (!booking.recurringBookingUid) return [];
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM "Booking" WHERE "recurringBookingUid" = ${booking.recurringBookingUid} AND id <> ${booking.id}
       AND status = 'PENDING' ORDER BY start FOR UPDATE`;
  return rows.map(({ id }) => id);
}

/** Confirm or decline a pending booking; an occurrence of a series decides every pending occurrence (one mail, for the one addressed). */
async function decidePending(actor: Actor, uid: string, accept: boolean, reason?: string) {
  const booking = await db.$transaction(async (tx) => {
    await lockBooking(tx, uid);
    const booking = await getManagedBooking(tx, actor, uid);
    if (booking.status !== "PENDING")
      throw new AppError("BAD_REQUEST", `Only a pending booking can be ${accept ? "confirmed" : "declined"}; this one is ${booking.status.toLowerCase()}`);
    const others = await otherPendingOccurrences(tx, booking);
    for (const id of [booking.id, ...others]) {
      if (!accept) await tx.bookingHost.updateMany({ where: { bookingId: id }, data: { isLive: false } });
      const decided = toBookingOutput(
        await tx.booking.update({
          where: { id },
          data: accept ? { status: "ACCEPTED" } : { status: "REJECTED", rejectionReason: reason ?? null },
          select: BOOKING_SELECT,
        }),
      );
      await emitBookingEvent(tx, accept ? "BOOKING_CONFIRMED" : "BOOKING_REJECTED", decided, id === booking.id ? {} : { skip: ["mail"] });
    }
    return toBookingOutput(await tx.booking.findUniqueOrThrow({ where: { id: booking.id }, select: BOOKING_SELECT }));
  });
  return booking;
}

export const confirmBooking = (actor: Actor, uid: string) => decidePending(actor, uid, true);
export const declineBooking = (actor: Actor, uid: string, input: { reason?: string }) => decidePending(actor, uid, false, input.reason);
