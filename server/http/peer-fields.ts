/**
 * The rule for request fields the peer API documents (issue 9 §3): a body field the peer documents for an operation
 * is either implemented or refused with a 400 whose detail says it is not supported (`code: "unsupported_field"`);
 * a query parameter it documents is honoured or ignored (issue 19); a field nobody documents stays a plain
 * unrecognized key (`code: "unrecognized_key"`). Fields are written as the
 * 400 details name them: `query.status`, `body.attendee.email`, `body.bookingFields[].label` (any array item).
 */
import type { z } from "zod";
import { PEER_REQUEST_FIELDS } from "./peer-request-fields";
import type { RouteDeclaration } from "./route-definition";
import { defOf, NO_QUERY, shapesOf, unknownKeyPolicy } from "./schema-shapes";

/** The machine-readable marker of a peer field Convene refuses, in `error.details[].code`; stable, documented in the OpenAPI. */
export const UNSUPPORTED_FIELD = "unsupported_field";
/** The marker of a field neither Convene nor the peer knows. */
export const UNRECOGNIZED_KEY = "unrecognized_key";

/** `GET /v2/bookings/{bookingUid}` → `GET /v2/bookings/{}`: path parameter names differ between the two documents. */
export const operationShape = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, "{}")}`;

const PEER_FIELDS_BY_SHAPE = new Map(
  Object.entries(PEER_REQUEST_FIELDS).map(([operation, fields]) => {
    const [method, path] = operation.split(" ") as [string, string];
    return [operationShape(method, path), new Set(fields)];
  }),
);
const NONE: ReadonlySet<string> = new Set();

/** The peer operation a route answers for: its own method and path unless the declaration names another. */
export const peerOperationOf = (route: Pick<RouteDeclaration, "method" | "path" | "peerOperation">) => route.peerOperation ?? `${route.method} ${route.path}`;

/** The request fields the peer documents for the route's operation (empty when the peer has no such operation). */
export function peerFieldsOf(route: Pick<RouteDeclaration, "method" | "path" | "peerOperation">): ReadonlySet<string> {
  const [method, path] = peerOperationOf(route).split(" ") as [string, string];
  return PEER_FIELDS_BY_SHAPE.get(operationShape(method, path)) ?? NONE;
}

/** `["body", "bookingFields", 2, "label"]` → `body.bookingFields[].label`: the form the peer field list uses. */
export function fieldName(path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (name, segment) => (typeof segment === "number" || /^\d+$/.test(segment) ? `${name}[]` : name ? `${name}.${segment}` : segment),
    "",
  );
}

// ---------------------------------------------------------------- what a route's zod schema does with a field

/**
 * - accepted: the schema has the field (or takes any key there: a record, a passthrough object, no schema limit).
 * - refused: a strict object lacks it, or the part's top-level object does (held strict by the parser; a route
 *   without a query schema takes no query key), so a request carrying it is a 400.
 * - ignored: a nested non-strict object lacks it, so it would be dropped without a word.
 * - absent: the route reads no body (it declares none), so a body field is never looked at.
 */
export type FieldVerdict = "accepted" | "refused" | "ignored" | "absent";

function keyVerdict(schema: z.ZodType, key: string, isTopLevel: boolean): { verdict: FieldVerdict; next: z.ZodType[] } {
  const def = defOf(schema);
  if (def.type !== "object") return { verdict: "accepted", next: [] };
  const shape = def.shape as Record<string, z.ZodType>;
  if (Object.hasOwn(shape, key)) return { verdict: "accepted", next: [shape[key]!] };
  const policy = unknownKeyPolicy(schema);
  // The request parser refuses unknown top-level keys of a dropping schema too (schema-shapes.ts undeclaredKeys).
  if (policy === "drop") return { verdict: isTopLevel ? "refused" : "ignored", next: [] };
  return { verdict: policy === "refuse" ? "refused" : "accepted", next: [] };
}

/** Elements when the field path steps into array items (`[]`); anything else takes no item path. */
function itemsOf(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  return def.type === "array" ? shapesOf(def.element as z.ZodType) : [];
}

/**
 * What the schema of the field's part (`query` or `body`) does with `field` (e.g. `body.attendee.email`). A field
 * under a refused or ignored parent gets its parent's verdict; a field under a value Convene types differently
 * (a string where the peer nests an object) is "accepted": the name is known, the value is checked as Convene's.
 */
export function fieldVerdict(route: Pick<RouteDeclaration, "query" | "body">, field: string): FieldVerdict {
  const [part, ...rest] = field.split(".");
  const schema = part === "query" ? (route.query ?? NO_QUERY) : part === "body" ? route.body : undefined;
  if (!schema) return "absent";
  let nodes = shapesOf(schema);
  for (const [index, segment] of rest.entries()) {
    const [, key, brackets] = /^([^[]*)((?:\[\])*)$/.exec(segment)!;
    const verdicts = nodes.map((node) => keyVerdict(node, key!, index === 0));
    if (!verdicts.some((entry) => entry.verdict === "accepted")) return verdicts.some((entry) => entry.verdict === "ignored") ? "ignored" : "refused";
    nodes = verdicts.flatMap((entry) => entry.next).flatMap(shapesOf);
    for (let depth = 0; depth < brackets!.length / 2; depth++) nodes = nodes.flatMap(itemsOf);
    if (!nodes.some((node) => defOf(node).type === "object")) return "accepted";
  }
  return "accepted";
}

/**
 * The query parameters the peer documents for the route's operation, in any of its versions, that the route does not
 * take: ignored, never a 400 (issue 19). A client written for the peer sends them as a matter of course (`limit` on
 * a list, a filter Convene has no use for); a parameter nobody documents is still refused as unrecognized.
 */
export function ignoredPeerQueryParams(route: RouteDeclaration): ReadonlySet<string> {
  const fields = [...peerFieldsOf(route)].filter((field) => field.startsWith("query.") && fieldVerdict(route, field) === "refused");
  return new Set(fields.map((field) => field.slice("query.".length)));
}

/** The query without the keys the route ignores, in either spelling of an array (`usernames`, `usernames[]`). */
export function withoutIgnored<T>(query: Record<string, T>, ignored: ReadonlySet<string>): Record<string, T> {
  const isIgnored = (key: string) => ignored.has(key) || (key.endsWith("[]") && ignored.has(key.slice(0, -2)));
  return ignored.size ? Object.fromEntries(Object.entries(query).filter(([key]) => !isIgnored(key))) : query;
}

/**
 * The peer body fields of the route's operation that Convene refuses (query parameters are ignored instead), outermost only (`body.routing`, not also
 * `body.routing.responseId`: a request carrying the latter is refused for the former). Sorted.
 */
export function refusedPeerFields(route: RouteDeclaration): string[] {
  const refused = [...peerFieldsOf(route)].filter((field) => !field.startsWith("query.") && fieldVerdict(route, field) === "refused").sort();
  return refused.filter((field) => !refused.some((outer) => field.startsWith(`${outer}.`) || field.startsWith(`${outer}[]`)));
}

/** Peer fields the route passes over without a word (a nested non-strict object, or a body it does not read): the rule's gaps. */
export function unheededPeerFields(route: RouteDeclaration): string[] {
  return [...peerFieldsOf(route)].filter((field) => ["ignored", "absent"].includes(fieldVerdict(route, field))).sort();
}
