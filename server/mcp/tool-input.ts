/**
 * A tool's input is its route's input: the path parameters, query and body schemas of the /v2 route, shown to the
 * model as one JSON object and parsed back into the three parts by the route's own schemas (parsePart), so a tool
 * accepts exactly what the route accepts and refuses it with the same messages.
 */
import { z } from "zod";
import { parsePart, parseParts } from "../http/request-input";
import type { RouteDeclaration } from "../http/route-definition";

type JsonSchema = { type?: string; properties?: Record<string, object>; required?: string[]; [key: string]: unknown };
type Part = "params" | "query" | "body";
const PARTS: readonly Part[] = ["params", "query", "body"];

const jsonSchemaOf = (schema: z.ZodType): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return rest;
};

/** Query values travel as strings on /v2; a model sends numbers and booleans, so they are written the way a URL would carry them. */
function asQueryValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (typeof item === "object" && item !== null ? item : String(item)));
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return value;
}

export type ToolInput = {
  /** The JSON Schema shown in tools/list. */
  schema: JsonSchema & { type: "object" };
  /** Arguments → the route's parsed params, query and body (a 400 AppError, as /v2 answers, when they do not fit). */
  parse: (args: Record<string, unknown>) => { params: unknown; query: unknown; body: unknown };
};

/**
 * Object-shaped parts are flattened into one object (a model fills `eventTypeId`, not `query.eventTypeId`); a part
 * whose schema is not a plain object (a union) is offered under its part's name. Two parts naming the same field
 * would make the split ambiguous, so that is refused when the tool is defined.
 */
export function toolInputOf(route: RouteDeclaration, extra: Record<string, object> = {}): ToolInput {
  const owner = new Map<string, Part>();
  const nested = new Set<Part>();
  const properties: Record<string, object> = {};
  const required: string[] = [];
  for (const part of PARTS) {
    const schema = route[part];
    if (!schema) continue;
    const json = jsonSchemaOf(schema);
    if (json.type !== "object" || !json.properties || json.anyOf || json.oneOf) {
      nested.add(part);
      properties[part] = json;
      required.push(part);
      continue;
    }
    for (const [name, property] of Object.entries(json.properties)) {
      if (owner.has(name) || name in extra) throw new Error(`${route.method} ${route.path}: "${name}" is in two parts of the input`);
      owner.set(name, part);
      properties[name] = property;
    }
    required.push(...(json.required ?? []));
  }
  Object.assign(properties, extra);
  const schema = { type: "object" as const, properties, ...(required.length ? { required } : {}) };
  const parse = (args: Record<string, unknown>) => {
    const values: Record<Part, Record<string, unknown>> = { params: {}, query: {}, body: {} };
    for (const [name, value] of Object.entries(args)) {
      if (name in extra) continue;
      const part = owner.get(name) ?? (nested.has(name as Part) ? null : "body");
      if (part === null) continue;
      // An unknown name goes to the body, whose schema then refuses it by name (or to the query when there is no body).
      const target = part === "body" && !route.body ? "query" : part;
      values[target][name] = target === "query" ? asQueryValue(value) : value;
    }
    const raw = (part: Part) => (nested.has(part) ? args[part] : values[part]);
    return parseParts({
      params: () => parsePart(route.params, raw("params"), "params"),
      query: () => (route.query ? parsePart(route.query, raw("query"), "query") : undefined),
      body: () => (route.body ? parsePart(route.body, raw("body") ?? {}, "body") : undefined),
    });
  };
  return { schema, parse };
}
