/**
 * An organization's public pages: /org/{orgSlug} (its teams, each with its visible event types) and
 * /org/{orgSlug}/team/{teamSlug} (one team's). A team's slug is unique only among its organization's teams, so
 * these pages always name the organization; /team/{teamSlug} answers top-level teams only. Unknown organizations,
 * unknown teams and teams of another organization alike answer null: the page is a 404.
 */
import { db } from "../db/client";
import { LISTED_EVENT_TYPE_SELECT, LISTING_ORDER, listedEventTypes, MAX_LISTED, type TListedEventType, type TTeamProfile } from "./public-profile.service";
import { teamPublicPath } from "./public-paths";
import { organizationBySlug, orgTeamEventTypesOnPublicPage } from "./public-visibility";

const PROFILE_SELECT = { id: true, slug: true, name: true, logoUrl: true, bio: true } as const;

export type TOrganizationProfile = {
  slug: string;
  name: string;
  logoUrl: string | null;
  bio: string | null;
  teams: { slug: string; name: string; eventTypes: TListedEventType[] }[];
};

export async function findOrganizationProfile(orgSlug: string): Promise<TOrganizationProfile | null> {
  const organization = await db.team.findFirst({ where: organizationBySlug(orgSlug), select: PROFILE_SELECT });
  if (!organization) return null;
  const { id, ...shown } = organization;
  const [teams, eventTypes] = await Promise.all([
    db.team.findMany({ where: { parentId: id }, select: { id: true, slug: true, name: true }, orderBy: { name: "asc" }, take: MAX_LISTED }),
    // One query for every team's types (the listing cap applies to the whole page), grouped below.
    db.eventType.findMany({
      where: orgTeamEventTypesOnPublicPage(organization.slug),
      select: { ...LISTED_EVENT_TYPE_SELECT, teamId: true },
      orderBy: LISTING_ORDER,
      take: MAX_LISTED,
    }),
  ]);
  return {
    ...shown,
    teams: teams.map((team) => ({
      slug: team.slug,
      name: team.name,
      eventTypes: eventTypes.filter((eventType) => eventType.teamId === team.id).map(({ teamId: _teamId, ...listed }) => listed),
    })),
  };
}

export type TOrganizationTeamProfile = TTeamProfile & { organization: { slug: string; name: string } };

export async function findOrganizationTeamProfile(orgSlug: string, teamSlug: string): Promise<TOrganizationTeamProfile | null> {
  const team = await db.team.findFirst({
    where: { slug: teamSlug.toLowerCase(), isOrganization: false, parent: organizationBySlug(orgSlug) },
    select: { slug: true, name: true, logoUrl: true, bio: true, parent: { select: { slug: true, name: true } } },
  });
  if (!team?.parent) return null;
  const { parent, ...shown } = team;
  return { ...shown, organization: parent, eventTypes: await listedEventTypes(orgTeamEventTypesOnPublicPage(parent.slug, team.slug)) };
}

/** Whether `slug` names an organization: /team/{slug} then sends the visitor to its page. */
export async function isOrganizationSlug(slug: string): Promise<boolean> {
  return (await db.team.count({ where: organizationBySlug(slug) })) > 0;
}

/** A team's public path by its id (the editor's "Public URL"), its organization read with it. */
export async function publicPathOfTeam(teamId: number): Promise<string> {
  const team = await db.team.findUniqueOrThrow({ where: { id: teamId }, select: { slug: true, parent: { select: { slug: true, isOrganization: true } } } });
  return teamPublicPath(team.slug, team.parent?.isOrganization ? team.parent.slug : null);
}
