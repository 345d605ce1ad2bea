/**
 * The spec's three scope tables as data: every scope, its level and its meaning (the words the consent
 * screen shows). Routes declare one of these; the principal's scopes are checked against it. Which operations
 * each scope covers is in scope-table.ts.
 */
export const SCOPES = {
  EVENT_TYPE_READ: { level: "user", meaning: "View event types" },
  EVENT_TYPE_WRITE: { level: "user", meaning: "Create, edit, delete event types" },
  BOOKING_READ: { level: "user", meaning: "View bookings" },
  BOOKING_WRITE: { level: "user", meaning: "Create, edit, delete bookings" },
  SCHEDULE_READ: { level: "user", meaning: "View availability" },
  SCHEDULE_WRITE: { level: "user", meaning: "Create, edit, delete availability" },
  APPS_READ: { level: "user", meaning: "View connected apps" },
  APPS_WRITE: { level: "user", meaning: "Connect and disconnect apps" },
  PROFILE_READ: { level: "user", meaning: "View personal info" },
  PROFILE_WRITE: { level: "user", meaning: "Edit personal info" },
  TEAM_EVENT_TYPE_READ: { level: "team", meaning: "View team event types" },
  TEAM_EVENT_TYPE_WRITE: { level: "team", meaning: "Create, edit, delete team event types" },
  TEAM_BOOKING_READ: { level: "team", meaning: "View team bookings" },
  TEAM_BOOKING_WRITE: { level: "team", meaning: "Write team bookings" },
  TEAM_SCHEDULE_READ: { level: "team", meaning: "View team schedules" },
  TEAM_SCHEDULE_WRITE: { level: "team", meaning: "Write team schedules" },
  TEAM_PROFILE_READ: { level: "team", meaning: "View team profiles" },
  TEAM_PROFILE_WRITE: { level: "team", meaning: "Create, edit, delete teams" },
  TEAM_MEMBERSHIP_READ: { level: "team", meaning: "View team memberships" },
  TEAM_MEMBERSHIP_WRITE: { level: "team", meaning: "Write team memberships" },
  ORG_EVENT_TYPE_READ: { level: "org", meaning: "View all org event types" },
  ORG_EVENT_TYPE_WRITE: { level: "org", meaning: "Write org event types" },
  ORG_BOOKING_READ: { level: "org", meaning: "View all org bookings" },
  ORG_BOOKING_WRITE: { level: "org", meaning: "Write org bookings" },
  ORG_SCHEDULE_READ: { level: "org", meaning: "View org schedules" },
  ORG_SCHEDULE_WRITE: { level: "org", meaning: "Write org schedules" },
  ORG_PROFILE_READ: { level: "org", meaning: "View org teams" },
  ORG_PROFILE_WRITE: { level: "org", meaning: "Write org teams" },
  ORG_MEMBERSHIP_READ: { level: "org", meaning: "View org memberships and users" },
  ORG_MEMBERSHIP_WRITE: { level: "org", meaning: "Write org memberships and users" },
} as const satisfies Record<string, { level: "user" | "team" | "org"; meaning: string }>;

export type Scope = keyof typeof SCOPES;
export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

/** Values of the old API: a client holding only these (or nothing) is a legacy client. */
export const LEGACY_SCOPES = ["READ_BOOKING", "READ_PROFILE"] as const;

export const isScope = (value: string): value is Scope => Object.hasOwn(SCOPES, value);

/** An ORG_ scope also grants the matching TEAM_ scope (spec, Scope rules 3). */
export function scopesImplied(held: readonly string[]): Set<string> {
  const implied = new Set(held);
  for (const scope of held) if (scope.startsWith("ORG_")) implied.add(`TEAM_${scope.slice(4)}`);
  return implied;
}

export function holdsScope(held: readonly string[], required: Scope): boolean {
  return scopesImplied(held).has(required);
}
