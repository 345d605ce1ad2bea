/**
 * Who is calling the v2 API. API keys and OAuth access tokens both resolve to this one shape, so
 * handlers never care which credential was used.
 */
import type { Scope } from "./scopes";
import { kindOfSecret } from "./secrets";

export type Principal = {
  userId: number;
  via: "api-key" | "oauth";
  /** The ApiKey or OAuthToken row that authenticated the request. */
  credentialId: number;
  /** null: not scope-limited (API keys act with their owner's rights; legacy OAuth grants). */
  scopes: Scope[] | null;
  oauthClientId: string | null;
  /**
   * The resource an OAuth token was issued for (RFC 8707): null is the REST API, where API keys belong too;
   * `${APP_URL}/mcp` is the MCP server. Each surface accepts its own tokens only. Absent: the REST API.
   */
  resource?: string | null;
  /** The OAuth grant the token belongs to (its "last used" is noted). */
  grantId?: number;
};

/** The Authorization header's credential; the scheme is case-insensitive (RFC 7235). */
export function bearerToken(header: string | null): string | null {
  const match = header?.match(/^bearer[ ]+([A-Za-z0-9._~+/-]+=*)\s*$/i);
  return match ? match[1]! : null;
}

/**
 * The credential of `Authorization: Bearer <token>`, or of a bare API key (`Authorization: <key>`), which the peer
 * accepts (it strips an optional `Bearer `) and its own MCP server and SDK send. Bare is for API keys only: an OAuth
 * access token keeps RFC 6750's form, so a bare one is no credential. Either way the key is then resolved by its hash
 * like any other (authenticate.ts), never compared as text.
 */
export function presentedCredential(header: string | null): string | null {
  const bearer = bearerToken(header);
  if (bearer) return bearer;
  const bare = header?.trim() ?? "";
  return /^[A-Za-z0-9._~+/-]+=*$/.test(bare) && kindOfSecret(bare) === "apiKey" ? bare : null;
}
