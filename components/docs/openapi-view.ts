/**
 * The OpenAPI document reshaped for reading: operations grouped by tag (a page each, /docs/api/<tag>), each with
 * its access line, scope and roles, parameters, the fields of its body and answer, and its examples. Reads only
 * the document, so every route in the catalogue appears here.
 */
import { exampleOf } from "@/server/http/openapi-examples";
import { PEER_VERSION_HEADER } from "@/server/http/versioning";

type JsonSchema = Record<string, unknown>;
type JsonContent = { content?: { "application/json"?: { schema?: JsonSchema; example?: unknown } } };
type Parameter = { name: string; in: string; required: boolean; schema: JsonSchema; description?: string };
type Operation = {
  summary: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: JsonContent;
  responses?: Record<string, JsonContent & { description?: string }>;
  security?: Record<string, unknown>[];
  "x-required-scope"?: string;
  "x-public-with-query"?: string[];
  "x-team-roles"?: string[];
  "x-team-permission"?: string;
  "x-org-roles"?: string[];
  "x-org-permission"?: string;
};
type Document = { paths: Record<string, Record<string, unknown>> };

export type TParameterView = { name: string; in: string; required: boolean; type: string; description: string; example: unknown };
export type TFieldView = { path: string; type: string; required: boolean; description: string };
export type TOperationView = {
  anchor: string;
  method: string;
  path: string;
  summary: string;
  access: string;
  isPublic: boolean;
  scope: string | null;
  roles: { of: "team" | "organization"; permission: string; roles: string[] } | null;
  parameters: TParameterView[];
  requestFields: TFieldView[];
  requestExample: unknown;
  successStatus: string | null;
  responseFields: TFieldView[];
  responseExample: unknown;
  errors: { status: string; description: string }[];
};
export type TTagGroup = { tag: string; slug: string; operations: TOperationView[] };

export const tagSlug = (tag: string) =>
  tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** A JSON Schema as one short line: `string (date-time)`, `"a" | "b"`, `integer[]`. */
export function schemaType(schema: JsonSchema | undefined): string {
  if (!schema) return "any";
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union)) return [...new Set(union.map(schemaType))].join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
  if (type === "array") return `${schemaType(schema.items as JsonSchema | undefined)}[]`;
  if (typeof type !== "string") return "any";
  return typeof schema.format === "string" ? `${type} (${schema.format})` : type;
}

/** Deeper fields are in the examples; past three levels the tables grew the largest pages by half. */
const MAX_FIELD_DEPTH = 3;

/** The object properties a schema (or each object variant of a union, or its array items) has, keyed by name. */
function propertiesOf(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: Set<string> } {
  const variants = [schema, ...(((schema.anyOf ?? schema.oneOf ?? []) as JsonSchema[]) || [])];
  const properties: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  for (const variant of variants) {
    const target = variant.type === "array" && variant.items ? (variant.items as JsonSchema) : variant;
    Object.assign(properties, target.properties ?? {});
    for (const name of (target.required as string[] | undefined) ?? []) required.add(name);
  }
  return { properties, required };
}

/** Every field of a body or an answer as a dotted path (`attendee.timeZone`, `hosts[].id`), to a bounded depth. */
export function fieldsOf(schema: JsonSchema | undefined, prefix = "", depth = 0): TFieldView[] {
  if (!schema || depth >= MAX_FIELD_DEPTH) return [];
  const { properties, required } = propertiesOf(schema);
  return Object.entries(properties).flatMap(([name, property]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const isArray = property.type === "array" || (Array.isArray(property.type) && property.type.includes("array"));
    const row: TFieldView = {
      path,
      type: schemaType(property),
      required: required.has(name),
      description: typeof property.description === "string" ? property.description : "",
    };
    return [row, ...fieldsOf(property, isArray ? `${path}[]` : path, depth + 1)];
  });
}

function toParameterView(parameter: Parameter): TParameterView {
  const own = parameter.description ?? parameter.schema.description;
  const description = parameter.in === "header" && typeof own === "string" ? `${own} (or its synonym ${PEER_VERSION_HEADER})` : own;
  return {
    name: parameter.name,
    in: parameter.in,
    required: parameter.required,
    type: schemaType(parameter.schema),
    description: typeof description === "string" ? description : "",
    // A version header with no versions listed (an operation with one shape) needs no example: any date is served.
    example: parameter.in === "header" && parameter.schema.default === undefined ? null : exampleOf(parameter.schema, "request", parameter.name),
  };
}

export const operationAnchor = (method: string, path: string) =>
  `${method}-${path}`
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/-+$/, "")
    .toLowerCase();

function toOperationView(method: string, path: string, operation: Operation): TOperationView {
  const responses = Object.entries(operation.responses ?? {});
  const success = responses.find(([status]) => status.startsWith("2"));
  const successSchema = success?.[1].content?.["application/json"]?.schema;
  const data = (successSchema?.properties as Record<string, JsonSchema> | undefined)?.data;
  const body = operation.requestBody?.content?.["application/json"];
  const teamRoles = operation["x-team-roles"];
  const orgRoles = operation["x-org-roles"];
  return {
    anchor: operationAnchor(method, path),
    method: method.toUpperCase(),
    path,
    summary: operation.summary,
    access: operation.description ?? "",
    // Public with a query parameter (`GET /v2/event-types?username=…`) is not public: without it, it needs a credential.
    isPublic: !operation["x-public-with-query"] && (operation.security ?? []).some((requirement) => Object.keys(requirement).length === 0),
    scope: operation["x-required-scope"] ?? null,
    roles: teamRoles
      ? { of: "team", permission: operation["x-team-permission"] ?? "", roles: teamRoles }
      : orgRoles
        ? { of: "organization", permission: operation["x-org-permission"] ?? "", roles: orgRoles }
        : null,
    // cal-api-version is svc-api-version's synonym with the same values: one row says both.
    parameters: (operation.parameters ?? []).filter((parameter) => parameter.name !== PEER_VERSION_HEADER).map(toParameterView),
    requestFields: fieldsOf(body?.schema),
    requestExample: body ? (body.example ?? null) : null,
    successStatus: success?.[0] ?? null,
    responseFields: fieldsOf(data),
    responseExample: success?.[1].content?.["application/json"]?.example ?? null,
    errors: responses.filter(([status]) => !status.startsWith("2")).map(([status, response]) => ({ status, description: response.description ?? "" })),
  };
}

export function groupOperations(document: Document): TTagGroup[] {
  const groups = new Map<string, TOperationView[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const view = toOperationView(method, path, operation as Operation);
      for (const tag of (operation as Operation).tags ?? ["Other"]) groups.set(tag, [...(groups.get(tag) ?? []), view]);
    }
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([tag, operations]) => ({ tag, slug: tagSlug(tag), operations }));
}
