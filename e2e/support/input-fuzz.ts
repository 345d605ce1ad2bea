/**
 * Bad inputs for every /v2 operation, generated from the OpenAPI document the route declarations build, so a new
 * route (or a new field) is walked without touching the walk: NUL characters in every path, query and body string,
 * malformed percent-escapes, dot segments, non-canonical and out-of-range integers, wrong JSON types and
 * out-of-range numbers for every body field, bodies nested 50,000 and 20,000 deep, an oversized body and a non-JSON
 * Content-Type.
 */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  default?: unknown;
  minimum?: number;
};
type Parameter = { name: string; in: "path" | "query" | "header"; required: boolean; schema: JsonSchema };
export type Operation = { method: string; path: string; parameters: Parameter[]; body: JsonSchema | null };

/** What the request should be refused with; 429 is also accepted for the specific codes (public creation is rate-limited). */
export type Expectation = { status: number; code: string; detailPath?: string } | "any-error";

export type FuzzCase = {
  name: string;
  method: string;
  /** Sent as is (not normalised by the client): raw percent-escapes and dot segments stay. */
  rawPath: string;
  body?: string;
  contentType?: string | null;
  expect: Expectation;
};

export const NUL = "\u0000";
const OUT_OF_RANGE_NUMBERS = [2_147_483_648, -2_147_483_649, 1e300];
const NON_CANONICAL = (id: number) => [`0${id}`, `+${id}`, `${id}.0`, `${id}e0`, `0x${id.toString(16)}`, ` ${id}`, `${id}_0`];
const OUT_OF_RANGE_IDS = ["2147483648", "99999999999999999999", "-1"];
/** JSON nested far past any bound: it once overflowed the stack of a recursive walk over the input (a 500). */
export const DEEP_BODIES = {
  "50,000-deep arrays": `${"[".repeat(50_000)}${"]".repeat(50_000)}`,
  "20,000-deep objects": `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`,
};

export function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const body = (operation.requestBody as { content: Record<string, { schema: JsonSchema }> } | undefined)?.content["application/json"]?.schema;
      return { method: method.toUpperCase(), path, parameters: (operation.parameters as Parameter[] | undefined) ?? [], body: body ?? null };
    }),
  );
}

const typesOf = (schema: JsonSchema): Set<string> => {
  const own = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((inner) => [...typesOf(inner)]);
  const fromEnum = (schema.enum ?? (schema.const !== undefined ? [schema.const] : [])).map((value) => (value === null ? "null" : typeof value));
  const types = new Set([...own, ...nested, ...fromEnum]);
  if (types.has("integer")) types.add("number");
  return types;
};

const objectSchemaOf = (schema: JsonSchema): JsonSchema | null =>
  schema.properties ? schema : ([...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].map(objectSchemaOf).find(Boolean) ?? null);

