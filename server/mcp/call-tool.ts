/**
 * tools/call: the tool's route handler with the arguments parsed by the route's own schemas; its answer in the v2
 * shape ({status, data, pagination?}), or, when the use case refuses, the v2 error with what to do next. A tool
 * error is a result the model reads (isError), not a protocol error: it can correct itself and call again.
 */
import { randomUUID } from "node:crypto";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { actorOf } from "../auth/actor";
import type { Principal } from "../auth/principal";
import { databaseFailureAsAppError } from "../db/unavailable";
import { AppError } from "../errors";
import { Page } from "../http/pagination";
import { log } from "../log";
import { IDEMPOTENCY_KEY_ARGUMENT, type ToolDefinition } from "./tool-definition";
import { nextMoveAfter } from "./next-moves";

/** The header the booking route reads its idempotency key from (idempotencyKeyOf, server/bookings/create). */
const IDEMPOTENCY_KEY_HEADER = "idempotency-key";

/** The request the route's handler reads headers from: the MCP request's (caller address), plus the tool's idempotency key. */
function routeRequest(tool: ToolDefinition, mcpRequest: Request, args: Record<string, unknown>): Request {
  const headers = new Headers(mcpRequest.headers);
  headers.delete(IDEMPOTENCY_KEY_HEADER);
  const key = args[IDEMPOTENCY_KEY_ARGUMENT];
  if (tool.takesIdempotencyKey && typeof key === "string") headers.set(IDEMPOTENCY_KEY_HEADER, key);
  return new Request(new URL(tool.route.path, mcpRequest.url), { method: tool.route.method, headers });
}

const result = (payload: unknown, isError = false): CallToolResult => ({
  content: [{ type: "text", text: JSON.stringify(payload) }],
  structuredContent: payload as Record<string, unknown>,
  ...(isError ? { isError: true } : {}),
});

export async function callTool(tool: ToolDefinition, principal: Principal, args: Record<string, unknown>, mcpRequest: Request): Promise<CallToolResult> {
  const requestId = randomUUID();
  try {
    const { params, query, body } = tool.input.parse(args);
    const answer = await tool.route.run({
      actor: actorOf(principal),
      principal,
      params,
      query,
      body,
      version: tool.route.versions?.[0] ?? null,
      request: routeRequest(tool, mcpRequest, args),
      requestId,
    });
    return result(
      answer instanceof Page ? { status: "success", data: answer.items, pagination: answer.pagination } : { status: "success", data: answer ?? null },
    );
  } catch (thrown) {
    // The database down is said as /v2 says it (503, or the outcome unknown for a write), so the agent can try again.
    const outage = thrown instanceof AppError ? null : databaseFailureAsAppError(thrown);
    if (outage) log.warn(`MCP tool ${tool.name}: database failure; answered ${outage.code}`, { requestId, error: thrown });
    const error = outage ?? thrown;
    if (!(error instanceof AppError)) {
      log.error("MCP tool failed", { tool: tool.name, requestId, error });
      return result(
        { status: "error", error: { code: "INTERNAL_SERVER_ERROR", message: `Something went wrong. Quote request id ${requestId} when reporting it.` } },
        true,
      );
    }
    const next = await nextMoveAfter(tool, principal, args, error).catch(() => null);
    const details = error.details === undefined ? {} : { details: error.details };
    return result({ status: "error", error: { code: error.code, message: error.message, ...details, ...(next ? { next } : {}) } }, true);
  }
}
