/**
 * The public listings: /{username} (the host and their visible event types) and /team/{teamSlug} (the team's
 * visible event types, or an organization's teams). Visibility is public-visibility.ts's, the same rule as the
 * booking pages these list link to. Unknown, reserved and hidden alike answer null: the page is a 404.
 */
import { db } from "../db/client";
import { teamEventTypesOnPublicPage, userEventTypesOnPublicPage } from "./public-visibility";
import { isReservedUsername } from "../users/reserved-usernames";

/** A listed event type: what a visitor needs to choose one. */
const LISTED_EVENT_TYPE_SELECT = { id: true, title: true, slug: true, description: true, lengthInMinutes: true } as const;
const LISTING_ORDER = [{ position: "desc" as const }, { id: "asc" as const }];
/** A page lists at most this many; a host with more is not a visitor's list anyway. */
const MAX_LISTED = 200;

export type TListedEventType = { id: number; title: string; slug: string; description: string | null; lengthInMinutes: number };

export type TUserProfile = { username: string; name: string; avatarUrl: string | null; bio: string | null; eventTypes: TListedEventType[] };

export async function findUserProfile(username: string): Promise<TUserProfile | null> {
  if (isReservedUsername(username)) return null;
  const user = await db.user.findUnique({
    where: { username: username.toLowerCase() },
    select: { username: true, name: true, avatarUrl: true, bio: true },
  });
  if (!user) return null;
  const eventTypes = await db.eventType.findMany({
    where: userEventTypesOnPublicPage(user.username),
    select: LISTED_EVENT_TYPE_SELECT,
    orderBy: LISTING_ORDER,
    take: MAX_LISTED,
  });
  return { ...user, eventTypes };
}

export type TTeamProfile = {
  slug: string;
  name: string;
  logoUrl: string | null;
  bio: string | null;
  /** A team's own event types; empty for an organization. */
  eventTypes: TListedEventType[];
  /** An organization's teams (their names: their own pages come with organizations' URLs); empty for a team. */
  teams: { name: string; slug: string }[];
};

/** A top-level team or organization by its slug (the namespace /team/{slug} shares). */
export async function findTeamProfile(teamSlug: string): Promise<TTeamProfile | null> {
  const team = await db.team.findFirst({
    where: { slug: teamSlug.toLowerCase(), parentId: null },
    select: { slug: true, name: true, logoUrl: true, bio: true, isOrganization: true },
  });
  if (!team) return null;
  const { isOrganization, ...shown } = team;
  if (isOrganization) {
    const teams = await db.team.findMany({
      where: { parent: { slug: team.slug, parentId: null } },
      select: { name: true, slug: true },
      orderBy: { name: "asc" },
      take: MAX_LISTED,
    });
    return { ...shown, eventTypes: [], teams };
  }
  const eventTypes = await db.eventType.findMany({
    where: teamEventTypesOnPublicPage(team.slug),
    select: LISTED_EVENT_TYPE_SELECT,
    orderBy: LISTING_ORDER,
    take: MAX_LISTED,
  });
  return { ...shown, eventTypes, teams: [] };
}
