/**
 * An MCP agent as the specification describes one, on the official SDK's own client: it discovers authorization from
 * the server's 401, identifies itself by a Client ID Metadata Document or registers (RFC 7591), sends the user to the
 * consent page with PKCE and a resource indicator, and keeps its tokens in memory. The "redirect" is handed to the
 * test, which plays the user in Chromium and returns the code.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";

export const AGENT_REDIRECT_URI = "http://127.0.0.1:7399/callback";

export class TestAgentProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  heldTokens?: OAuthTokens;
  verifier = "";
  /** The authorization URL the SDK would open in the user's browser; the test opens it in Chromium. */
  pendingAuthorization: URL | null = null;

  constructor(
    readonly name: string,
    /** Set: the agent identifies itself by this metadata document URL; unset: it registers dynamically. */
    readonly clientMetadataUrl?: string,
  ) {}

  get redirectUrl() {
    return AGENT_REDIRECT_URI;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [AGENT_REDIRECT_URI],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.client = information;
  }
  tokens() {
    return this.heldTokens;
  }
  saveTokens(tokens: OAuthTokens) {
    this.heldTokens = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.pendingAuthorization = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

export function newAgent(serverUrl: string, provider: TestAgentProvider) {
  const transport = new StreamableHTTPClientTransport(new URL("/mcp", serverUrl), { authProvider: provider });
  const client = new Client({ name: provider.name, version: "1.0.0" });
  return { client, transport };
}

/** A tool's v2-shaped answer ({status, data, …}) from its text content. */
export function toolAnswer<T = unknown>(
  result: unknown,
): { status: string; data: T; error?: { code: string; message: string; next?: { nearestFreeStarts?: string[] } } } {
  const content = (result as { content: { type: string; text: string }[] }).content;
  return JSON.parse(content[0]!.text);
}
