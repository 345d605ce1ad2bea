/**
 * An MCP tool is a transport, like a /v2 route: it names the route whose handler it calls (so the same use case,
 * scope, input schema and result shape), and adds only what a model needs: a name, and a description saying what it
 * does, when to use it and what to call first.
 */
import type { ApiRoute } from "../http/api-route";
import { requiredScope } from "../http/route-definition";
import type { Scope } from "../auth/scopes";
import { toolInputOf, type ToolInput } from "./tool-input";

/** The write that books takes an idempotency key: the same key again answers the first booking instead of a second one. */
export const IDEMPOTENCY_KEY_ARGUMENT = "idempotencyKey";

export type ToolDefinition = {
  name: string;
  title: string;
  description: string;
  route: ApiRoute;
  /** The route reads the Idempotency-Key header: the tool takes it as an argument. */
  takesIdempotencyKey?: boolean;
  input: ToolInput;
  /** The scope an OAuth token needs (the route's); null: none (the spec's public operations). */
  scope: Scope | null;
  /** Closed to OAuth tokens (an api-key-only route): the tool is offered to API keys only. */
  apiKeyOnly: boolean;
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: false };
};

const IDEMPOTENCY_KEY_SCHEMA = {
  type: "string",
  minLength: 1,
  maxLength: 255,
  description:
    "Any unique string you choose for this booking attempt (a UUID). Send the same key when you retry after a timeout or a lost answer: the first booking is returned instead of a second one being made.",
};

export function defineTool(spec: {
  name: string;
  title: string;
  description: string;
  route: ApiRoute;
  takesIdempotencyKey?: boolean;
  destructive?: boolean;
}): ToolDefinition {
  const { route } = spec;
  const extra: Record<string, object> = spec.takesIdempotencyKey ? { [IDEMPOTENCY_KEY_ARGUMENT]: IDEMPOTENCY_KEY_SCHEMA } : {};
  const isRead = route.method === "GET";
  return {
    ...spec,
    input: toolInputOf(route, extra),
    scope: requiredScope(route.access),
    apiKeyOnly: route.access === "api-key-only",
    annotations: {
      readOnlyHint: isRead,
      destructiveHint: spec.destructive ?? route.method === "DELETE",
      idempotentHint: isRead || route.method === "PUT" || route.method === "DELETE",
      openWorldHint: false,
    },
  };
}
