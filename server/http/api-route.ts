/**
 * The one way a /v2 route is written: declaration + handler → a Next.js route handler that runs
 * authenticate → authorize → negotiate version → parse input → handler → envelope, as named steps.
 */
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { actorOf, type Actor } from "../auth/actor";
import { principalForBearer } from "../auth/authenticate";
import { presentedCredential, type Principal } from "../auth/principal";
import { holdsScope, type Scope } from "../auth/scopes";
import { log } from "../log";
import { requireOrgPermission, requireTeamOfOrganization } from "../organizations/organization-access";
import { requirePermission } from "../teams/team-roles";
import { errorResponse, successResponse, toErrorResponse } from "./envelope";
import { withWriteIntent } from "../db/write-intent";
import { Page } from "./pagination";
import { ignoredPeerQueryParams, peerFieldsOf, withoutIgnored } from "./peer-fields";
import { withRateLimitHeaders } from "./rate-limit-headers";
import { recordServerTiming, timePhase, wantsServerTiming } from "./server-timing";
import { parsePart, parseParts, queryObject, readJsonBody } from "./request-input";
import { accessFor, orgAccessOf, requiredScope, teamAccessOf, type RouteDeclaration } from "./route-definition";
import { arrayKeysOf, NO_QUERY } from "./schema-shapes";
import { acceptedVersions, VERSION_HEADER, versionFor } from "./versioning";

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;
type NextContext = { params: Promise<Record<string, string | string[]>> };

/** Whether a route may be called without a credential: public, or public for some queries (publicWithQuery). */
type MayBeAnonymous<D extends RouteDeclaration> = D["access"] extends "public" ? true : D extends { publicWithQuery: readonly string[] } ? true : false;

export type HandlerInput<D extends RouteDeclaration> = {
  /** Who acts: what services take. */
  actor: MayBeAnonymous<D> extends true ? Actor | null : Actor;
  /** The credential itself, for the few steps that are about it (rate limits per credential, OAuth client origins). */
  principal: MayBeAnonymous<D> extends true ? Principal | null : Principal;
  params: Infer<D["params"]>;
  query: Infer<D["query"]>;
  body: Infer<D["body"]>;
  version: string | null;
  request: Request;
  requestId: string;
};

export type ApiRoute = RouteDeclaration & {
  handle: (request: Request, context: NextContext) => Promise<Response>;
  /**
   * The route's handler itself, for the other transport that calls the same use case (the MCP tools,
   * server/mcp/): input already authenticated, authorized and parsed; the result before the envelope.
   */
  run: (input: HandlerInput<RouteDeclaration>) => Promise<unknown>;
};

class AuthFailure extends Error {
  constructor(readonly response: Response) {
    super("auth failure");
  }
}

const unauthorized = (message: string, tokenWasSent: boolean) =>
  new AuthFailure(
    errorResponse("UNAUTHORIZED", message, {
      headers: { "WWW-Authenticate": tokenWasSent ? 'Bearer realm="convene", error="invalid_token"' : 'Bearer realm="convene"' },
    }),
  );

/** 401 for a missing (non-public routes), malformed, unknown, revoked or expired credential. */
export async function authenticate(request: Request, declaration: RouteDeclaration): Promise<Principal | null> {
  if (new URL(request.url).searchParams.has("apiKey")) {
    throw unauthorized("The apiKey query parameter is not accepted on v2; send Authorization: Bearer <API_KEY>", false);
  }
  const header = request.headers.get("authorization");
  if (!header) {
    if (declaration.access === "public") return null;
    throw unauthorized("Authentication required: send Authorization: Bearer <API_KEY or access token> (an API key may be sent bare)", false);
  }
  const token = presentedCredential(header);
  const principal = token ? await principalForBearer(token) : null;
  if (!principal) throw unauthorized("Invalid, expired or revoked credential", true);
  // RFC 8707 audience: a token issued for another resource (the MCP server) is not a credential here.
  if (principal.resource) throw unauthorized(`This access token was issued for ${principal.resource}, not for this API`, true);
  return principal;
}

