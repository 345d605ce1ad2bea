/**
 * The only place that says which roles hold a permission, for teams and organizations alike (Dub's role →
 * permissions table). Use cases ask it through requirePermission (server/teams/team-roles.ts): not a member → 404,
 * a member without the permission → 403 naming the roles. Route declarations name the permission (OpenAPI, the
 * scope/tenancy/role matrices, the role table of docs/tenancy-and-permissions.md read it); the query builders take their role lists from
 * here (`rolesWith("booking.readAll")`).
 *
 * The rule behind the rows: every member reads the team, its members and its event types; bookings, members'
 * schedules and out-of-office are for owners and admins (they reveal other members' time); owners and admins
 * write; only an owner deletes the team.
 */
/** A team member's role, as Membership.role holds it (an organization's members hold the same roles). */
export type TeamRole = "OWNER" | "ADMIN" | "MEMBER";
export const TEAM_ROLES: readonly TeamRole[] = ["OWNER", "ADMIN", "MEMBER"];

const EVERY_MEMBER = ["OWNER", "ADMIN", "MEMBER"] as const;
const ADMINS = ["OWNER", "ADMIN"] as const;
const OWNERS = ["OWNER"] as const;

export const PERMISSIONS = {
  "team.read": EVERY_MEMBER,
  "team.update": ADMINS,
  "team.delete": OWNERS,
  "membership.read": EVERY_MEMBER,
  "membership.write": ADMINS,
  "eventType.read": EVERY_MEMBER,
  "eventType.write": ADMINS,
  "booking.readAll": ADMINS,
  "schedule.readMembers": ADMINS,
  "ooo.readMembers": ADMINS,
  "ooo.writeMembers": ADMINS,
  // A team's workflows (server/workflows): members see the reminders their bookings send; owners and admins write them.
  "workflow.read": EVERY_MEMBER,
  "workflow.write": ADMINS,
  // A team's routing forms (server/routing-forms): members read the forms and their responses (the leads routed to
  // them); owners and admins write them.
  "routingForm.read": EVERY_MEMBER,
  "routingForm.write": ADMINS,
  // Organizations: the same roles, held in the organization (its Membership row). Every member reads the
  // organization's profile and the teams they are in; who else is in it, their schedules, bookings and time off are
  // for its owners and admins, as in a team; only an owner deletes it.
  "org.read": EVERY_MEMBER,
  "org.update": ADMINS,
  "org.delete": OWNERS,
  "org.memberships.read": ADMINS,
  "org.memberships.write": ADMINS,
  "org.users.read": ADMINS,
  "org.users.write": ADMINS,
  "org.teams.read": ADMINS,
  "org.teams.write": ADMINS,
  "org.eventTypes.read": ADMINS,
  "org.bookings.read": ADMINS,
  "org.schedules.read": ADMINS,
  "org.schedules.write": ADMINS,
  "org.ooo.read": ADMINS,
  "org.ooo.write": ADMINS,
  "org.webhooks.read": ADMINS,
  "org.webhooks.write": ADMINS,
  // Every routing form of the organization's teams, and their responses (the peer's /v2/organizations/{orgId}/routing-forms).
  "org.routingForms.read": ADMINS,
  "org.routingForms.write": ADMINS,
} as const satisfies Record<string, readonly TeamRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** The roles that hold a permission. */
export const rolesWith = (permission: Permission): readonly TeamRole[] => PERMISSIONS[permission];

export const holdsPermission = (role: TeamRole, permission: Permission): boolean => rolesWith(permission).includes(role);

/**
 * The organization rule, written once: what a role in an organization makes its holder in each of the
 * organization's teams. Its OWNERs and ADMINs act as OWNERs and ADMINs of every team in it; its plain members get
 * nothing from it. teamRoleOf (a role) and teamsWhereActorIs (a Prisma filter) both read it.
 */
export const ORG_ROLE_IN_ITS_TEAMS: Readonly<Record<TeamRole, TeamRole | null>> = { OWNER: "OWNER", ADMIN: "ADMIN", MEMBER: null };

/** The organization roles that give one of `roles` in the organization's teams. */
export const orgRolesGiving = (roles: readonly TeamRole[]): TeamRole[] =>
  (Object.keys(ORG_ROLE_IN_ITS_TEAMS) as TeamRole[]).filter((orgRole) => {
    const inTeam = ORG_ROLE_IN_ITS_TEAMS[orgRole];
    return inTeam !== null && roles.includes(inTeam);
  });

/**
 * The organization permission a team permission stands for when the "team" is an organization (an organization is a
 * team, so the team use cases reach it too): requirePermission asks this one there, so every door gives an
 * organization's plain members what the org.* rows say and no more.
 */
const ORG_PERMISSION_OF: Partial<Record<Permission, Permission>> = {
  "team.read": "org.read",
  "team.update": "org.update",
  "team.delete": "org.delete",
  "membership.read": "org.memberships.read",
  "membership.write": "org.memberships.write",
  "booking.readAll": "org.bookings.read",
  "schedule.readMembers": "org.schedules.read",
  "ooo.readMembers": "org.ooo.read",
  "ooo.writeMembers": "org.ooo.write",
};

export const orgPermissionFor = (permission: Permission): Permission => ORG_PERMISSION_OF[permission] ?? permission;
