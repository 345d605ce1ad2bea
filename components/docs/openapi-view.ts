/**
 * The OpenAPI document reshaped for reading: operations grouped by tag, each with its access line,
 * parameters and schemas. Reads only the document, so every route in the catalogue appears here.
 */
type JsonSchema = Record<string, unknown>;
type JsonContent = { content?: { "application/json"?: { schema?: JsonSchema } } };
type Parameter = { name: string; in: string; required: boolean; schema: JsonSchema; description?: string };
type Operation = {
  summary: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: JsonContent;
  responses?: Record<string, JsonContent & { description?: string }>;
};
type Document = { paths: Record<string, Record<string, unknown>> };

export type TParameterView = { name: string; in: string; required: boolean; type: string; description: string };
export type TOperationView = {
  anchor: string;
  method: string;
  path: string;
  summary: string;
  access: string;
  parameters: TParameterView[];
  requestBody: JsonSchema | null;
  successStatus: string | null;
  successSchema: JsonSchema | null;
};
export type TTagGroup = { tag: string; operations: TOperationView[] };

/** A JSON Schema as one short line: `string (date-time)`, `"a" | "b"`, `integer[]`. */
export function schemaType(schema: JsonSchema | undefined): string {
  if (!schema) return "any";
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union)) return union.map(schemaType).join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
  if (type === "array") return `${schemaType(schema.items as JsonSchema | undefined)}[]`;
  if (typeof type !== "string") return "any";
  return typeof schema.format === "string" ? `${type} (${schema.format})` : type;
}

function toParameterView(parameter: Parameter): TParameterView {
  const description = parameter.description ?? parameter.schema.description;
  return {
    name: parameter.name,
    in: parameter.in,
    required: parameter.required,
    type: schemaType(parameter.schema),
    description: typeof description === "string" ? description : "",
  };
}

function toOperationView(method: string, path: string, operation: Operation): TOperationView {
  const success = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith("2"));
  return {
    anchor: `${method}-${path}`
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/-+$/, "")
      .toLowerCase(),
    method: method.toUpperCase(),
    path,
    summary: operation.summary,
    access: operation.description ?? "",
    parameters: (operation.parameters ?? []).map(toParameterView),
    requestBody: operation.requestBody?.content?.["application/json"]?.schema ?? null,
    successStatus: success?.[0] ?? null,
    successSchema: success?.[1].content?.["application/json"]?.schema ?? null,
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
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([tag, operations]) => ({ tag, operations }));
}
