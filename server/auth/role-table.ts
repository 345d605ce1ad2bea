/**
 * Which permission (server/auth/permissions.ts) each team-level operation needs, as data beside the scope table
 * (scope-table.ts): the scope says what a credential may do, the permission what a member may do in that team, and
 * PERMISSIONS which roles hold it. Every operation of the spec's team-level table that names a team (`{teamId}`)
 * has a row; role-table.test.ts holds every route that declares `access.team` to its row, and docs/tenancy-and-permissions.md's role
 * table to these rows.
 */
import type { HttpMethod } from "../http/route-definition";
import { rolesWith, type Permission, type TeamRole } from "./permissions";
import { ORG_LEVEL_TABLE, TEAM_LEVEL_TABLE } from "./scope-table";
import type { Scope } from "./scopes";

/** `scope` null: one of Convene's own team operations, api-key-only (CONVENE_TEAM_OPERATIONS). */
export type RoleRow = { method: HttpMethod; path: string; scope: Scope | null; permission: Permission; roles: readonly TeamRole[] };

const PERMISSION_BY_SCOPE: Partial<Record<Scope, Permission>> = {
  TEAM_EVENT_TYPE_READ: "eventType.read",
  TEAM_EVENT_TYPE_WRITE: "eventType.write",
  TEAM_BOOKING_READ: "booking.readAll",
  TEAM_SCHEDULE_READ: "schedule.readMembers",
  TEAM_SCHEDULE_WRITE: "ooo.writeMembers",
  TEAM_PROFILE_READ: "team.read",
  TEAM_PROFILE_WRITE: "team.update",
  TEAM_MEMBERSHIP_READ: "membership.read",
  TEAM_MEMBERSHIP_WRITE: "membership.write",
};

/** Operations whose permission differs from their scope's. */
const EXCEPTIONS: ReadonlyMap<string, Permission> = new Map<string, Permission>([
  ["DELETE /v2/teams/{teamId}", "team.delete"],
  ["GET /v2/teams/{teamId}/users/{userId}/ooo", "ooo.readMembers"],
]);

const key = (method: string, path: string) => `${method} ${path}`;

const TEAM_EVENT_TYPE_WEBHOOK = "/v2/teams/{teamId}/event-types/{eventTypeId}/webhooks/{webhookId}";

const row = (method: HttpMethod, path: string, scope: Scope | null, permission: Permission): RoleRow => ({
  method,
  path,
  scope,
  permission,
  roles: rolesWith(permission),
});

/**
 * Team operations of Convene's own, absent from the spec's tables (so api-key-only), with the permission of their
 * nearest spec operation: a team event type webhook's delivery log is read like the webhook, its actions (a
 * redelivery, a test event) are writes.
 */
export const CONVENE_TEAM_OPERATIONS: readonly RoleRow[] = [
  row("GET", `${TEAM_EVENT_TYPE_WEBHOOK}/deliveries`, null, "eventType.read"),
  row("POST", `${TEAM_EVENT_TYPE_WEBHOOK}/messages/{messageId}/redeliver`, null, "eventType.write"),
  row("POST", `${TEAM_EVENT_TYPE_WEBHOOK}/test`, null, "eventType.write"),
  // A team's workflows (server/workflows), at /v2/teams/… and at the peer's /v2/organizations/{orgId}/teams/… paths.
  ...["/v2/teams/{teamId}/workflows", "/v2/organizations/{orgId}/teams/{teamId}/workflows"].flatMap((base) => [
    row("GET", base, null, "workflow.read"),
    row("POST", base, null, "workflow.write"),
    row("GET", `${base}/{workflowId}`, null, "workflow.read"),
    row("PATCH", `${base}/{workflowId}`, null, "workflow.write"),
    row("DELETE", `${base}/{workflowId}`, null, "workflow.write"),
  ]),
  // A team's routing forms (server/routing-forms): managed at /v2/teams/…, answered at the peer's organization paths.
  row("GET", "/v2/teams/{teamId}/routing-forms", null, "routingForm.read"),
  row("POST", "/v2/teams/{teamId}/routing-forms", null, "routingForm.write"),
  row("GET", "/v2/teams/{teamId}/routing-forms/{routingFormId}", null, "routingForm.read"),
  row("PATCH", "/v2/teams/{teamId}/routing-forms/{routingFormId}", null, "routingForm.write"),
  row("DELETE", "/v2/teams/{teamId}/routing-forms/{routingFormId}", null, "routingForm.write"),
  row("GET", "/v2/teams/{teamId}/routing-forms/{routingFormId}/responses", null, "routingForm.read"),
  row("GET", "/v2/organizations/{orgId}/teams/{teamId}/routing-forms", null, "routingForm.read"),
  row("GET", "/v2/organizations/{orgId}/teams/{teamId}/routing-forms/{routingFormId}/responses", null, "routingForm.read"),
  row("POST", "/v2/organizations/{orgId}/teams/{teamId}/routing-forms/{routingFormId}/responses", null, "routingForm.write"),
  row("PATCH", "/v2/organizations/{orgId}/teams/{teamId}/routing-forms/{routingFormId}/responses/{responseId}", null, "routingForm.write"),
];

export const ROLE_TABLE: readonly RoleRow[] = [
  ...TEAM_LEVEL_TABLE.flatMap(({ scope, operations }) =>
    operations
      .filter((operation) => operation.path.includes("{teamId}"))
      .map(({ method, path }) => row(method, path, scope, EXCEPTIONS.get(key(method, path)) ?? PERMISSION_BY_SCOPE[scope] ?? "team.update")),
  ),
  ...CONVENE_TEAM_OPERATIONS,
];

