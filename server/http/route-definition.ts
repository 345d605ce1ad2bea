/**
 * What a /v2 route declares: where it lives, who may call it, what it accepts and returns. The same
 * declaration drives the handler (api-route.ts), the OpenAPI document and the route × scope tests.
 */
import type { z } from "zod";
import { rolesWith, type Permission, type TeamRole } from "../auth/permissions";
import type { Scope } from "../auth/scopes";
import type { RateLimitName } from "../security/rate-limit-table";

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/**
 * The team a route acts on (the path parameter naming it) and the permission it needs (server/auth/permissions.ts).
 * The use case the handler calls checks it (requirePermission: not an accepted member, or no such team → 404 "Team
 * not found", a non-member learning nothing; a member whose role lacks it → 403 naming the roles); the route repeats
 * it early, after the credential, its scope and the input, and the OpenAPI document and the matrices read it. An
 * organization's owners and admins count as owners and admins of its teams (ORG_ROLE_IN_ITS_TEAMS).
 */
export type TeamAccess = {
  param: string;
  permission: Permission;
  /**
   * The path parameter naming the organization the team must belong to (`/v2/organizations/{orgId}/teams/{teamId}/…`)
   * when the route has no organization clause: another team is a 404 "Team not found", as an unknown one.
   */
  org?: string;
};

/**
 * The organization a route acts on (the path parameter naming it, `orgId`) and the permission it needs there. The use
 * case checks it (requireOrgPermission, server/organizations/organization-access.ts: not an accepted member of it, or
 * no such organization → 404 "Organization not found"; a member whose role lacks it → 403 naming the roles); the route
 * repeats it early like a team clause. With a team clause too (`/v2/organizations/{orgId}/teams/{teamId}/…`), a team
 * that is not one of the organization's is a 404 "Team not found", whoever asks.
 */
export type OrgAccess = { param: string; permission: Permission };

/**
 * - `{ scope, team?, org? }`: API keys, and OAuth tokens holding that scope (an ORG_ scope covers its TEAM_ twin); with
 *   `team`, only the team's members holding one of the roles.
 * - `"public"`: anyone; a credential may be sent and must then be valid (spec: public operations).
 * - `"api-key-only"`: no OAuth scope maps to it, so OAuth tokens are refused.
 * - `{ scope: null, team }` / `{ scope: null, org }`: api-key-only on a team or an organization: Convene's own team
 *   operations and the organization's webhooks, which the spec's scope tables do not list (so no OAuth token reaches
 *   them), still checked against the roles like any team or organization route.
 */
export type RouteAccess =
  | { scope: Scope; team?: TeamAccess; org?: OrgAccess }
  | { scope: null; team: TeamAccess; org?: OrgAccess }
  | { scope: null; team?: TeamAccess; org: OrgAccess }
  | "public"
  | "api-key-only";

export type RouteDeclaration = {
  method: HttpMethod;
  /** OpenAPI form: `/v2/bookings/{bookingUid}`. */
  path: string;
  summary: string;
  tag: string;
  access: RouteAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Schema of `data` in a successful response, for the documentation. */
  response?: z.ZodType;
  /** 201 for creates. */
  successStatus?: 200 | 201;
  /** Values of svc-api-version this route serves; the first is the default. */
  versions?: readonly string[];
  paginated?: boolean;
  /**
   * The peer API operation this route stands in for, as `METHOD /path`, when its path differs from this route's
   * (parameter names aside). Its documented request fields are refused as "not supported", not "unrecognized".
   */
  peerOperation?: string;
  /**
   * The rate limits the handler counts requests against (server/security/rate-limit-table.ts), for the documentation:
   * the OpenAPI document lists them (`x-rate-limits`) with the RateLimit-Policy, RateLimit and Retry-After headers.
   */
  rateLimits?: readonly RateLimitName[];
};

export const requiredScope = (access: RouteAccess): Scope | null => (typeof access === "object" ? access.scope : null);

/** The route's team clause with the roles its permission gives (PERMISSIONS); null: not a team route. */
export function teamAccessOf(access: RouteAccess): (TeamAccess & { roles: readonly TeamRole[] }) | null {
  const team = typeof access === "object" ? access.team : undefined;
  return team ? { ...team, roles: rolesWith(team.permission) } : null;
}

/** The route's organization clause with the roles its permission gives (PERMISSIONS); null: not an organization route. */
export function orgAccessOf(access: RouteAccess): (OrgAccess & { roles: readonly TeamRole[] }) | null {
  const org = typeof access === "object" ? access.org : undefined;
  return org ? { ...org, roles: rolesWith(org.permission) } : null;
}
