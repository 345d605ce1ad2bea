/** Which bookings a caller may see and manage: those they host or whose event type they own. */
import type { Principal } from "../auth/principal";
import type { Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { AppError } from "../errors";
import { BOOKING_SELECT } from "./booking.dto";

/**
 * The one access rule, used by the list and by every single-booking operation: the caller hosts the
 * booking or owns its event type (who keeps sight of a booking reassigned to a team member).
 */
export const managedBy = (userId: number): Prisma.BookingWhereInput => ({ OR: [{ hosts: { some: { userId } } }, { eventType: { userId } }] });

/** Another user's booking is a 404, never a 403 that confirms it exists. */
export async function getManagedBooking(tx: Tx, principal: Principal, uid: string) {
  const booking = await tx.booking.findFirst({ where: { uid, ...managedBy(principal.userId) }, select: BOOKING_SELECT });
  if (!booking) throw new AppError("NOT_FOUND", "Booking not found");
  return booking;
}

/** Public operations (cancel, reschedule) address a booking by its unguessable uid alone. */
export async function getBookingByUid(tx: Tx, uid: string) {
  const booking = await tx.booking.findUnique({ where: { uid }, select: BOOKING_SELECT });
  if (!booking) throw new AppError("NOT_FOUND", "Booking not found");
  return booking;
}

/** Row lock for a state change: two cancels of one booking run one after the other. */
export async function lockBooking(tx: Tx, uid: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "Booking" WHERE uid = ${uid} FOR UPDATE`;
}