const ROWS_BY_OPERATION: ReadonlyMap<string, RoleRow> = new Map(ROLE_TABLE.map((entry) => [key(entry.method, entry.path), entry]));

/** The permission the table gives an operation; null: not a team operation. */
export const specifiedPermission = (method: HttpMethod, path: string): Permission | null => ROWS_BY_OPERATION.get(key(method, path))?.permission ?? null;

/** The roles the table gives an operation (those holding its permission); null: not a team operation. */
export const specifiedRoles = (method: HttpMethod, path: string): readonly TeamRole[] | null => ROWS_BY_OPERATION.get(key(method, path))?.roles ?? null;

const mark = (roles: readonly TeamRole[], role: TeamRole) => (roles.includes(role) ? "✓" : "—");

/** The tables of docs/tenancy-and-permissions.md, written from PERMISSIONS and these rows (role-table.test.ts holds that page to them). */
export function permissionTableMarkdown(permissions: Readonly<Record<Permission, readonly TeamRole[]>>): string {
  const rows = Object.entries(permissions).map(
    ([permission, roles]) => `| \`${permission}\` | ${mark(roles, "OWNER")} | ${mark(roles, "ADMIN")} | ${mark(roles, "MEMBER")} |`,
  );
  return ["| Permission | OWNER | ADMIN | MEMBER |", "|---|:-:|:-:|:-:|", ...rows].join("\n");
}

/** The /v2/teams rows (the organization variants of each have the same permission, and the docs say so). */
export function roleTableMarkdown(): string {
  const rows = ROLE_TABLE.filter((entry) => entry.path.startsWith("/v2/teams/")).map(
    (entry) =>
      `| \`${entry.method} ${entry.path}\` | ${entry.scope ? `\`${entry.scope}\`` : "API keys only"} | \`${entry.permission}\` | ${mark(entry.roles, "OWNER")} | ${mark(entry.roles, "ADMIN")} | ${mark(entry.roles, "MEMBER")} |`,
  );
  return ["| Operation | Scope | Permission | OWNER | ADMIN | MEMBER |", "|---|---|---|:-:|:-:|:-:|", ...rows].join("\n");
}

const ORG = "/v2/organizations/{orgId}";

const ORG_PERMISSION_BY_SCOPE: Partial<Record<Scope, Permission>> = {
  ORG_EVENT_TYPE_READ: "org.eventTypes.read",
  ORG_BOOKING_READ: "org.bookings.read",
  ORG_SCHEDULE_READ: "org.schedules.read",
  ORG_SCHEDULE_WRITE: "org.schedules.write",
  ORG_PROFILE_READ: "org.teams.read",
  ORG_PROFILE_WRITE: "org.teams.write",
  ORG_MEMBERSHIP_READ: "org.memberships.read",
  ORG_MEMBERSHIP_WRITE: "org.memberships.write",
};

/** Organization operations whose permission differs from their scope's: the users, out of office, one's own teams. */
const ORG_EXCEPTIONS: ReadonlyMap<string, Permission> = new Map<string, Permission>([
  [`GET ${ORG}/teams/me`, "org.read"],
  [`GET ${ORG}/users`, "org.users.read"],
  [`POST ${ORG}/users`, "org.users.write"],
  [`PATCH ${ORG}/users/{userId}`, "org.users.write"],
  [`DELETE ${ORG}/users/{userId}`, "org.users.write"],
  [`GET ${ORG}/ooo`, "org.ooo.read"],
  [`GET ${ORG}/users/{userId}/ooo`, "org.ooo.read"],
  [`POST ${ORG}/users/{userId}/ooo`, "org.ooo.write"],
  [`PATCH ${ORG}/users/{userId}/ooo/{oooId}`, "org.ooo.write"],
  [`DELETE ${ORG}/users/{userId}/ooo/{oooId}`, "org.ooo.write"],
]);

/**
 * The organization-level operations (spec: "Scope-protected operations, organization level") with the permission
 * each needs in the organization (`access.org`); role-table.test.ts holds every route declaring `access.org` to it.
 */
export const ORG_ROLE_TABLE: readonly RoleRow[] = ORG_LEVEL_TABLE.flatMap(({ scope, operations }) =>
  operations.map(({ method, path }) => row(method, path, scope, ORG_EXCEPTIONS.get(key(method, path)) ?? ORG_PERMISSION_BY_SCOPE[scope] ?? "org.update")),
);

const ORG_ROWS_BY_OPERATION: ReadonlyMap<string, RoleRow> = new Map(ORG_ROLE_TABLE.map((entry) => [key(entry.method, entry.path), entry]));

/** The organization permission the table gives an operation; null: not an organization-level operation. */
export const specifiedOrgPermission = (method: HttpMethod, path: string): Permission | null => ORG_ROWS_BY_OPERATION.get(key(method, path))?.permission ?? null;

/** The organization table of docs/tenancy-and-permissions.md, from ORG_ROLE_TABLE. */
export function orgRoleTableMarkdown(): string {
  const rows = ORG_ROLE_TABLE.map(
    (entry) =>
      `| \`${entry.method} ${entry.path}\` | \`${entry.scope}\` | \`${entry.permission}\` | ${mark(entry.roles, "OWNER")} | ${mark(entry.roles, "ADMIN")} | ${mark(entry.roles, "MEMBER")} |`,
  );
  return ["| Operation | Scope | Organization permission | OWNER | ADMIN | MEMBER |", "|---|---|---|:-:|:-:|:-:|", ...rows].join("\n");
}
