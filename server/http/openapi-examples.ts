/**
 * An example for every request body and success answer of the OpenAPI document, made from the operation's own JSON
 * Schema (its `examples`, defaults, enums and formats, and the field's name for plausible values), so a route added
 * to the catalogue has examples unaided. openapi-examples.test.ts parses every one with the route's zod schemas and
 * e2e/api/api-reference.spec.ts validates them against the live document, so a wrong example fails the build.
 * Requests carry the required fields only (what a first call needs); answers carry every field.
 */
type JsonSchema = Record<string, unknown>;

const INSTANT = "2050-09-05T09:00:00Z";
const DATE = "2050-09-05";

/** Plausible values by field name, tried before generic ones; each must still match the schema's pattern. */
const BY_NAME: [RegExp, unknown][] = [
  [/(^end|End)/, "2050-09-05T09:30:00Z"],
  [/(^end|End)/, "2050-09-06"],
  [/email/i, "ada@example.com"],
  [/timezone/i, "Europe/London"],
  [/(url|uri|link|website)$/i, "https://app.example/convene"],
  [/^(uid|bookingUid|.*Uid)$/, "bk7Qx2LmN9pRt4VwZy1Ab3"],
  [/slug$/i, "intro-call"],
  [/^username$/i, "ada"],
  [/^(name|fullName|attendeeName)$/i, "Ada Lovelace"],
  [/title$/i, "Intro call"],
  [/(locale|language)$/i, "en"],
  [/phone/i, "+14155550123"],
  [/(start|end|At|Time|Until|Date)$/, INSTANT],
  [/(colou?r|hex)$/i, "#3b82f6"],
  [/role$/i, "MEMBER"],
  [/weekStart$/, "Monday"],
  [/location$/i, "https://meet.example/ada-grace"],
  [/trigger/i, "BOOKING_CREATED"],
  [/(description|notes|reason|bio|message)$/i, "Looking forward to it"],
  [/^secret$/, "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"],
];
const GENERIC_STRINGS = ["example", INSTANT, DATE, "09:00", "#3b82f6", "42", "+14155550123", "intro-call", "msg_2b5d8e1a7c44", "ada@example.com", "example"];

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function fitsString(value: string, schema: JsonSchema): boolean {
  if (typeof schema.minLength === "number" && value.length < schema.minLength) return false;
  if (typeof schema.maxLength === "number" && value.length > schema.maxLength) return false;
  if (typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test(value)) return false;
  return true;
}

function stringExample(schema: JsonSchema, name: string): string {
  const byFormat: Record<string, string> = {
    "date-time": INSTANT,
    date: DATE,
    email: "ada@example.com",
    uri: "https://app.example/convene",
    uuid: "3f1c2b0e-6a4d-4c7e-9f0a-2b5d8e1a7c44",
  };
  const named = BY_NAME.filter(([pattern, value]) => pattern.test(name) && typeof value === "string").map(([, value]) => value as string);
  const formatted = typeof schema.format === "string" && byFormat[schema.format] ? [byFormat[schema.format]!] : [];
  const candidates = [...named, ...formatted, ...GENERIC_STRINGS];
  return candidates.find((candidate) => fitsString(candidate, schema)) ?? "x".repeat(Math.max(1, Number(schema.minLength ?? 1)));
}

function numberExample(schema: JsonSchema, name: string): number {
  const isId = /(^id$|Id$)/.test(name);
  const wanted = isId ? 42 : /minutes|length|duration/i.test(name) ? 30 : 1;
  const min = typeof schema.minimum === "number" ? schema.minimum : typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + 1 : -Infinity;
  const max = typeof schema.maximum === "number" ? schema.maximum : typeof schema.exclusiveMaximum === "number" ? schema.exclusiveMaximum - 1 : Infinity;
  return Math.min(Math.max(wanted, min), max);
}

function objectExample(schema: JsonSchema, mode: "request" | "response"): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(asArray(schema.required) as string[]);
  const names = Object.keys(properties);
  const chosen = mode === "response" ? names : names.filter((name) => required.has(name));
  // A request whose fields are all optional (an update) shows its first one, so the example changes something.
  const shown = mode === "request" && chosen.length === 0 && names.length > 0 ? names.slice(0, 1) : chosen;
  return Object.fromEntries(shown.map((name) => [name, exampleOf(properties[name]!, mode, name)]));
}

/** A value that the schema accepts. */
export function exampleOf(schema: JsonSchema | undefined, mode: "request" | "response", name = ""): unknown {
  if (!schema) return null;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ("const" in schema) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const variants = asArray(schema.anyOf ?? schema.oneOf) as JsonSchema[];
  if (variants.length > 0) {
    const preferred = variants.find((variant) => variant.type !== "null") ?? variants[0];
    return exampleOf(preferred, mode, name);
  }
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...(schema.allOf as JsonSchema[]).map((part) => exampleOf(part, mode, name)));
  const type = Array.isArray(schema.type) ? (schema.type.find((candidate) => candidate !== "null") ?? "null") : schema.type;
  switch (type) {
    case "string":
      return stringExample(schema, name);
    case "integer":
    case "number":
      return numberExample(schema, name);
    case "boolean":
      return mode === "request" ? true : false;
    case "null":
      return null;
    case "array": {
      const count = Math.max(1, Number(schema.minItems ?? 1));
      const item = exampleOf(schema.items as JsonSchema | undefined, mode, name.replace(/s$/, ""));
      return Array.from({ length: count }, () => item);
    }
    case "object":
      return objectExample(schema, mode);
    default:
      return schema.properties ? objectExample(schema, mode) : null;
  }
}