/**
 * Why the credential may not call the route, or null when it may: `required` is the scope it lacks, or null for a
 * route closed to OAuth tokens (api-key-only). Shared with the MCP tools, which refuse with the same rule.
 */
export function scopeRefusal(principal: Principal | null, access: RouteDeclaration["access"]): { required: Scope | null } | null {
  if (!principal || access === "public") return null;
  const required = requiredScope(access);
  // API keys act with their owner's rights. Legacy OAuth grants (scopes null) are not limited at all
  // (spec, Scope rules 4: "any resource of the authorizing user"), so they pass api-key-only routes too.
  if (principal.via === "api-key" || principal.scopes === null || (required && holdsScope(principal.scopes, required))) return null;
  return { required };
}

/** Whether the credential reaches the route as declared: an API key, a legacy grant, or an OAuth token with its scope. */
function coversRoute(principal: Principal, declaration: RouteDeclaration): boolean {
  return scopeRefusal(principal, declaration.access) === null;
}

/** 403 when an OAuth token does not cover the route: scopes missing, or a route closed to OAuth (api-key-only). */
export function authorize(principal: Principal | null, declaration: RouteDeclaration): void {
  const refusal = scopeRefusal(principal, declaration.access);
  if (!refusal || !principal) return;
  const { required } = refusal;
  const message = required ? `This operation requires the ${required} scope` : "This operation is not available to OAuth access tokens; use an API key";
  throw new AuthFailure(
    errorResponse("FORBIDDEN", message, {
      details: { requiredScopes: required ? [required] : [], grantedScopes: principal.scopes ?? [] },
      headers: { "WWW-Authenticate": `Bearer error="insufficient_scope"${required ? `, scope="${required}"` : ""}` },
    }),
  );
}

/**
 * The route's declared team permission, checked early once its path parameters are parsed (404 non-member, 403
 * role), so the order of answers stays the same whatever the handler does first. Not what protects the team: the
 * use case the handler calls checks the same permission itself (requirePermission).
 */
async function authorizeTeam(actor: Actor | null, declaration: RouteDeclaration, params: unknown): Promise<void> {
  const idOf = (name: string) => {
    const id = (params as Record<string, unknown> | undefined)?.[name];
    if (!actor || typeof id !== "number") throw new Error(`${declaration.method} ${declaration.path}: parameter ${name} is not a parsed integer`);
    return id;
  };
  const team = teamAccessOf(declaration.access);
  if (!team) return;
  const teamId = idOf(team.param);
  // An organization's team route reaches that organization's teams only; another is answered as an unknown team
  // (a route with an organization clause has had that checked by authorizeOrg).
  if (team.org) await requireTeamOfOrganization(idOf(team.org), teamId);
  await requirePermission(actor!, { teamId }, team.permission);
}

/**
 * The route's declared organization permission, checked before its team clause (an org-team route: the organization
 * first, then that the team is one of its teams, then the team's own permission). Not what protects the organization:
 * the use case checks the same permission itself (requireOrgPermission).
 */
async function authorizeOrg(actor: Actor | null, declaration: RouteDeclaration, params: unknown): Promise<void> {
  const org = orgAccessOf(declaration.access);
  if (!org) return;
  const values = params as Record<string, unknown> | undefined;
  const orgId = values?.[org.param];
  if (!actor || typeof orgId !== "number")
    throw new Error(`${declaration.method} ${declaration.path}: organization parameter ${org.param} is not a parsed integer`);
  await requireOrgPermission(actor, orgId, org.permission);
  const team = teamAccessOf(declaration.access);
  const teamId = team ? values?.[team.param] : undefined;
  if (typeof teamId === "number") await requireTeamOfOrganization(orgId, teamId);
}

function requestIdOf(request: Request): string {
  const offered = request.headers.get("x-request-id");
  return offered && /^[\w-]{1,64}$/.test(offered) ? offered : randomUUID();
}

