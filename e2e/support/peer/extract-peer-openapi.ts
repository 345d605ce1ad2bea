/**
 * Writes e2e/support/peer/peer-openapi.json from the peer's published OpenAPI document (870 KB, kept outside the
 * repository): the list of all its operations, and, verbatim, the operations Convene shares with it and every
 * component schema they reach. CI runs on a clean clone, so the contract test reads this extract.
 *
 *   npx tsx e2e/support/peer/extract-peer-openapi.ts [../shared/reference/api-v2-openapi.json]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";
import { ROUTE_CATALOG } from "../../../server/http/route-catalog";
import { sharedOperations } from "./operations";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type OpenApi = { openapi: string; info: Json; paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };

const source = process.argv[2] ?? new URL("../../../../shared/reference/api-v2-openapi.json", import.meta.url).pathname;
const peer = JSON.parse(readFileSync(source, "utf8")) as OpenApi;
const HTTP_METHODS = new Set(["get", "put", "post", "delete", "patch"]);

const allOperations = Object.entries(peer.paths).flatMap(([path, item]) =>
  Object.keys(item)
    .filter((method) => HTTP_METHODS.has(method))
    .map((method) => `${method.toUpperCase()} ${path}`),
);

const paths: OpenApi["paths"] = {};
for (const { route, peerPath } of sharedOperations(ROUTE_CATALOG, allOperations)) {
  const method = route.method.toLowerCase();
  (paths[peerPath] ??= {})[method] = peer.paths[peerPath]![method]!;
}

const schemas: Record<string, Json> = {};
const visit = (node: Json): void => {
  if (Array.isArray(node)) return node.forEach(visit);
  if (node === null || typeof node !== "object") return;
  const ref = node.$ref;
  if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) {
    const name = ref.slice("#/components/schemas/".length);
    if (!(name in schemas)) {
      schemas[name] = peer.components.schemas[name]!;
      visit(schemas[name]!);
    }
  }
  Object.values(node).forEach(visit);
};
visit(paths as Json);

const extract = {
  "x-source": "Extract of the peer's published api-v2-openapi.json (e2e/support/peer/extract-peer-openapi.ts); do not edit by hand",
  openapi: peer.openapi,
  info: peer.info,
  "x-all-operations": allOperations.sort(),
  paths,
  components: { schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) },
};
const target = new URL("./peer-openapi.json", import.meta.url).pathname;
// Formatted as `prettier --check` (part of npm test) expects, so a regenerated extract passes the lint.
writeFileSync(target, await format(JSON.stringify(extract), { ...(await resolveConfig(target)), filepath: target }));
console.log(`${Object.keys(paths).length} paths, ${Object.keys(schemas).length} schemas → ${target}`);
