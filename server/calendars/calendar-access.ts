/**
 * Which calendar rows an actor reaches: the credentials, selected calendars and destination calendar they
 * connected. Calendar credentials are never shared, not even with a team's admins: a team reads members'
 * busy times through the slots engine, never their credentials.
 */
import type { Actor } from "../auth/actor";
import type { Prisma } from "../db/generated/client";
import { CALENDAR_APPS, type CalendarType } from "./calendar-apps";

/** `owner` is the actor, or (inside the calendars module) the owner of a row already reached through this builder. */
type Owner = Pick<Actor, "userId">;

export const calendarCredentialsOf = (owner: Owner, type?: CalendarType): Prisma.CredentialWhereInput => ({
  userId: owner.userId,
  type: type ?? { in: Object.keys(CALENDAR_APPS) },
});

export const selectedCalendarsOf = (owner: Owner): Prisma.SelectedCalendarWhereInput => ({ userId: owner.userId });

/**
 * The calendars a booking is written to for its hosts: each host's destination calendar whose credential still works.
 * The booking sync reaches them for the booking's hosts (the system writing on their behalf), never anyone else's.
 */
export const workingDestinationCalendarsOf = (hostIds: readonly number[]): Prisma.DestinationCalendarWhereInput => ({
  userId: { in: [...hostIds] },
  credential: { invalid: false },
});