export function defineRoute<const D extends RouteDeclaration>(declaration: D, handler: (input: HandlerInput<D>) => Promise<unknown> | unknown): D & ApiRoute {
  // Unknown keys the peer documents for this operation are refused as "not supported" rather than "unrecognized".
  const peerFields = peerFieldsOf(declaration);
  const ignoredQuery = ignoredPeerQueryParams(declaration);
  const versions = acceptedVersions(declaration);
  const arrayQueryKeys = arrayKeysOf(declaration.query ?? NO_QUERY);
  const respond = async (request: Request, context: NextContext): Promise<Response> => {
    const requestId = requestIdOf(request);
    const startedAt = performance.now();
    let response: Response;
    // Once negotiated, the answering version is named on errors too, so a client can tell what refused it.
    let version: { value: string; header: string } | null = null;
    try {
      // A request carrying a publicWithQuery parameter is public (route-definition.ts): checked as one.
      const asDeclared = declaration.publicWithQuery ? { ...declaration, access: accessFor(declaration, new URL(request.url)) } : declaration;
      const principal = await authenticate(request, asDeclared);
      authorize(principal, asDeclared);
      // One rule on every route (versioning.ts): a date picks the route's version, anything else is a 400.
      version = versionFor(request.headers, versions);
      const rawParams = await context.params;
      const rawBody = declaration.body ? await readJsonBody(request) : undefined;
      // Every part's mistakes in one 400. A route that declares no query takes none: an unexpected parameter is a 400,
      // unless the peer documents it.
      const { params, query, body } = parseParts({
        params: () => parsePart(declaration.params, rawParams, "params"),
        query: () =>
          parsePart(declaration.query ?? NO_QUERY, withoutIgnored(queryObject(new URL(request.url), arrayQueryKeys), ignoredQuery), "query", peerFields),
        body: () => (declaration.body ? parsePart(declaration.body, rawBody, "body", peerFields) : undefined),
      });
      // Opened by its query, the route acts for the caller only if their credential covers the route as declared (an
      // OAuth token without its scope is answered as anyone would be).
      const actor = principal && (asDeclared === declaration || coversRoute(principal, declaration)) ? actorOf(principal) : null;
      // After parsing, which depends only on the request (what a valid body is, the OpenAPI document says anyway):
      // the 404 for a team the actor is not in is then the same whatever else was sent.
      await authorizeOrg(actor, declaration, params);
      await authorizeTeam(actor, declaration, params);
      const input = {
        actor,
        principal,
        params,
        query: declaration.query ? query : undefined,
        body,
        version: version?.value ?? null,
        request,
        requestId,
      } as HandlerInput<D>;
      const result = await handler(input);
      response = timePhase("serialize", () =>
        result instanceof Page
          ? successResponse(result.items, { pagination: result.pagination })
          : successResponse(result ?? null, { status: declaration.successStatus ?? 200 }),
      );
    } catch (error) {
      response = error instanceof AuthFailure ? error.response : toErrorResponse(error, requestId);
    }
    // Named under svc-api-version, and under cal-api-version too when the client asked with that name.
    if (version) for (const header of new Set([VERSION_HEADER, version.header])) response.headers.set(header, version.value);
    response.headers.set("x-request-id", requestId);
    log.info("v2 request", {
      requestId,
      method: request.method,
      route: declaration.path,
      status: response.status,
      ms: Math.round(performance.now() - startedAt),
    });
    return response;
  };
  const handle = async (request: Request, context: NextContext): Promise<Response> => {
    // Whatever the answer, it names the rate limits the request was counted against (RateLimit-Policy, RateLimit).
    const answer = () => withRateLimitHeaders(() => withWriteIntent(() => respond(request, context)));
    if (!wantsServerTiming(request)) return answer();
    const { result: response, header } = await recordServerTiming(answer);
    response.headers.set("server-timing", header());
    return response;
  };
  const run = async (input: HandlerInput<RouteDeclaration>) => handler(input as HandlerInput<D>);
  return { ...declaration, versions, handle, run } as D & ApiRoute;
}
