/**
 * Reading a zod schema's object structure: which keys a request part may carry. Used to hold every /v2 route to
 * one rule for keys it does not know (request-input.ts) and to tell which peer fields a route refuses (peer-fields.ts).
 */
import { z } from "zod";

type Def = { type: string; [key: string]: unknown };
export const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** What a route without a query schema parses its query string with: no key at all. */
export const NO_QUERY = z.object({}).strict();

/** The schemas a value at this node may be parsed by, past wrappers, pipes and unions (objects among them, mostly). */
export function shapesOf(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return shapesOf(def.innerType as z.ZodType);
    case "pipe": {
      // A transform's input side is what the client sends; a preprocess (transform first) hands on to `out`.
      const input = def.in as z.ZodType;
      return shapesOf(defOf(input).type === "transform" ? (def.out as z.ZodType) : input);
    }
    case "lazy":
      return shapesOf((def.getter as () => z.ZodType)());
    case "union":
      return (def.options as z.ZodType[]).flatMap(shapesOf);
    case "intersection":
      return [...shapesOf(def.left as z.ZodType), ...shapesOf(def.right as z.ZodType)];
    default:
      return [schema];
  }
}

/** How an object schema treats keys outside its shape: refused (strict), dropped (zod's default) or kept (passthrough). */
export function unknownKeyPolicy(schema: z.ZodType): "refuse" | "drop" | "keep" {
  const catchall = defOf(schema).catchall as z.ZodType | undefined;
  if (!catchall) return "drop";
  return defOf(catchall).type === "never" ? "refuse" : "keep";
}

/**
 * Top-level keys of `value` that a non-strict object schema would drop without a word. A route's query and body
 * are held to the strict rule whatever their schema says, so a misspelt or unsupported field is never ignored.
 * Empty when some variant refuses or keeps unknown keys itself (zod then reports or keeps them).
 */
export function undeclaredKeys(schema: z.ZodType, value: unknown): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
  const shapes = shapesOf(schema);
  if (!shapes.length || !shapes.every((shape) => defOf(shape).type === "object" && unknownKeyPolicy(shape) === "drop")) return [];
  const known = new Set(shapes.flatMap((shape) => Object.keys(defOf(shape).shape as object)));
  return Object.keys(value).filter((key) => !known.has(key));
}

/**
 * The top-level keys of a query schema that take a list (some variant of the field is an array): the parameters a
 * client may also spell `name[]` (request-input.ts's queryObject), as axios and PHP-style clients send arrays.
 */
export function arrayKeysOf(schema: z.ZodType): ReadonlySet<string> {
  const keys = new Set<string>();
  for (const shape of shapesOf(schema)) {
    if (defOf(shape).type !== "object") continue;
    for (const [key, field] of Object.entries(defOf(shape).shape as Record<string, z.ZodType>)) {
      if (shapesOf(field).some((variant) => defOf(variant).type === "array")) keys.add(key);
    }
  }
  return keys;
}
