/**
 * One MCP server per request (stateless: any instance answers any request, nothing is kept between requests),
 * built on the SDK's low-level Server so each tool's input schema is its route's own, not a copy.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Principal } from "../auth/principal";
import { callTool } from "./call-tool";
import { MCP_TOOLS, toolNamed } from "./tools";

export const SERVER_INFO = { name: "convene", title: "Convene", version: "1.0.0" };

const INSTRUCTIONS =
  "Convene is the user's scheduling service. Start with get_me (the user's time zone), list_event_types (what can be booked), then find_available_slots before create_booking or reschedule_booking. Results are Convene's REST API v2 answers: {status, data, pagination?}.";

/** tools/list never changes within a deployment: built once. */
const LISTED_TOOLS: Tool[] = MCP_TOOLS.map((tool) => ({
  name: tool.name,
  title: tool.title,
  description: tool.scope ? `${tool.description} (OAuth scope: ${tool.scope})` : tool.description,
  inputSchema: tool.input.schema,
  annotations: { title: tool.title, ...tool.annotations },
  _meta: { "convene/scope": tool.scope, "convene/route": `${tool.route.method} ${tool.route.path}` },
}));

/**
 * One JSON Schema validator for every request's server: the SDK makes a new Ajv for each Server it is not given one,
 * which cost 170 µs of a tool call's CPU (30 times the rest of the server's making). It compiles schemas of messages
 * this server sends (elicitation), none of them per user, so sharing it shares nothing of a request.
 */
const JSON_SCHEMA_VALIDATOR = new AjvJsonSchemaValidator();

export function createMcpServer(principal: Principal, request: Request): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: JSON_SCHEMA_VALIDATOR,
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: LISTED_TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }) => {
    const tool = toolNamed(params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}. tools/list names the tools of this server.`);
    return callTool(tool, principal, params.arguments ?? {}, request);
  });
  return server;
}
