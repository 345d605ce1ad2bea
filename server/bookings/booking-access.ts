/** Which bookings an actor may see and manage: the query builders every booking read and edit goes through. */
import type { Actor } from "../auth/actor";
import type { Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { AppError } from "../errors";
import { rolesWith } from "../auth/permissions";
import { teamsWhereActorIs } from "../teams/team-access";
import { BOOKING_SELECT } from "./booking.dto";

/** The actor's own host rows: what "my bookings" (GET /v2/bookings) lists, one row per booking they host. */
export const hostRowsOf = (actor: Actor) => ({ userId: actor.userId }) satisfies Prisma.BookingHostWhereInput;

/**
 * A booking is the actor's to see and manage when they host it (the spec: confirm and decline "by the host")
 * or, for a team event type, when they are an OWNER or ADMIN of the team (or of its organization). Owning a
 * personal event type is not enough: its bookings are its hosts'.
 */
export const bookingsVisibleTo = (actor: Actor): Prisma.BookingWhereInput => ({
  OR: [{ hosts: { some: hostRowsOf(actor) } }, { eventType: { team: teamsWhereActorIs(actor, rolesWith("booking.readAll")) } }],
});

/**
 * A team's bookings (GET /v2/teams/{teamId}/bookings): those of its event types and of their managed children (the
 * members' copies, whose parent is the team's event type), when the actor is an OWNER or ADMIN of the team (or of its
 * organization). The route checks the same roles at the door; the query holds to them too, so the list can never
 * show another team's bookings whatever the caller passes.
 */
export function bookingsOfTeam(actor: Actor, teamId: number): Prisma.BookingWhereInput {
  const team: Prisma.TeamWhereInput = { AND: [{ id: teamId }, teamsWhereActorIs(actor, rolesWith("booking.readAll"))] };
  return { eventType: { OR: [{ team }, { parent: { team } }] } };
}

/** Another user's booking is a 404, never a 403 that confirms it exists. */
export async function getManagedBooking(tx: Tx, actor: Actor, uid: string) {
  const booking = await tx.booking.findFirst({ where: { AND: [{ uid }, bookingsVisibleTo(actor)] }, select: BOOKING_SELECT });
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
