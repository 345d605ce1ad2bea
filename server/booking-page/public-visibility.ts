/**
 * Which event types a public page shows, in one place: the listing at /{username} and /team/{teamSlug} and the
 * booking pages under them ask the same question, so a type is listed exactly when its page exists.
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

/**
 * A top-level team's visible round-robin and collective event types (organizations' teams have their own pages;
 * a MANAGED parent is a template, booked through its members' copies).
 */
export function teamEventTypesOnPublicPage(teamSlug: string): Prisma.EventTypeWhereInput {
  return {
    hidden: false,
    schedulingType: { in: ["ROUND_ROBIN", "COLLECTIVE"] },
    team: { slug: teamSlug.toLowerCase(), parentId: null, isOrganization: false },
  };
}
