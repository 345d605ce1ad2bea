/**
 * Validators for the peer API's 2xx response bodies, from its OpenAPI 3.0 schemas as published (the extract
 * beside this file). Extra properties are allowed, as in the peer's own schemas: Convene may say more.
 */
import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { operationShape } from "./operations";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Operation = { responses: Record<string, { content?: Record<string, { schema?: Json }> }> };
type PeerDocument = { "x-all-operations": string[]; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Json> } };

export const PEER: PeerDocument = JSON.parse(readFileSync(new URL("./peer-openapi.json", import.meta.url), "utf8"));

/**
 * The published document is generated from the peer's code (NestJS Swagger), and some of what the generator wrote
 * no answer could meet, the peer's own included. Each reading below is a rule, never a per-field exception:
 * - `nullable: true` (OpenAPI 3.0) is "this, or null" in JSON Schema.
 * - A bare `{type: "object"}` is what the generator writes for a union-typed property (`boolean | object`,
 *   `number | object`): any value but null (nullable still adds null).
 * - A keyword the node's own `example` breaks is a generator artifact and is left out: `status` typed object
 *   with example "success", `isDefault` object with example true, an `enum` of strings on an array whose example
 *   is an array, `pattern: "TIME_FORMAT_HH_MM"` (a constant's name written where its regex belongs).
 * - `oneOf` is read as `anyOf`: with extra properties allowed, the peer's alternatives overlap (its code tells
 *   them apart by `type`, which the schemas give only as a default).
 * - A default booking field's `type` and `slug` defaults are its only values ("only allowed value for type is
 *   `name`"): read as constants, so each field is held to its own alternative's required properties.
 * - A property that nests the very component it belongs to (ReassignBookingOutput_2024_08_13's `data`) has no
 *   finite instance; it is held to being an object.
 * - A response schema that declares no `status` while its own examples are whole envelopes (`{status, data}`:
 *   GET /v2/slots) describes the envelope's `data`: the body is held to `{status, data: <that schema>}`.
 * - A list operation (it takes `take` and `skip`) whose envelope declares `data` as one object has the item type
 *   written where the list belongs (GET /v2/teams/{teamId}/memberships): each element of `data` is held to it.
 * - The converse: an operation on one resource (it takes no `take`/`skip`) whose envelope declares `data` as an array
 *   has the list type written where the item belongs (the workflow operations' GetWorkflowOutput, whose `data` the
 *   peer's code fills with one WorkflowOutput): a `data` object is held to the array's item type.
 */
const ARTIFACT_KEYWORDS = ["type", "enum", "pattern"] as const;

function isBareObject(node: Record<string, Json>): boolean {
  return node.type === "object" && !["properties", "additionalProperties", "items", "allOf", "oneOf", "anyOf", "$ref"].some((key) => key in node);
}

function breaksExample(node: Record<string, Json>, keyword: (typeof ARTIFACT_KEYWORDS)[number]): boolean {
  if (!("example" in node) || !(keyword in node)) return false;
  const check = new Ajv({ strict: false, logger: false }).compile({ [keyword]: node[keyword] });
  return !check(node.example);
}

function fixDefaultFieldIdentity(properties: { [key: string]: Json }): { [key: string]: Json } {
  const fixed = { ...properties };
  for (const key of ["type", "slug"]) {
    const property = fixed[key];
    if (property && typeof property === "object" && !Array.isArray(property) && typeof property.default === "string" && !("enum" in property))
      fixed[key] = { ...property, const: property.default };
  }
  return fixed;
}

function toJsonSchema(node: Json, component?: string): Json {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item, component));
  if (node === null || typeof node !== "object") return node;
  const { nullable, ...rest } = node;
  const selfNesting = component !== undefined && JSON.stringify(rest).includes(`"#/components/schemas/${component}"`) && !("properties" in rest);
  if (selfNesting) return nullable === true ? { type: ["object", "null"] } : { type: "object" };
  for (const keyword of ARTIFACT_KEYWORDS) if (breaksExample(rest, keyword)) delete rest[keyword];
  if (isBareObject(rest)) delete rest.type;
  if (rest.properties && typeof rest.properties === "object" && !Array.isArray(rest.properties) && "isDefault" in rest.properties)
    rest.properties = fixDefaultFieldIdentity(rest.properties);
  const converted: Record<string, Json> = {};
  for (const [key, value] of Object.entries(rest)) {
    const name = key === "oneOf" ? "anyOf" : key;
    if (key === "$ref" && typeof value === "string") converted[name] = value.replace("#/components/schemas/", "peer#/components/schemas/");
    else if (key === "properties" && value && typeof value === "object" && !Array.isArray(value))
      converted[name] = Object.fromEntries(Object.entries(value).map(([property, schema]) => [property, toJsonSchema(schema, component)]));
    else converted[name] = toJsonSchema(value, component);
  }
  if (nullable === true) return { anyOf: [converted, { type: "null" }] };
  if (isBareObject(node)) converted.not = { type: "null" };
  return converted;
}

const componentSchemas = Object.fromEntries(Object.entries(PEER.components.schemas).map(([name, schema]) => [name, toJsonSchema(schema, name)]));

const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
addFormats(ajv);
ajv.addSchema({ $id: "peer", components: { schemas: componentSchemas } } as object);

const compiled = new Map<string, ValidateFunction>();

