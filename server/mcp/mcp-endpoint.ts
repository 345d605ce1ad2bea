/**
 * POST /mcp, the Streamable HTTP transport in stateless mode, as named steps: Origin (DNS rebinding), the bearer
 * credential and its audience (401 naming the protected resource metadata), the protocol revision, the scope of
 * each tool called (403 insufficient_scope naming it, so the client can step up), then the SDK's transport.
 */
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import { principalForBearer } from "../auth/authenticate";
import { bearerToken, type Principal } from "../auth/principal";
import { databaseFailureAsAppError } from "../db/unavailable";
import { env } from "../env";
import { AppError } from "../errors";
import { scopeRefusal } from "../http/api-route";
import { isClientAbort } from "../http/client-abort";
import { jsonTextTooDeep } from "../http/json-depth";
import { readCappedText } from "../http/request-input";
import { log } from "../log";
import { createMcpServer } from "./mcp-server";
import { bearerChallenge, mcpResourceUrl } from "./resource";
import { toolNamed } from "./tools";

/** The newest revision the SDK speaks and the one before it (for clients that still send it). */
export const MCP_PROTOCOL_VERSIONS = SUPPORTED_PROTOCOL_VERSIONS.slice(0, 2);

class Refusal extends Error {
  constructor(readonly response: Response) {
    super("refused");
  }
}

const jsonRpcError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  new Refusal(Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status, headers }));

/** MCP transport spec: a server MUST validate Origin; a browser page from another site gets 403. No Origin: not a browser. */
function checkOrigin(request: Request, appUrl: string): void {
  const origin = request.headers.get("origin");
  if (origin === null) return;
  const allowed = new Set([new URL(appUrl).origin, ...env().MCP_ALLOWED_ORIGINS]);
  if (!allowed.has(origin)) throw jsonRpcError(403, -32000, `Origin ${origin} is not allowed to call this MCP server`);
}

async function authenticate(request: Request, appUrl: string): Promise<Principal> {
  const header = request.headers.get("authorization");
  const challenge = (error?: Parameters<typeof bearerChallenge>[1]) => ({ "WWW-Authenticate": bearerChallenge(appUrl, error) });
  if (!header)
    throw jsonRpcError(401, -32001, "Authentication required: authorize with OAuth (see WWW-Authenticate) or send an API key as a bearer token", challenge());
  const token = bearerToken(header);
  const principal = token ? await principalForBearer(token) : null;
  if (!principal) {
    throw jsonRpcError(
      401,
      -32001,
      "Invalid, expired or revoked credential",
      challenge({ code: "invalid_token", description: "Invalid, expired or revoked credential" }),
    );
  }
  // RFC 8707 / MCP authorization: a token is accepted only by the resource it was issued for. API keys are not
  // OAuth tokens and are accepted as the peer's MCP server accepts them.
  if (principal.via === "oauth" && principal.resource !== mcpResourceUrl(appUrl)) {
    const description = "This access token was not issued for this MCP server; authorize with resource=" + mcpResourceUrl(appUrl);
    throw jsonRpcError(401, -32001, description, challenge({ code: "invalid_token", description }));
  }
  return principal;
}

type Message = { method?: unknown; params?: { name?: unknown; protocolVersion?: unknown } };

async function readMessages(request: Request): Promise<unknown> {
  const text = await readCappedText(request).catch((error: unknown) => {
    throw error instanceof AppError ? jsonRpcError(error.status, -32600, error.message) : error;
  });
  if (jsonTextTooDeep(text)) throw jsonRpcError(400, -32700, "Parse error: the JSON is nested too deeply");
  try {
    return JSON.parse(text);
  } catch {
    throw jsonRpcError(400, -32700, "Parse error: the body is not JSON");
  }
}

/**
 * Revisions older than the two this server speaks: a request header naming one is a 400; an initialize asking
 * for one is answered with the newest revision (the client then continues or disconnects, as the spec says).
 */
function negotiateRevision(request: Request, messages: Message[]): void {
  const header = request.headers.get("mcp-protocol-version");
  if (header !== null && !MCP_PROTOCOL_VERSIONS.includes(header)) {
    throw jsonRpcError(400, -32600, `Unsupported MCP-Protocol-Version ${header}; this server speaks ${MCP_PROTOCOL_VERSIONS.join(" and ")}`);
  }
  for (const message of messages) {
    if (message.method === "initialize" && message.params && !MCP_PROTOCOL_VERSIONS.includes(String(message.params.protocolVersion))) {
      message.params.protocolVersion = LATEST_PROTOCOL_VERSION;
    }
  }
}

/** RFC 6750 §3.1: 403 insufficient_scope naming every scope the token needs (its own and the tool's), for a step-up. */
function requireToolScopes(principal: Principal, messages: Message[], appUrl: string): void {
  for (const message of messages) {
    if (message.method !== "tools/call") continue;
    const tool = toolNamed(String(message.params?.name));
    const refusal = tool ? scopeRefusal(principal, tool.route.access) : null;
    if (!tool || !refusal?.required) continue;
    const scope = [...new Set([...(principal.scopes ?? []), refusal.required])].join(" ");
    const description = `The tool ${tool.name} requires the ${refusal.required} scope`;
    throw jsonRpcError(403, -32003, description, { "WWW-Authenticate": bearerChallenge(appUrl, { code: "insufficient_scope", description, scope }) });
  }
}

export async function handleMcpPost(request: Request): Promise<Response> {
  const appUrl = env().APP_URL;
  const startedAt = performance.now();
  let response: Response;
  try {
    checkOrigin(request, appUrl);
    const principal = await authenticate(request, appUrl);
    const body = await readMessages(request);
    const messages = (Array.isArray(body) ? body : [body]).filter((item): item is Message => typeof item === "object" && item !== null);
    negotiateRevision(request, messages);
    requireToolScopes(principal, messages, appUrl);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await createMcpServer(principal, request).connect(transport);
    response = await transport.handleRequest(request, { parsedBody: body });
  } catch (error) {
    response = error instanceof Refusal ? error.response : failureResponse(error, request);
  }
  log.info("mcp request", { status: response.status, ms: Math.round(performance.now() - startedAt) });
  return response;
}

/**
 * What went wrong outside a tool (a tool's own failure is its result: call-tool.ts), as a JSON-RPC error, as /v2 and
 * the OAuth endpoints answer the same failures: a client that went away mid-body, the database down (503 with
 * Retry-After, or "outcome unknown"), else a 500 that names nothing internal.
 */
function failureResponse(error: unknown, request: Request): Response {
  if (isClientAbort(error)) {
    log.info("MCP request aborted by its client before it arrived in full", { url: request.url });
    return jsonRpcError(400, -32600, "The request did not arrive in full: the connection closed while its body was being sent").response;
  }
  const outage = databaseFailureAsAppError(error);
  if (outage) {
    log.warn(`MCP request: database failure; answered ${outage.code}`, { error });
    return jsonRpcError(outage.status, -32603, outage.message, outage.headers).response;
  }
  log.error("MCP request failed", { error });
  return jsonRpcError(500, -32603, "Internal error: the server could not answer this request").response;
}

/** Stateless: there is no stream to open (GET) and no session to end (DELETE). */
export const methodNotAllowed = () =>
  Response.json(
    { jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed: send JSON-RPC messages with POST" }, id: null },
    { status: 405, headers: { Allow: "POST" } },
  );
