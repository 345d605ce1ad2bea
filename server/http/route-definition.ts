/**
 * What a /v2 route declares: where it lives, who may call it, what it accepts and returns. The same
 * declaration drives the handler (api-route.ts), the OpenAPI document and the route × scope tests.
 */
import type { z } from "zod";
import type { Scope } from "../auth/scopes";
import type { RateLimitName } from "../security/rate-limit-table";

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** A team member's role, as Membership.role holds it. */
export type TeamRole = "OWNER" | "ADMIN" | "MEMBER";
export const TEAM_ROLES: readonly TeamRole[] = ["OWNER", "ADMIN", "MEMBER"];

/**
 * The team a route acts on (the path parameter naming it) and the roles that may call it. Checked after the
 * credential, its scope and the input: not an accepted member, or no such team → 404 "Team not found" (a non-member learns
 * nothing); a member without one of the roles → 403 naming them. An organization's owners and admins count as
 * owners and admins of its teams (server/teams/team-roles.ts).
 */
export type TeamAccess = { param: string; roles: readonly TeamRole[] };

/**
 * - `{ scope, team? }`: API keys, and OAuth tokens holding that scope (an ORG_ scope covers its TEAM_ twin); with
 *   `team`, only the team's members holding one of the roles.
 * - `"public"`: anyone; a credential may be sent and must then be valid (spec: public operations).
 * - `"api-key-only"`: no OAuth scope maps to it, so OAuth tokens are refused.
 * - `{ scope: null, team }`: api-key-only on a team: Convene's own team operations, which the spec's scope tables do
 *   not list (so no OAuth token reaches them), still checked against the team's roles like any team route.
 */
export type RouteAccess = { scope: Scope; team?: TeamAccess } | { scope: null; team: TeamAccess } | "public" | "api-key-only";

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

export const teamAccessOf = (access: RouteAccess): TeamAccess | null => (typeof access === "object" ? (access.team ?? null) : null);
