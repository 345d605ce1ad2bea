/** Which bookings an actor may see and manage: the query builders every booking read and edit goes through. */
import type { Actor } from "../auth/actor";
import { db, type Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { AppError } from "../errors";
import { rolesWith } from "../auth/permissions";
import { organizationById, organizationsWhereActorIs } from "../organizations/organization-access";
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

/**
 * The bookings an organization's owners and admins reach (GET /v2/organizations/{orgId}/bookings, org.bookings.read):
 * every booking of the organization's teams' event types (and of their managed copies), and every booking one of its
 * members hosts — members who accepted: nothing of a user's is the organization's before they join. Nothing at all
 * unless the actor holds org.bookings.read in that organization, whatever the route let through.
 */
export function bookingsOfOrganization(actor: Actor, orgId: number): Prisma.BookingWhereInput {
  const organization: Prisma.TeamWhereInput = { AND: [organizationById(orgId), organizationsWhereActorIs(actor, rolesWith("org.bookings.read"))] };
  const teams: Prisma.TeamWhereInput = { parentId: orgId, parent: organization };
  return {
    OR: [
      { eventType: { OR: [{ team: teams }, { parent: { team: teams } }] } },
      { hosts: { some: { user: { memberships: { some: { teamId: orgId, accepted: true, team: organization } } } } } },
    ],
  };
}

/**
 * bookingsOfOrganization with the organization's reach read first, in one query: its teams' event types (and their
 * managed copies) and its accepted members, as id lists. A list walking 100,000 bookings then tests each row against
 * two lists (and the host rows' primary key) instead of joining teams and memberships row by row, so a deep page costs
 * what the personal list's does. The same rows as bookingsOfOrganization (tested side by side). null when the actor
 * does not hold org.bookings.read there: the read is also the permission check, and the caller asks
 * requireOrgPermission for the answer to give (404 or 403).
 */
export async function resolveBookingsOfOrganization(actor: Actor, orgId: number): Promise<Prisma.BookingWhereInput | null> {
  const organization = await db.team.findFirst({
    where: { AND: [organizationById(orgId), organizationsWhereActorIs(actor, rolesWith("org.bookings.read"))] },
    select: {
      memberships: { where: { accepted: true }, select: { userId: true } },
      teams: { select: { eventTypes: { select: { id: true, children: { select: { id: true } } } } } },
    },
  });
  if (!organization) return null;
  const eventTypeIds = organization.teams.flatMap(({ eventTypes }) => eventTypes.flatMap(({ id, children }) => [id, ...children.map((child) => child.id)]));
  const memberIds = organization.memberships.map(({ userId }) => userId);
  return { OR: [{ eventTypeId: { in: eventTypeIds } }, { hosts: { some: { userId: { in: memberIds } } } }] };
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
