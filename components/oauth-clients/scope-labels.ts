import { SCOPES, type Scope } from "@/server/auth/scopes";

export const SCOPE_LEVELS = [
  { level: "user", label: "User level", hint: "Act on the user's own account." },
  { level: "team", label: "Team level", hint: "Act on the teams the user belongs to." },
  { level: "org", label: "Organization level", hint: "Act across the user's organization; also grants the matching team scope." },
] as const;

export type TScopeLevel = (typeof SCOPE_LEVELS)[number]["level"];

export const scopesAt = (level: TScopeLevel) => (Object.keys(SCOPES) as Scope[]).filter((scope) => SCOPES[scope].level === level);

/** The old values a legacy client may still hold (spec, Legacy status of an OAuth client). */
const LEGACY_MEANINGS: Record<string, string> = { READ_BOOKING: "View bookings (legacy)", READ_PROFILE: "View personal info (legacy)" };

export function meaningOf(scope: string): string {
  return SCOPES[scope as Scope]?.meaning ?? LEGACY_MEANINGS[scope] ?? scope;
}
