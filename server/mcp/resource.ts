/**
 * The MCP server as an OAuth protected resource (RFC 9728): its identifier, the metadata document that names
 * Convene's authorization server, and the WWW-Authenticate challenge pointing at that document.
 */
import { SCOPES, type Scope } from "../auth/scopes";

export const MCP_PATH = "/mcp";
export const RESOURCE_METADATA_PATH = `/.well-known/oauth-protected-resource${MCP_PATH}`;

/** The resource indicator (RFC 8707) clients send and tokens for the MCP server are bound to. */
export const mcpResourceUrl = (appUrl: string) => `${new URL(appUrl).origin}${MCP_PATH}`;

export const resourceMetadataUrl = (appUrl: string) => `${new URL(appUrl).origin}${RESOURCE_METADATA_PATH}`;

/** Agents act for one person: the user-level scopes are what they are offered when they name none. */
export const USER_LEVEL_SCOPES = (Object.keys(SCOPES) as Scope[]).filter((scope) => SCOPES[scope].level === "user");

export function protectedResourceMetadata(appUrl: string) {
  const origin = new URL(appUrl).origin;
  return {
    resource: mcpResourceUrl(appUrl),
    authorization_servers: [origin],
    scopes_supported: Object.keys(SCOPES),
    bearer_methods_supported: ["header"],
    resource_name: "Convene MCP server",
    resource_documentation: `${origin}/docs/mcp`,
  };
}

/** RFC 6750 §3 challenge with RFC 9728 §5.1's resource_metadata, so a client can discover how to get a token. */
/**
 * Without an error (no credential yet), `scope` is what an agent needs for a scheduler's day: the user-level scopes.
 * The MCP spec has clients ask for the challenge's scope first, so a new agent asks for no team or organization access.
 */
export function bearerChallenge(appUrl: string, error?: { code: "invalid_token" | "insufficient_scope"; description: string; scope?: string }) {
  const parts = [`Bearer resource_metadata="${resourceMetadataUrl(appUrl)}"`];
  if (error) parts.push(`error="${error.code}"`, `error_description="${error.description.replace(/["\\]/g, "'")}"`);
  parts.push(`scope="${error?.scope ?? USER_LEVEL_SCOPES.join(" ")}"`);
  return parts.join(", ");
}