/** A plausible value: hints by field name first (so the rest of a request is valid and a mutation is what fails). */
export function sampleValue(name: string, schema: JsonSchema, hints: Record<string, unknown>): unknown {
  if (name in hints) return hints[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const object = objectSchemaOf(schema);
  if (object) {
    return Object.fromEntries((object.required ?? []).map((key) => [key, sampleValue(key, object.properties![key] ?? {}, hints)]));
  }
  const types = typesOf(schema);
  if (types.has("string")) return schema.format === "email" ? "fuzz@example.test" : schema.format === "date-time" ? hints.start : "fuzz";
  if (types.has("number")) return Math.max(schema.minimum ?? 1, 1);
  if (types.has("boolean")) return false;
  if (types.has("array")) return [];
  return null;
}

type Leaf = { path: string[]; schema: JsonSchema };

/** Every field of a body schema, nested objects and the first item of arrays included. */
function fieldsOf(schema: JsonSchema, prefix: string[] = [], depth = 0): Leaf[] {
  if (depth > 4) return [];
  const object = objectSchemaOf(schema);
  const own = prefix.length ? [{ path: prefix, schema }] : [];
  if (object) return [...own, ...Object.entries(object.properties!).flatMap(([key, inner]) => fieldsOf(inner, [...prefix, key], depth + 1))];
  const items = schema.items ?? [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((inner) => inner.items)?.items;
  if (items) return [...own, ...fieldsOf(items, [...prefix, "0"], depth + 1)];
  return own;
}

function withValueAt(base: unknown, path: string[], value: unknown): unknown {
  const root: Record<string, unknown> = structuredClone((base ?? {}) as Record<string, unknown>);
  let cursor: Record<string, unknown> = root;
  path.slice(0, -1).forEach((key, index) => {
    const nextIsIndex = /^\d+$/.test(path[index + 1]!);
    if (typeof cursor[key] !== "object" || cursor[key] === null) cursor[key] = nextIsIndex ? [] : {};
    cursor = cursor[key] as Record<string, unknown>;
  });
  cursor[path.at(-1)!] = value;
  return root;
}

const WRONG_TYPED: { type: string; value: unknown }[] = [
  { type: "string", value: "fuzz" },
  { type: "number", value: 12.5 },
  { type: "boolean", value: true },
  { type: "null", value: null },
  { type: "array", value: ["fuzz"] },
  { type: "object", value: { fuzz: 1 } },
];

const encodeSegment = (value: string) => encodeURIComponent(value);

export function casesFor(operation: Operation, hints: Record<string, unknown>, pathValues: Record<string, string>): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const pathParams = operation.parameters.filter((parameter) => parameter.in === "path");
  const queryParams = operation.parameters.filter((parameter) => parameter.in === "query");
  // A known value of the user's own, unless the parameter is an enum that does not list it (calendar: apple only).
  const valueOf = ({ name, schema }: Parameter) =>
    schema.enum && !schema.enum.includes(pathValues[name]) ? String(schema.enum[0]) : (pathValues[name] ?? String(sampleValue(name, schema, hints) ?? "x"));
  const pathWith = (overrides: Record<string, string> = {}) =>
    operation.path.replace(
      /\{(\w+)\}/g,
      (_, name: string) => overrides[name] ?? encodeSegment(valueOf(pathParams.find((parameter) => parameter.name === name)!)),
    );
  const baseQuery: Record<string, string> = Object.fromEntries(
    queryParams.filter((parameter) => parameter.required).map((parameter) => [parameter.name, String(sampleValue(parameter.name, parameter.schema, hints))]),
  );
  const search = (query: Record<string, string>) => (Object.keys(query).length ? `?${new URLSearchParams(query)}` : "");
  const baseBody = operation.body ? sampleValue("", operation.body, hints) : undefined;
  const json = (value: unknown) => JSON.stringify(value);
  const push = (name: string, rawPath: string, expect: Expectation, body?: unknown, contentType?: string | null) =>
    cases.push({
      name: `${operation.method} ${operation.path}: ${name}`,
      method: operation.method,
      rawPath,
      body: body === undefined ? (operation.body ? json(baseBody) : undefined) : typeof body === "string" ? body : json(body),
      contentType: contentType === undefined ? "application/json" : contentType,
      expect,
    });
  const base = `${pathWith()}${search(baseQuery)}`;

  for (const parameter of pathParams) {
    const value = valueOf(parameter);
    push(`NUL in path ${parameter.name}`, `${pathWith({ [parameter.name]: encodeSegment(`${value}${NUL}`) })}${search(baseQuery)}`, {
      status: 400,
      code: "BAD_REQUEST",
      detailPath: `params.${parameter.name}`,
    });
    push(`bad percent-escape in path ${parameter.name}`, `${pathWith({ [parameter.name]: `${encodeSegment(value)}%ZZ` })}${search(baseQuery)}`, {
      status: 400,
      code: "BAD_REQUEST",
    });
    if (typesOf(parameter.schema).has("number")) {
      for (const variant of [...NON_CANONICAL(Number(value)), ...OUT_OF_RANGE_IDS]) {
        push(`path ${parameter.name}=${JSON.stringify(variant)}`, `${pathWith({ [parameter.name]: encodeSegment(variant) })}${search(baseQuery)}`, {
          status: 400,
          code: "BAD_REQUEST",
          detailPath: `params.${parameter.name}`,
        });
      }
    }
  }
  push("bad percent-escape %ZZ as a last segment", `${pathWith()}/%ZZ`, { status: 400, code: "BAD_REQUEST" });
  push("bad UTF-8 escape %C0 as a last segment", `${pathWith()}/%C0`, { status: 400, code: "BAD_REQUEST" });
  // Convene's HTTP server answers these from the raw request target, before Next.js would resolve or redirect them.
  for (const dots of ["/..", "/.", "/%2e%2e", "/../", "/../me", "//"])
    push(`dot or empty segment ${dots}`, `${pathWith()}${dots}`, { status: 400, code: "BAD_REQUEST" });
  push("empty segment inside the path", pathWith().replace("/v2/", "/v2//"), { status: 400, code: "BAD_REQUEST" });

  for (const parameter of queryParams) {
    const valid = baseQuery[parameter.name] ?? String(sampleValue(parameter.name, parameter.schema, hints));
    push(`NUL in query ${parameter.name}`, `${pathWith()}${search({ ...baseQuery, [parameter.name]: `${valid}${NUL}` })}`, {
      status: 400,
      code: "BAD_REQUEST",
      detailPath: `query.${parameter.name}`,
    });
    if (typesOf(parameter.schema).has("number")) {
      const id = Number(valid) > 0 ? Number(valid) : 9;
      for (const variant of [...NON_CANONICAL(id), ...OUT_OF_RANGE_IDS]) {
        push(`query ${parameter.name}=${JSON.stringify(variant)}`, `${pathWith()}${search({ ...baseQuery, [parameter.name]: variant })}`, {
          status: 400,
          code: "BAD_REQUEST",
          detailPath: `query.${parameter.name}`,
        });
      }
    }
  }

  if (operation.body) {
    push("body over 1 MB", base, { status: 413, code: "PAYLOAD_TOO_LARGE" }, json({ ...(baseBody as object), fuzz: "x".repeat(1024 * 1024 + 1) }));
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=fuzz", "application/xml"]) {
      push(`Content-Type ${contentType}`, base, { status: 415, code: "UNSUPPORTED_MEDIA_TYPE" }, undefined, contentType);
    }
    for (const wrong of ["[]", '"fuzz"', "null", "12", "{", `{"a":"b"}}`]) push(`body ${wrong}`, base, "any-error", wrong);
    // What an outside fuzzer sent (issue 19): nesting past the bound is a 400 on body, read before the body is parsed.
    for (const [name, text] of Object.entries(DEEP_BODIES)) push(`body of ${name}`, base, { status: 400, code: "BAD_REQUEST", detailPath: "body" }, text);
    const [first] = fieldsOf(operation.body);
    if (first) {
      const inField = JSON.stringify(withValueAt(baseBody, first.path, "DEEP")).replace('"DEEP"', DEEP_BODIES["50,000-deep arrays"]);
      push(`body ${first.path.join(".")} nested 50,000 deep`, base, { status: 400, code: "BAD_REQUEST", detailPath: "body" }, inField);
    }
    for (const { path, schema } of fieldsOf(operation.body)) {
      const field = path.join(".");
      const types = typesOf(schema);
      push(`NUL in body ${field}`, base, { status: 400, code: "BAD_REQUEST", detailPath: `body.${field}` }, withValueAt(baseBody, path, `fuzz${NUL}`));
      if (types.size > 0) {
        for (const { type, value } of WRONG_TYPED.filter(({ type }) => !types.has(type) && !(type === "number" && types.has("integer")))) {
          push(`body ${field} as ${type}`, base, "any-error", withValueAt(baseBody, path, value));
        }
      }
      if (types.has("number")) {
        for (const number of OUT_OF_RANGE_NUMBERS) push(`body ${field}=${number}`, base, "any-error", withValueAt(baseBody, path, number));
      }
    }
  }
  return cases;
}
