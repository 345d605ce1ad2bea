/** Which bookings a caller may see and manage: those they host. */
import type { Principal } from "../auth/principal";
import type { Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { AppError } from "../errors";
import { BOOKING_SELECT } from "./booking.dto";

/**
 * The one access rule, used by the list and by every single-booking read and edit: a caller manages the
 * bookings they host (the spec: confirm and decline "by the host"). Owning the event type is not enough;
 * once teams exist, who may manage a team's bookings is a rule of its own.
 */
export const hostRowsOf = (userId: number) => ({ userId }) satisfies Prisma.BookingHostWhereInput;
export const managedBy = (userId: number): Prisma.BookingWhereInput => ({ hosts: { some: hostRowsOf(userId) } });

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
