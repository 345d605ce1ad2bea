/**
 * Writes server/http/peer-request-fields.ts from the peer's published OpenAPI document (870 KB, kept outside the
 * repository): for every peer operation, the request fields it documents, as the paths Convene's 400 details use.
 * The request parser reads the list to tell "part of the peer API, not supported by Convene" from "unknown".
 * Writes server/http/peer-api-versions.ts beside it: the `cal-api-version` values each operation documents.
 * Both take in peer-later-releases.json: what the peer serves in releases newer than that document, with sources.
 *
 *   npx tsx e2e/support/peer/extract-peer-request-fields.ts [../shared/reference/api-v2-openapi.json]
 *
 * - Query parameters: `query.<name>`. Path parameters are not fields a client can add or leave out, and headers
 *   (`cal-api-version`, `Authorization`, the platform's client headers) are not parsed as fields at all.
 * - Body properties: `body.<name>`, nested object properties `body.attendee.email`, properties of array items
 *   `body.bookingFields[].label`. `oneOf`/`anyOf`/`allOf` bodies give the union of their variants' properties.
 * - Every peer operation is listed, not only those Convene serves today, so a route added later is covered
 *   without running this again.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";

type Schema = {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { name: string; in: string; description?: string; example?: unknown; schema?: { enum?: unknown[]; default?: unknown } };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
type OpenApi = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

const source = process.argv[2] ?? new URL("../../../../shared/reference/api-v2-openapi.json", import.meta.url).pathname;
const peer = JSON.parse(readFileSync(source, "utf8")) as OpenApi;
const HTTP_METHODS = ["get", "post", "put", "patch", "delete"];
type LaterRelease = { versions?: string[]; query?: string[] };
const later = JSON.parse(readFileSync(new URL("./peer-later-releases.json", import.meta.url), "utf8")) as { operations: Record<string, LaterRelease> };

/** Field paths under `prefix`; a component already on the way down is not entered again (self-nesting schemas). */
function bodyFields(node: Schema, prefix: string, seen: ReadonlySet<string>, into: Set<string>): void {
  if (node.$ref) {
    if (seen.has(node.$ref)) return;
    const component = peer.components.schemas[node.$ref.replace("#/components/schemas/", "")];
    if (!component) throw new Error(`Unresolved ${node.$ref}`);
    return bodyFields(component, prefix, new Set([...seen, node.$ref]), into);
  }
  for (const variant of [...(node.oneOf ?? []), ...(node.anyOf ?? []), ...(node.allOf ?? [])]) bodyFields(variant, prefix, seen, into);
  if (node.items) bodyFields(node.items, `${prefix}[]`, seen, into);
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    const path = `${prefix}.${name}`;
    into.add(path);
    bodyFields(property, path, seen, into);
  }
}

function requestFields(operation: Operation, key: string): string[] {
  const fields = new Set<string>((later.operations[key]?.query ?? []).map((name) => `query.${name}`));
  for (const parameter of operation.parameters ?? []) if (parameter.in === "query") fields.add(`query.${parameter.name}`);
  const body = operation.requestBody?.content?.["application/json"]?.schema;
  if (body) bodyFields(body, "body", new Set(), fields);
  return [...fields].sort();
}

/**
 * The `cal-api-version` values the operation documents: its header parameter's enum, default and example, and
 * the dates its description names ("Must be set to 2024-08-13"), then the later releases' values.
 */
function apiVersions(operation: Operation, key: string): string[] {
  const header = (operation.parameters ?? []).find((parameter) => parameter.in === "header" && parameter.name.toLowerCase() === "cal-api-version");
  const named = header
    ? [...(header.schema?.enum ?? []), header.schema?.default, header.example, ...(header.description?.match(/\d{4}-\d{2}-\d{2}/g) ?? [])]
    : [];
  const versions = [...named, ...(later.operations[key]?.versions ?? [])].filter((value): value is string => typeof value === "string");
  return [...new Set(versions)].sort();
}

const operations: Record<string, string[]> = {};
const versions: Record<string, string[]> = {};
for (const [path, item] of Object.entries(peer.paths).sort(([a], [b]) => a.localeCompare(b))) {
  for (const method of HTTP_METHODS) {
    const operation = item[method];
    if (!operation) continue;
    const key = `${method.toUpperCase()} ${path}`;
    const fields = requestFields(operation, key);
    if (fields.length) operations[key] = fields;
    const documented = apiVersions(operation, key);
    if (documented.length) versions[key] = documented;
  }
}
// Operations of the later releases that the document does not have (GET /v2/bookings/{bookingUid}/conferencing-sessions).
for (const key of Object.keys(later.operations).filter((key) => !versions[key] && !operations[key])) {
  const fields = requestFields({}, key);
  if (fields.length) operations[key] = fields;
  versions[key] = apiVersions({}, key);
}

const target = new URL("../../../server/http/peer-request-fields.ts", import.meta.url).pathname;
const text = `/**
 * The request fields the peer API documents, per operation (${Object.keys(operations).length} operations that take any).
 * Generated by e2e/support/peer/extract-peer-request-fields.ts from the peer's OpenAPI document: do not edit by hand.
 */
export const PEER_REQUEST_FIELDS: Readonly<Record<string, readonly string[]>> = ${JSON.stringify(operations)};
`;
writeFileSync(target, await format(text, { ...(await resolveConfig(target)), filepath: target }));
const count = Object.values(operations).reduce((sum, fields) => sum + fields.length, 0);
console.log(`${Object.keys(operations).length} operations, ${count} fields → ${target}`);

const versionsTarget = new URL("../../../server/http/peer-api-versions.ts", import.meta.url).pathname;
const versionsText = `/**
 * The \`cal-api-version\` values the peer API documents, per operation (${Object.keys(versions).length} operations that name any), with those of
 * its later releases that keep the same shapes (e2e/support/peer/peer-later-releases.json).
 * Generated by e2e/support/peer/extract-peer-request-fields.ts from the peer's OpenAPI document: do not edit by hand.
 */
export const PEER_API_VERSIONS: Readonly<Record<string, readonly string[]>> = ${JSON.stringify(versions)};
`;
writeFileSync(versionsTarget, await format(versionsText, { ...(await resolveConfig(versionsTarget)), filepath: versionsTarget }));
console.log(`${Object.keys(versions).length} operations with versions → ${versionsTarget}`);
