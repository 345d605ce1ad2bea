/**
 * Where a team's public pages live: /team/{slug} for a top-level team, /org/{orgSlug}/team/{slug} for a team of an
 * organization (its slug is unique only among the organization's teams). Pure: the site's components import it.
 */
export const teamPublicPath = (teamSlug: string, organizationSlug: string | null) =>
  organizationSlug === null ? `/team/${teamSlug}` : `/org/${organizationSlug}/team/${teamSlug}`;
