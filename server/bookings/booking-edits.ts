/** Host edits of a booking: guests, attendees, location, absence, reassignment. Each is one transaction. */
import type { z } from "zod";
import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import { AppError } from "../errors";
import { isSlotAvailable, loadSlotExternalBusy } from "../slots/slots.service";
import { getManagedBooking, lockBooking } from "./booking-access";
import { emitBookingEvent } from "../events/booking-events";
import { BOOKING_SELECT, toAttendeeOutput, toBookingOutput } from "./booking.dto";
import { MAX_GUESTS, type ZAddAttendeeInput, type ZAddGuestsInput, type ZMarkAbsentInput, type ZUpdateLocationInput } from "./booking.schemas";
import { BOOKING_TX_OPTIONS, candidateHostIds, fixedHostIds, rankRotatingHosts, slotTakenError } from "./booking-rules";
import { loadBookableEventType } from "./create/bookable-row";
import { lastBookedAt } from "./create/round-robin-claim";
import { assertBookingAcceptsGuests } from "./booking-rules";
import { isOverlapViolation, lockHosts } from "./host-lock";

const assertLive = (status: string) => {
  if (status !== "ACCEPTED" && status !== "PENDING") throw new AppError("BAD_REQUEST", `A ${status.toLowerCase()} booking cannot be changed`);
};

export async function addGuests(actor: Actor, uid: string, input: z.infer<typeof ZAddGuestsInput>) {
  return db.$transaction(async (tx) => {
    await lockBooking(tx, uid);
    const booking = await getManagedBooking(tx, actor, uid);
    assertLive(booking.status);
    await assertBookingAcceptsGuests(tx, booking.eventTypeId, input.guests);
    const known = new Set(booking.attendees.map(({ email }) => email));
    const fresh = input.guests.filter((guest, index, all) => !known.has(guest.email) && all.findIndex((other) => other.email === guest.email) === index);
    if (booking.attendees.length + fresh.length > MAX_GUESTS + 1) throw new AppError("BAD_REQUEST", `A booking has at most ${MAX_GUESTS} guests`);
    const primary = booking.attendees.find((attendee) => !attendee.isGuest);
    await tx.attendee.createMany({
      data: fresh.map((guest) => ({
        bookingId: booking.id,
        email: guest.email,
        name: guest.name ?? guest.email.split("@")[0]!,
        timeZone: guest.timeZone ?? primary?.timeZone ?? "UTC",
        language: primary?.language ?? "en",
        isGuest: true,
      })),
    });
    return toBookingOutput(await tx.booking.findUniqueOrThrow({ where: { id: booking.id }, select: BOOKING_SELECT }));
  });
}

export async function updateLocation(actor: Actor, uid: string, input: z.infer<typeof ZUpdateLocationInput>) {
  const booking = await db.$transaction(async (tx) => {
    await lockBooking(tx, uid);
    const booking = await getManagedBooking(tx, actor, uid);
    assertLive(booking.status);
    const updated = toBookingOutput(await tx.booking.update({ where: { id: booking.id }, data: { location: input.location }, select: BOOKING_SELECT }));
    await emitBookingEvent(tx, "BOOKING_LOCATION_UPDATED", updated);
    return updated;
  });
  return booking;
}

/** Absence is a fact about a meeting that took place, so it can be recorded only once the booking has started. */
export async function markAbsent(actor: Actor, uid: string, input: z.infer<typeof ZMarkAbsentInput>) {
  return db.$transaction(async (tx) => {
    await lockBooking(tx, uid);
    const booking = await getManagedBooking(tx, actor, uid);
    if (booking.status !== "ACCEPTED") throw new AppError("BAD_REQUEST", "Only an accepted booking can have absences");
    if (booking.start.getTime() > Date.now()) throw new AppError("BAD_REQUEST", "Absence can be recorded once the booking has started");
    for (const { email, absent } of input.attendees ?? []) {
      const { count } = await tx.attendee.updateMany({ where: { bookingId: booking.id, email }, data: { absent } });
      if (count === 0)
        throw new AppError("BAD_REQUEST", `${email} is not an attendee of this booking`, [{ path: "body.attendees", message: `${email} is not an attendee` }]);
    }
    const updated = toBookingOutput(
      await tx.booking.update({ where: { id: booking.id }, data: input.host === undefined ? {} : { absentHost: input.host }, select: BOOKING_SELECT }),
    );
    await emitBookingEvent(tx, "BOOKING_NO_SHOW_UPDATED", updated, { noShow: { attendees: input.attendees ?? [], host: input.host } });
    return updated;
  });
}

export async function listAttendees(actor: Actor, uid: string) {
  const booking = await getManagedBooking(db, actor, uid);
  return booking.attendees.map(toAttendeeOutput);
}