function peerOperation(method: string, path: string): { peerPath: string; operation: Operation } {
  const shape = operationShape(method, path);
  const peerPath = Object.keys(PEER.paths).find((candidate) => operationShape(method, candidate) === shape && PEER.paths[candidate]![method.toLowerCase()]);
  if (!peerPath) throw new Error(`${method} ${path} is not in the peer extract: run npx tsx e2e/support/peer/extract-peer-openapi.ts`);
  return { peerPath, operation: PEER.paths[peerPath]![method.toLowerCase()]! };
}

const isEnvelopeExample = (example: Json | undefined) =>
  example !== null && typeof example === "object" && !Array.isArray(example) && "status" in example && "data" in example;

/** See the rule on `{status, data}` examples above: `converted` wrapped as the envelope's data when the peer's schema describes only that. */
function envelopeOf(converted: Json, original: Json): Json {
  if (original === null || typeof original !== "object" || Array.isArray(original)) return converted;
  const alternatives = (Array.isArray(original.oneOf) ? original.oneOf : [original]) as Json[];
  const describesData = alternatives.every(
    (alternative) =>
      alternative !== null &&
      typeof alternative === "object" &&
      !Array.isArray(alternative) &&
      !(alternative.properties && typeof alternative.properties === "object" && "status" in alternative.properties) &&
      isEnvelopeExample(alternative.example),
  );
  return describesData ? { type: "object", required: ["status", "data"], properties: { status: { type: "string" }, data: converted } } : converted;
}

type Parameter = { name?: string; in?: string };

/** See the rule on list operations above. */
function isListDeclaredAsItem(operation: Operation, schema: Json): boolean {
  const parameters = ((operation as { parameters?: Parameter[] }).parameters ?? []).filter((parameter) => parameter.in === "query").map(({ name }) => name);
  if (!parameters.includes("take") || !parameters.includes("skip")) return false;
  const ref = schema !== null && typeof schema === "object" && !Array.isArray(schema) && typeof schema.$ref === "string" ? schema.$ref : null;
  const component = ref ? PEER.components.schemas[ref.replace("#/components/schemas/", "")] : schema;
  const data =
    component !== null && typeof component === "object" && !Array.isArray(component)
      ? (component.properties as Record<string, Json> | undefined)?.data
      : undefined;
  return data !== undefined && data !== null && typeof data === "object" && !Array.isArray(data) && data.type !== "array" && "$ref" in data;
}

function isItemDeclaredAsList(operation: Operation, schema: Json): boolean {
  const parameters = ((operation as { parameters?: Parameter[] }).parameters ?? []).filter((parameter) => parameter.in === "query").map(({ name }) => name);
  if (parameters.includes("take") || parameters.includes("skip")) return false;
  const ref = schema !== null && typeof schema === "object" && !Array.isArray(schema) && typeof schema.$ref === "string" ? schema.$ref : null;
  const component = ref ? PEER.components.schemas[ref.replace("#/components/schemas/", "")] : schema;
  const data =
    component !== null && typeof component === "object" && !Array.isArray(component)
      ? (component.properties as Record<string, Json> | undefined)?.data
      : undefined;
  return data !== undefined && data !== null && typeof data === "object" && !Array.isArray(data) && data.type === "array";
}

/**
 * What is wrong with a 2xx answer of the operation Convene serves at (method, path), by the peer's document: a
 * status it does not list, or a body its schema for that status refuses. Empty when it conforms. An answer the
 * peer documents without a body schema is held to its status only.
 */
export function peerViolations(method: string, path: string, status: number, body: unknown): string[] {
  const { peerPath, operation } = peerOperation(method, path);
  const successes = Object.keys(operation.responses).filter((code) => /^2\d\d$/.test(code));
  if (!successes.includes(String(status))) return [`status ${status}, the peer answers ${successes.join(" or ")}`];
  const schema = operation.responses[String(status)]!.content?.["application/json"]?.schema;
  if (schema === undefined) return [];
  const key = `${method} ${peerPath} ${status}`;
  if (!compiled.has(key)) compiled.set(key, ajv.compile(envelopeOf(toJsonSchema(schema), schema) as object));
  const validate = compiled.get(key)!;
  const check = (instance: unknown) =>
    validate(instance) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message} (${error.schemaPath})`);
  const data = (body as { data?: unknown } | null)?.data;
  if (isListDeclaredAsItem(operation, schema) && Array.isArray(data)) return data.flatMap((item) => check({ ...(body as object), data: item }));
  if (isItemDeclaredAsList(operation, schema) && data !== null && typeof data === "object" && !Array.isArray(data))
    return check({ ...(body as object), data: [data] });
  return check(body);
}

/**
 * What is wrong with `instance` as the peer's component `name`. The operation check above reads `oneOf` as `anyOf`, so
 * a seated answer would also pass as an ordinary booking: this holds it to the one alternative it claims to be
 * (CreateRecurringSeatedBookingOutput_2024_08_13, GetSeatedBookingOutput_2024_08_13…).
 */
export function peerComponentViolations(name: string, instance: unknown): string[] {
  const validate = ajv.getSchema(`peer#/components/schemas/${name}`);
  if (!validate) throw new Error(`${name} is not a component of the peer extract`);
  return validate(instance) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message} (${error.schemaPath})`);
}
