/**
 * Which team roles may call each team-level operation, as data beside the scope table (scope-table.ts): the
 * scope says what a credential may do, the role what a member may do in that team. Every operation of the
 * spec's team-level table that names a team (`{teamId}`) has a row; role-table.test.ts holds every route that
 * declares `access.team` to its row, and the README shows the table.
 *
 * The rule behind the rows: every member reads the team, its members and its event types; bookings, members'
 * schedules and out-of-office are for owners and admins (they reveal other members' time); owners and admins
 * write; only an owner deletes the team.
 */
import type { HttpMethod, TeamRole } from "../http/route-definition";
import { TEAM_LEVEL_TABLE } from "./scope-table";
import type { Scope } from "./scopes";

/** `scope` null: one of Convene's own team operations, api-key-only (CONVENE_TEAM_OPERATIONS). */
export type RoleRow = { method: HttpMethod; path: string; scope: Scope | null; roles: readonly TeamRole[] };

const EVERY_MEMBER: readonly TeamRole[] = ["OWNER", "ADMIN", "MEMBER"];
const ADMINS: readonly TeamRole[] = ["OWNER", "ADMIN"];
const OWNERS: readonly TeamRole[] = ["OWNER"];

const ROLES_BY_SCOPE: Partial<Record<Scope, readonly TeamRole[]>> = {
  TEAM_EVENT_TYPE_READ: EVERY_MEMBER,
  TEAM_EVENT_TYPE_WRITE: ADMINS,
  TEAM_BOOKING_READ: ADMINS,
  TEAM_BOOKING_WRITE: ADMINS,
  TEAM_SCHEDULE_READ: ADMINS,
  TEAM_SCHEDULE_WRITE: ADMINS,
  TEAM_PROFILE_READ: EVERY_MEMBER,
  TEAM_PROFILE_WRITE: ADMINS,
  TEAM_MEMBERSHIP_READ: EVERY_MEMBER,
  TEAM_MEMBERSHIP_WRITE: ADMINS,
};

/** Operations whose roles differ from their scope's. */
const EXCEPTIONS: ReadonlyMap<string, readonly TeamRole[]> = new Map([["DELETE /v2/teams/{teamId}", OWNERS]]);

const key = (method: string, path: string) => `${method} ${path}`;

const TEAM_EVENT_TYPE_WEBHOOK = "/v2/teams/{teamId}/event-types/{eventTypeId}/webhooks/{webhookId}";

/**
 * Team operations of Convene's own, absent from the spec's tables (so api-key-only), with the roles of their
 * nearest spec operation: a team event type webhook's delivery log is read like the webhook, its actions (a
 * redelivery, a test event) are writes.
 */
export const CONVENE_TEAM_OPERATIONS: readonly RoleRow[] = [
  { method: "GET", path: `${TEAM_EVENT_TYPE_WEBHOOK}/deliveries`, scope: null, roles: EVERY_MEMBER },
  { method: "POST", path: `${TEAM_EVENT_TYPE_WEBHOOK}/messages/{messageId}/redeliver`, scope: null, roles: ADMINS },
  { method: "POST", path: `${TEAM_EVENT_TYPE_WEBHOOK}/test`, scope: null, roles: ADMINS },
];

export const ROLE_TABLE: readonly RoleRow[] = [
  ...TEAM_LEVEL_TABLE.flatMap(({ scope, operations }) =>
    operations
      .filter((operation) => operation.path.includes("{teamId}"))
      .map(({ method, path }) => ({ method, path, scope, roles: EXCEPTIONS.get(key(method, path)) ?? ROLES_BY_SCOPE[scope] ?? ADMINS })),
  ),
  ...CONVENE_TEAM_OPERATIONS,
];

const ROLES_BY_OPERATION: ReadonlyMap<string, readonly TeamRole[]> = new Map(ROLE_TABLE.map((row) => [key(row.method, row.path), row.roles]));

/** The roles the table gives an operation; null: not a team operation. */
export const specifiedRoles = (method: HttpMethod, path: string): readonly TeamRole[] | null => ROLES_BY_OPERATION.get(key(method, path)) ?? null;