export async function getAttendee(actor: Actor, uid: string, attendeeId: number) {
  const attendee = (await getManagedBooking(db, actor, uid)).attendees.find(({ id }) => id === attendeeId);
  if (!attendee) throw new AppError("NOT_FOUND", "Attendee not found");
  return toAttendeeOutput(attendee);
}

export async function addAttendee(actor: Actor, uid: string, input: z.infer<typeof ZAddAttendeeInput>) {
  return db.$transaction(async (tx) => {
    await lockBooking(tx, uid);
    const booking = await getManagedBooking(tx, actor, uid);
    assertLive(booking.status);
    if (booking.attendees.some(({ email }) => email === input.email)) throw new AppError("CONFLICT", `${input.email} already attends this booking`);
    if (booking.attendees.length >= MAX_GUESTS + 1) throw new AppError("BAD_REQUEST", `A booking has at most ${MAX_GUESTS + 1} attendees`);
    const attendee = await tx.attendee.create({
      data: {
        bookingId: booking.id,
        name: input.name,
        email: input.email,
        timeZone: input.timeZone,
        language: input.language,
        phoneNumber: input.phoneNumber ?? null,
      },
      select: { id: true, name: true, email: true, timeZone: true, language: true, absent: true, isGuest: true, phoneNumber: true, bookingId: true },
    });
    return { ...toAttendeeOutput(attendee), bookingId: attendee.bookingId };
  });
}

/**
 * Round-robin bookings move to another rotating host of the event type who is free at that time: the one named, or
 * the one the booking would choose now (rankRotatingHosts: priority, then least recently booked, then id), decided
 * under every host's lock. Fixed hosts stay. Other bookings have no one to move to.
 */
export async function reassignBooking(actor: Actor, uid: string, toUserId: number | null) {
  try {
    // Connected calendars come over HTTP: read before the transaction, which decides under the lock.
    const stored = await db.booking.findUnique({ where: { uid }, select: { eventTypeId: true, start: true, end: true } });
    const minutes = stored ? Math.round((stored.end.getTime() - stored.start.getTime()) / 60_000) : undefined;
    const externalBusy = stored?.eventTypeId
      ? await loadSlotExternalBusy({ eventTypeId: stored.eventTypeId, start: stored.start, lengthInMinutes: minutes })
      : [];
    const booking = await db.$transaction(async (tx) => {
      await lockBooking(tx, uid);
      const booking = await getManagedBooking(tx, actor, uid);
      assertLive(booking.status);
      if (booking.eventTypeId === null) throw new AppError("BAD_REQUEST", "The event type of this booking no longer exists");
      const eventType = await loadBookableEventType(tx, booking.eventTypeId);
      if (eventType.schedulingType !== "ROUND_ROBIN") throw new AppError("BAD_REQUEST", "Only round-robin bookings can be reassigned");
      const current = booking.hosts.map(({ user }) => user.id);
      await lockHosts(tx, candidateHostIds(eventType));
      const keptLengthInMinutes = Math.round((booking.end.getTime() - booking.start.getTime()) / 60_000);
      const slot = await isSlotAvailable(tx, { eventTypeId: eventType.id, start: booking.start, ignoreBookingUid: uid, externalBusy, keptLengthInMinutes });
      const fixed = fixedHostIds(eventType);
      if (toUserId !== null && (!candidateHostIds(eventType).includes(toUserId) || fixed.includes(toUserId))) {
        throw new AppError("BAD_REQUEST", "That user is not a rotating host of this event type");
      }
      const free = slot.freeHostIds.filter((id) => !current.includes(id) && !fixed.includes(id));
      const candidates = rankRotatingHosts(eventType, free, await lastBookedAt(tx, eventType.id, free));
      const target = toUserId ?? candidates[0];
      if (target === undefined || !candidates.includes(target)) throw slotTakenError();
      const rotating = current.filter((id) => !fixed.includes(id));
      await tx.bookingHost.deleteMany({ where: { bookingId: booking.id, userId: { in: rotating } } });
      await tx.bookingHost.create({ data: { bookingId: booking.id, userId: target, start: booking.start, end: booking.end, isLive: true } });
      const reassigned = toBookingOutput(await tx.booking.findUniqueOrThrow({ where: { id: booking.id }, select: BOOKING_SELECT }));
      await emitBookingEvent(tx, "BOOKING_REASSIGNED", reassigned, { teamId: eventType.teamId });
      return reassigned;
    }, BOOKING_TX_OPTIONS);
    return booking;
  } catch (error) {
    if (isOverlapViolation(error)) throw slotTakenError();
    throw error;
  }
}
