import { env } from "@/server/env";
import { protectedResourceMetadata } from "@/server/mcp/resource";

/** RFC 9728 protected resource metadata of the MCP server (/mcp). */
export function GET() {
  return Response.json(protectedResourceMetadata(env().APP_URL), { headers: { "Access-Control-Allow-Origin": "*" } });
}
