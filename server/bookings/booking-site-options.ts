/**
 * What the site's bookings pages need besides the bookings themselves, read through the same query builders as every
 * booking read: the teams whose bookings the actor may list (booking.readAll), the event types they may filter by,
 * and, for a booking they manage, whose slots a reschedule picks from (the public page's owner of its event type).
 */
import type { Actor } from "../auth/actor";
import { rolesWith } from "../auth/permissions";
import { db } from "../db/client";
import { AppError } from "../errors";
import { eventTypesVisibleTo } from "../event-types/event-type-access";
import { teamsWhereActorIs } from "../teams/team-access";
import { getManagedBooking } from "./booking-access";

/** Enough for any menu; a list beyond it is filtered by typing an attendee or dates instead. */
const MAX_OPTIONS = 200;

export async function listBookingFilterOptions(actor: Actor) {
  const [teams, eventTypes] = await Promise.all([
    db.team.findMany({
      where: { AND: [teamsWhereActorIs(actor, rolesWith("booking.readAll")), { isOrganization: false }] },
      select: { id: true, name: true },
      orderBy: { name: "asc" },
      take: MAX_OPTIONS,
    }),
    db.eventType.findMany({
      where: eventTypesVisibleTo(actor),
      select: { id: true, title: true, team: { select: { name: true } } },
      orderBy: [{ teamId: { sort: "asc", nulls: "first" } }, { title: "asc" }],
      take: MAX_OPTIONS,
    }),
  ]);
  return {
    teams,
    eventTypes: eventTypes.map((eventType) => ({ id: eventType.id, title: eventType.team ? `${eventType.title} (${eventType.team.name})` : eventType.title })),
  };
}

/** The slot picker's owner for a booking's event type: its team's slug, else its owner's username. */
export async function getRescheduleTarget(actor: Actor, uid: string) {
  const booking = await getManagedBooking(db, actor, uid);
  const eventType =
    booking.eventTypeId === null
      ? null
      : await db.eventType.findUnique({
          where: { id: booking.eventTypeId },
          select: { id: true, lengthInMinutes: true, owner: { select: { username: true } }, team: { select: { slug: true } } },
        });
  if (!eventType) throw new AppError("BAD_REQUEST", "The event type of this booking no longer exists");
  if (eventType.team?.slug) return { eventTypeId: eventType.id, owner: { teamSlug: eventType.team.slug } };
  if (eventType.owner?.username) return { eventTypeId: eventType.id, owner: { username: eventType.owner.username } };
  throw new AppError("BAD_REQUEST", "This booking's event type has no public page to pick a new time from");
}
