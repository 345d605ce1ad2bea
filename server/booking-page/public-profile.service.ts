/**
 * The public listings: /{username} (the host and their visible event types) and /team/{teamSlug} (a top-level
 * team's visible event types; organizations' pages are org-public-profile.service.ts's). Visibility is public-visibility.ts's, the same rule as the
 * booking pages these list link to. Unknown, reserved and hidden alike answer null: the page is a 404.
 */
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { teamEventTypesOnPublicPage, userEventTypesOnPublicPage } from "./public-visibility";
import { isReservedUsername } from "../users/reserved-usernames";

/** A listed event type: what a visitor needs to choose one. */
export const LISTED_EVENT_TYPE_SELECT = { id: true, title: true, slug: true, description: true, lengthInMinutes: true } as const;
export const LISTING_ORDER = [{ position: "desc" as const }, { id: "asc" as const }];
/** A page lists at most this many; a host with more is not a visitor's list anyway. */
export const MAX_LISTED = 200;

export type TListedEventType = { id: number; title: string; slug: string; description: string | null; lengthInMinutes: number };

/** The visible event types a `where` (public-visibility.ts) names, in the order the owner set. */
export const listedEventTypes = (where: Prisma.EventTypeWhereInput) =>
  db.eventType.findMany({ where, select: LISTED_EVENT_TYPE_SELECT, orderBy: LISTING_ORDER, take: MAX_LISTED });

export type TUserProfile = { username: string; name: string; avatarUrl: string | null; bio: string | null; eventTypes: TListedEventType[] };

export async function findUserProfile(username: string): Promise<TUserProfile | null> {
  if (isReservedUsername(username)) return null;
  const user = await db.user.findUnique({
    where: { username: username.toLowerCase() },
    select: { username: true, name: true, avatarUrl: true, bio: true },
  });
  if (!user) return null;
  return { ...user, eventTypes: await listedEventTypes(userEventTypesOnPublicPage(user.username)) };
}

export type TTeamProfile = { slug: string; name: string; logoUrl: string | null; bio: string | null; eventTypes: TListedEventType[] };

/** A top-level team by its slug; organizations share that namespace but have their own page (/org/{orgSlug}). */
export async function findTeamProfile(teamSlug: string): Promise<TTeamProfile | null> {
  const team = await db.team.findFirst({
    where: { slug: teamSlug.toLowerCase(), parentId: null, isOrganization: false },
    select: { slug: true, name: true, logoUrl: true, bio: true },
  });
  if (!team) return null;
  return { ...team, eventTypes: await listedEventTypes(teamEventTypesOnPublicPage(team.slug)) };
}
