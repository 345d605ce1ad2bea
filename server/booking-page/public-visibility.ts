/**
 * Which event types a public page shows, in one place: the listings at /{username}, /team/{teamSlug} and
 * /org/{orgSlug}[/team/{teamSlug}] and the booking pages under them ask the same question, so a type is listed
 * exactly when its page exists.
 */
import type { Prisma } from "../db/generated/client";
import { isReservedUsername } from "../users/reserved-usernames";

/**
 * A user's visible event types. Reserved names cannot be taken any more; one taken before they were reserved
 * still gets no page, so it matches nothing.
 */
export function userEventTypesOnPublicPage(username: string): Prisma.EventTypeWhereInput {
  const name = username.toLowerCase();
  if (isReservedUsername(name)) return { id: { in: [] } };
  return { hidden: false, owner: { username: name } };
}

/** A MANAGED parent is a template, booked through its members' copies: teams offer round-robin and collective types. */
const BOOKABLE_TEAM_TYPES: Prisma.EventTypeWhereInput = { hidden: false, schedulingType: { in: ["ROUND_ROBIN", "COLLECTIVE"] } };

/** A top-level team's visible event types (an organization's teams answer only under /org/{orgSlug}). */
export function teamEventTypesOnPublicPage(teamSlug: string): Prisma.EventTypeWhereInput {
  return { ...BOOKABLE_TEAM_TYPES, team: { slug: teamSlug.toLowerCase(), parentId: null, isOrganization: false } };
}

/** The organization `orgSlug`, by the slug it holds in the top-level namespace it shares with teams. */
export const organizationBySlug = (orgSlug: string): Prisma.TeamWhereInput => ({ slug: orgSlug.toLowerCase(), parentId: null, isOrganization: true });

/**
 * The visible event types of organization `orgSlug`'s teams, or of its team `teamSlug` only. A team slug is unique
 * only among its organization's teams, so the organization always qualifies it.
 */
export function orgTeamEventTypesOnPublicPage(orgSlug: string, teamSlug?: string): Prisma.EventTypeWhereInput {
  return {
    ...BOOKABLE_TEAM_TYPES,
    team: { isOrganization: false, parent: organizationBySlug(orgSlug), ...(teamSlug === undefined ? {} : { slug: teamSlug.toLowerCase() }) },
  };
}
