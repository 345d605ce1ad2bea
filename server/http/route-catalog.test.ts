/**
 * The route files under app/v2 and ROUTE_CATALOG describe the same set of operations: a route file
 * cannot go undocumented (and untested by the route × scope matrix), nor a catalog entry go unserved.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { ROUTE_CATALOG } from "./route-catalog";
import { refusesMethod } from "./route-methods";

const APP_DIR = path.resolve(import.meta.dirname, "../../app");
const V2_DIR = path.join(APP_DIR, "v2");
const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
/** Served outside the declared API, each for a reason; everything else under app/v2 must be in the catalog. */
const NOT_IN_CATALOG = [
  path.join(V2_DIR, "[[...path]]"), // the catch-all 404 in the v2 envelope
  path.join(V2_DIR, "openapi.json"), // the document the catalog generates
  path.join(V2_DIR, "auth", "oauth2"), // OAuth protocol endpoints: RFC 6749 bodies, described by the AS metadata
];

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return NOT_IN_CATALOG.includes(full) ? [] : routeFiles(full);
    return /^route\.(ts|tsx|js)$/.test(entry.name) ? [full] : [];
  });
}

/** app/v2/bookings/[bookingUid]/route.ts → /v2/bookings/{bookingUid}; route groups `(x)` are not in the URL. */
function urlPathOf(file: string): string {
  const segments = path.relative(APP_DIR, path.dirname(file)).split(path.sep);
  return `/${segments
    .filter((segment) => !/^\(.*\)$/.test(segment))
    .map((segment) => segment.replace(/^\[(\w+)\]$/, "{$1}"))
    .join("/")}`;
}

async function servedOperations() {
  const operations: { key: string; handler: unknown }[] = [];
  for (const file of routeFiles(V2_DIR)) {
    const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const method of Object.keys(exports).filter((name) => HTTP_METHODS.includes(name) && !refusesMethod(exports[name]))) {
      operations.push({ key: `${method} ${urlPathOf(file)}`, handler: exports[method] });
    }
  }
  return operations;
}

describe("app/v2 route files and ROUTE_CATALOG", () => {
  it("finds the route files (the walk itself works)", () => {
    expect(routeFiles(V2_DIR).map(urlPathOf)).toContain("/v2/me");
    expect(urlPathOf(path.join(APP_DIR, "v2", "(public)", "bookings", "[bookingUid]", "cancel", "route.ts"))).toBe("/v2/bookings/{bookingUid}/cancel");
  });

  it("serve and declare the same (method, path) pairs", async () => {
    const served = (await servedOperations()).map((operation) => operation.key).sort();
    const declared = ROUTE_CATALOG.map((route) => `${route.method} ${route.path}`).sort();
    expect(served).toEqual(declared);
  });

  it("declare each pair once", () => {
    const declared = ROUTE_CATALOG.map((route) => `${route.method} ${route.path}`);
    expect(new Set(declared).size).toBe(declared.length);
  });

  it("wire each file's export to its catalog entry's handler", async () => {
    const handlers = new Map(ROUTE_CATALOG.map((route) => [`${route.method} ${route.path}`, route.handle]));
    for (const { key, handler } of await servedOperations()) {
      expect(handler, key).toBe(handlers.get(key));
    }
  });

  it("answer every other method of a route file with 405 in the envelope, naming the methods that exist", async () => {
    for (const file of routeFiles(V2_DIR)) {
      const exports = (await import(pathToFileURL(file).href)) as Record<string, (request: Request, context: unknown) => Promise<Response>>;
      const served = ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((method) => exports[method] && !refusesMethod(exports[method]));
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((name) => !served.includes(name))) {
        const where = `${method} ${urlPathOf(file)}`;
        expect(exports[method], where).toBeDefined();
        const response = await exports[method]!(new Request(`http://t${urlPathOf(file)}`, { method }), { params: Promise.resolve({}) });
        expect(response.status, where).toBe(405);
        expect(response.headers.get("allow"), where).toBe(served.join(", "));
        expect((await response.json()).error.code, where).toBe("METHOD_NOT_ALLOWED");
      }
    }
  });
});
