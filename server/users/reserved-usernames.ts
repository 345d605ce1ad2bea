/**
 * First path segments of Convene's own pages. A username is also the first segment of its booking pages
 * (/{username}/{slug}); static routes win over those, but a path such as /settings/developer has no page
 * of its own, so a user named "settings" would otherwise own a page that looks like ours under our URLs.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  "api",
  "auth",
  "availability",
  "booking",
  "bookings",
  "d",
  "docs",
  "event-types",
  "forms",
  "onboarding",
  "org",
  "routing-forms",
  "settings",
  "team",
  "teams",
  "v1",
  "v2",
  "workflows",
  "_next",
  ".well-known",
]);

export const isReservedUsername = (username: string) => RESERVED_USERNAMES.has(username.toLowerCase());
