/**
 * Who is calling the v2 API. API keys and OAuth access tokens both resolve to this one shape, so
 * handlers never care which credential was used.
 */
import type { Scope } from "./scopes";

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
