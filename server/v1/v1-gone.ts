/**
 * v1 was shut down (spec, Limits and Versioning): every /v1 request, whatever its method, path or credentials,
 * is answered 410 Gone in v1's own error shape, a bare `{message}`, naming the v2 replacement from the
 * differences table (v1-migration.ts) and linking the migration guide.
 * Nothing from the request but its method is echoed and nothing is logged: a v1 client sends its API key in the
 * query (`apiKey=`), and a path may carry anything. The matched operation is named by its template instead.
 */
import { env } from "../env";
import { decodable, UNNORMALISED_PATH } from "../http/path-guard";
import { differenceAnchor, MIGRATION_GUIDE_PATH, V1_DIFFERENCES, V1_SHUTDOWN_DATE, type TV1Difference } from "./v1-migration";

/** RFC 8594 Sunset: an HTTP-date; in the past, it tells the client the resource may be gone at any time (it is). */
const SUNSET = new Date(`${V1_SHUTDOWN_DATE}T00:00:00Z`).toUTCString();
const METHOD = /^[A-Z]{1,16}$/;

export const isV1Path = (pathname: string) => pathname === "/v1" || pathname.startsWith("/v1/");

type TOperationPattern = { method: string; path: RegExp; template: string };

function compile(operation: string): TOperationPattern {
  const [method, template] = operation.split(" ") as [string, string];
  const path = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
  return { method, path, template };
}

const PATTERNS = V1_DIFFERENCES.map((difference) => ({ difference, operations: difference.v1Operations.map(compile) }));

/** The table rows a v1 request concerns, and the operation template it matched. HEAD is a GET without a body. */
export function matchV1Operation(method: string, pathname: string): { template: string; differences: TV1Difference[] } | null {
  const asked = method === "HEAD" ? "GET" : method;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  let template: string | null = null;
  const differences: TV1Difference[] = [];
  for (const { difference, operations } of PATTERNS) {
    const operation = operations.find((candidate) => (candidate.method === "*" || candidate.method === asked) && candidate.path.test(path));
    if (!operation) continue;
    template ??= operation.template;
    differences.push(difference);
  }
  return template ? { template, differences } : null;
}

export function v1GoneMessage(method: string, pathname: string): string {
  const guide = `${env().APP_URL}${MIGRATION_GUIDE_PATH}`;
  const shownMethod = METHOD.test(method) ? method : "this method";
  const match = matchV1Operation(method, pathname);
  if (!match) {
    return (
      `API v1 was shut down on ${V1_SHUTDOWN_DATE} and this v1 path has no direct v2 counterpart. Use API v2 under /v2 with Authorization: Bearer ` +
      `(reference: ${env().APP_URL}/docs/api). Migration guide: ${guide}`
    );
  }
  const replacements = match.differences.map((difference) => `${difference.area}: ${difference.replacement}.`).join(" ");
  return `API v1 was shut down on ${V1_SHUTDOWN_DATE}: ${shownMethod} ${match.template} is gone. ${replacements} Migration guide: ${guide}#${differenceAnchor(match.differences[0]!)}`;
}

export function v1GoneResponse(method: string, pathname: string): Response {
  const guide = `${env().APP_URL}${MIGRATION_GUIDE_PATH}`;
  return Response.json(
    { message: v1GoneMessage(method, pathname) },
    {
      status: 410,
      headers: {
        Sunset: SUNSET,
        // RFC 8594 §6: the "sunset" relation points at what explains the sunset.
        Link: `<${guide}>; rel="sunset"; type="text/html"`,
        "Cache-Control": "no-store",
      },
    },
  );
}

/**
 * For Convene's HTTP server, which sees the raw request target first: a /v1 path Next.js would resolve (dot
 * segments), redirect (`//`, a trailing slash) or fail on (a malformed percent-escape) before the catch-all route
 * app/v1/[[...path]] could answer it. Every other /v1 path is left to that route.
 */
export function v1GoneForRawTarget(method: string, target: string): Response | null {
  const pathname = target.split("?")[0]!;
  if (!isV1Path(pathname)) return null;
  const routable = decodable(pathname) && !UNNORMALISED_PATH.test(pathname) && (pathname === "/v1" || !pathname.endsWith("/"));
  return routable ? null : v1GoneResponse(method, pathname);
}
