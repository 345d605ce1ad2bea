/**
 * The authorization request (GET /auth/oauth2/authorize), checked by a list of small named steps in the
 * spec's order. Until the client and redirect_uri are known good, errors are shown on the page; after
 * that they go back to the app's redirect_uri with `state` (RFC 6749 §4.1.2.1).
 */
import { db } from "../db/client";
import { env } from "../env";
import { isScope, LEGACY_SCOPES } from "../auth/scopes";
import { mcpResourceUrl } from "../mcp/resource";
import { ClientMetadataError, ensureMetadataDocumentClient, isMetadataDocumentClientId } from "./agents/metadata-document";
import { isValidCodeChallenge } from "./pkce";
import { isLegacyScopeSet } from "./reapproval";

export type AuthorizeParams = Record<string, string | undefined>;
/** The query as Next.js or URLSearchParams hands it over: a repeated parameter is an array. */
export type RawAuthorizeParams = Record<string, string | string[] | undefined>;

export type ConsentClient = {
  id: string;
  name: string;
  logoUrl: string | null;
  websiteUrl: string;
  type: "CONFIDENTIAL" | "PUBLIC";
  /** An agent's client (metadata document or dynamic registration) or a developer's. */
  registration: "DEVELOPER" | "METADATA_DOCUMENT" | "DYNAMIC";
};

export type ValidAuthorization = {
  client: ConsentClient;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  codeChallenge: string | null;
  isLegacy: boolean;
  /** RFC 8707: the resource the tokens will be bound to; null: the REST API. */
  resource: string | null;
};

export type AuthorizeCheck =
  { kind: "page-error"; message: string } | { kind: "redirect-error"; location: string } | { kind: "valid"; authorization: ValidAuthorization };

/**
 * `redirect_uri` with the answer's parameters appended to the registered string itself, after its own
 * query if it has one. Re-serialising it through URL would rewrite that query (`%20` → `+`, `~` → `%7E`),
 * and the app must get back its registered URI byte for byte. Registered URIs have no fragment
 * (ZRedirectUri), so appending is safe. `state` goes back exactly as it came.
 */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const answer = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) answer.append(key, value);
  const query = answer.toString();
  if (!query) return redirectUri;
  const separator = !redirectUri.includes("?") ? "?" : /[?&]$/.test(redirectUri) ? "" : "&";
  return `${redirectUri}${separator}${query}`;
}

/** An authorization response (RFC 9207: every one, success or error, names the issuer that sent it). */
export const authorizationResponse = (redirectUri: string, params: Record<string, string | undefined>) =>
  redirectWith(redirectUri, { ...params, iss: env().APP_URL });

const RECOGNIZED = (value: string) => isScope(value) || (LEGACY_SCOPES as readonly string[]).includes(value);

export const parseScopeParam = (value: string | undefined) => (value ?? "").split(/[\s,]+/).filter(Boolean);

/** The first parameter sent more than once, if any. */
export function repeatedParameter(params: RawAuthorizeParams): string | null {
  return Object.entries(params).find(([, value]) => Array.isArray(value))?.[0] ?? null;
}

/**
 * RFC 8707: the resource a token is asked for, as stored (null: the REST API), or undefined when it is not one of
 * Convene's. The MCP server's identifier is compared as a URL (a trailing slash or an upper-case host is the same).
 */
export function knownResource(value: string): string | null | undefined {
  const mcp = mcpResourceUrl(env().APP_URL);
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  const normalized = `${url.origin}${url.pathname.replace(/\/$/, "")}`;
  if (url.search || url.hash) return undefined;
  return normalized === mcp ? mcp : undefined;
}

export async function checkAuthorizationRequest(raw: RawAuthorizeParams): Promise<AuthorizeCheck> {
  const pageError = (message: string): AuthorizeCheck => ({ kind: "page-error", message });

  // RFC 6749 §3.1: a repeated parameter is invalid_request. Shown here, not redirected: which of two
  // client_id, redirect_uri or state values would the answer go to?
  const repeated = repeatedParameter(raw);
  if (repeated !== null) return pageError(`The parameter ${repeated} appears more than once; each parameter may be sent only once.`);
  const params = raw as AuthorizeParams;

  if (!params.client_id) return pageError("The request has no client_id.");
  // An agent identified by its metadata document: fetched (SSRF-checked) and created under the instance policy on first sight.
  if (isMetadataDocumentClientId(params.client_id)) {
    try {
      await ensureMetadataDocumentClient(params.client_id);
    } catch (error) {
      if (error instanceof ClientMetadataError) return pageError(error.message);
      throw error;
    }
  }
  const client = await db.oAuthClient.findUnique({
    where: { id: params.client_id },
    select: { id: true, name: true, logoUrl: true, websiteUrl: true, type: true, status: true, redirectUris: true, scopes: true, registration: true },
  });
  if (!client) return pageError("No application exists for this client_id.");
  if (client.status !== "ACCEPTED") {
    const waiting = client.registration !== "DEVELOPER" && client.status === "PENDING";
    return pageError(
      waiting
        ? `"${client.name}" is an agent this Convene has not approved yet. An administrator has been asked to review it; try again once they have.`
        : `"${client.name}" is not approved yet, so it cannot ask for access.`,
    );
  }
  if (!params.redirect_uri || !client.redirectUris.includes(params.redirect_uri)) {
    return pageError("The redirect_uri does not match any redirect URI registered for this application.");
  }
  const isLegacy = isLegacyScopeSet(client.scopes);
  // `scope=,` names no scope at all: for a non-legacy client it is as missing as no parameter.
  const scopes = [...new Set(parseScopeParam(params.scope))];
  if (!isLegacy && scopes.length === 0) return pageError("The scope parameter is required for this client.");

  const { redirect_uri: redirectUri, state } = params;
  const redirectError = (error: string, description: string): AuthorizeCheck => ({
    kind: "redirect-error",
    location: authorizationResponse(redirectUri, { error, error_description: description, state }),
  });

  if (params.response_type !== undefined && params.response_type !== "code") {
    return redirectError("unsupported_response_type", "Only response_type=code is supported");
  }
  if (!scopes.every(RECOGNIZED)) return redirectError("invalid_scope", "Requested scope is not a recognized scope");
  if (!isLegacy && !scopes.every((scope) => client.scopes.includes(scope))) {
    return redirectError("invalid_request", "Requested scope exceeds the client's registered scopes");
  }
  const challenge = params.code_challenge;
  // The spec's authorization table names only code_challenge ("method S256"), so a client written from it sends
  // no method: absent means S256 here, not RFC 7636's default "plain", which stays refused.
  if (challenge !== undefined && (params.code_challenge_method ?? "S256") !== "S256") {
    return redirectError("invalid_request", "code_challenge_method must be S256");
  }
  if (challenge !== undefined && !isValidCodeChallenge(challenge)) {
    return redirectError("invalid_request", "code_challenge must be the base64url SHA-256 of a code_verifier (43 characters)");
  }
  if (client.type === "PUBLIC" && challenge === undefined) {
    return redirectError("invalid_request", "Public clients must send a PKCE code_challenge (S256)");
  }
  const resource = params.resource === undefined ? null : knownResource(params.resource);
  if (resource === undefined)
    return redirectError("invalid_target", `resource must be ${mcpResourceUrl(env().APP_URL)} (the MCP server), or left out for the REST API`);
  const { redirectUris: _uris, scopes: _clientScopes, status: _status, ...consentClient } = client;
  return {
    kind: "valid",
    authorization: { client: consentClient, redirectUri, scopes, state, codeChallenge: challenge ?? null, isLegacy, resource },
  };
}
