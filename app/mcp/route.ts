import { handleMcpPost, methodNotAllowed } from "@/server/mcp/mcp-endpoint";

export const POST = (request: Request) => handleMcpPost(request);
export const GET = methodNotAllowed;
export const DELETE = methodNotAllowed;
