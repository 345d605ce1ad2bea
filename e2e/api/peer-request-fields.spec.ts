/**
 * The rule for the peer API's request fields (issue 9 §3), over HTTP for every operation Convene shares with the
 * peer: each body field the peer documents for it that Convene's route schema refuses is answered with a 400 naming
 * it as not supported (`code: "unsupported_field"`), each query parameter it documents in any version is honoured or
 * ignored (issue 19), and an undocumented field stays a plain unrecognized key. The
 * fields are computed from server/http/peer-request-fields.ts and the route's zod schemas, so a field that gets
 * implemented leaves this test by itself; a peer field a route would drop without a word (a nested non-strict
 * object) fails it.
 */
import type { APIRequestContext } from "@playwright/test";
import { z } from "zod";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { disconnectDb } from "../../server/db/client";
import { peerFieldsOf, refusedPeerFields, unheededPeerFields, UNRECOGNIZED_KEY, UNSUPPORTED_FIELD } from "../../server/http/peer-fields";
import { ROUTE_CATALOG } from "../../server/http/route-catalog";
import type { ApiRoute } from "../../server/http/api-route";
import { expect, test } from "../support/fixtures";
import { sharedOperations } from "../support/peer/operations";
import { PEER } from "../support/peer/peer-schemas";

test.afterAll(() => disconnectDb());

const SHARED = sharedOperations(ROUTE_CATALOG, PEER["x-all-operations"]);
const PARAM_CANDIDATES = ["1", "apple", "google", "zoom", "b1f0c1d2-0000-4000-8000-000000000001"];

/** The route's path with each parameter set to the first candidate its params schema accepts: the 400 comes before any lookup. */
function concretePath(route: ApiRoute): string {
  const chosen: Record<string, string> = {};
  for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
    chosen[name!] =
      PARAM_CANDIDATES.find((candidate) => {
        const result = route.params?.safeParse({ ...chosen, [name!]: candidate });
        return !result || result.success || !result.error.issues.some((issue) => issue.path[0] === name);
      }) ?? "1";
  }
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(chosen[name]!));
}

/** `body.a.b` → `{a: {b: v}}`, `body.a[].b` → `{a: [{b: v}]}`; and the path the 400 names for it (`body.a.0.b`). */
function bodyCarrying(field: string): { data: Record<string, unknown>; path: string } {
  const segments = field.split(".").slice(1);
  const build = (index: number): unknown => {
    if (index === segments.length) return "peer-value";
    const [, key, brackets] = /^([^[]*)((?:\[\])*)$/.exec(segments[index]!)!;
    let value = build(index + 1);
    for (let depth = 0; depth < brackets!.length / 2; depth++) value = [value];
    return { [key!]: value };
  };
  return { data: build(0) as Record<string, unknown>, path: `body.${segments.join(".").replace(/\[\]/g, ".0")}` };
}

type Detail = { path: string; message: string; code?: string };

async function refusal(request: APIRequestContext, route: ApiRoute, headers: Record<string, string>, search: string, data?: unknown): Promise<Detail[]> {
  const response = await request.fetch(`${concretePath(route)}${search}`, { method: route.method, headers, data });
  const body = await response.json();
  expect(response.status(), `${route.method} ${route.path}${search} ${JSON.stringify(data)}: ${JSON.stringify(body)}`).toBe(400);
  expect(body.error.code).toBe("BAD_REQUEST");
  return body.error.details;
}

test("every shared operation is matched to the peer's, and the refused fields are computed for it", () => {
  expect(SHARED.length).toBeGreaterThan(30);
  // POST /v2/bookings documents more than Convene takes today; the list must not be empty by a lookup mistake.
  expect(refusedPeerFields(SHARED.find(({ key }) => key === "POST /v2/bookings")!.route)).toContain("body.routing.crmAppSlug");
});

for (const { key, route } of SHARED) {
  const refused = refusedPeerFields(route);
  test(`${key}: ${refused.length} peer field(s) refused as unsupported; an undocumented field is unrecognized`, async ({ request }) => {
    // Implemented or refused, never dropped: a nested non-strict object, or a body the route does not read, would drop them.
    expect(unheededPeerFields(route), `${key}: peer fields passed over without a word`).toEqual([]);
    const user = await makeUser();
    const headers = { authorization: `Bearer ${await makeApiKey(user.id)}` };
    for (const field of refused) {
      if (field.startsWith("query.")) {
        const name = field.slice("query.".length);
        const details = await refusal(request, route, headers, `?${encodeURIComponent(name)}=1`, route.body ? {} : undefined);
        expect(details, field).toContainEqual({
          path: field,
          message: `${name} is part of the peer API but not supported by Convene`,
          code: UNSUPPORTED_FIELD,
        });
      } else {
        const { data, path } = bodyCarrying(field);
        const details = await refusal(request, route, headers, "", data);
        expect(details, field).toContainEqual({
          path,
          message: `${path.slice("body.".length)} is part of the peer API but not supported by Convene`,
          code: UNSUPPORTED_FIELD,
        });
      }
    }
    const inQuery = await refusal(request, route, headers, "?zzzNotAField=1", route.body ? {} : undefined);
    expect(inQuery).toContainEqual({ path: "query.zzzNotAField", message: 'Unrecognized key: "zzzNotAField"', code: UNRECOGNIZED_KEY });
    // A body that is a record (a routing form's answers, keyed by the form's own questions) has no unknown keys to refuse.
    if (route.body && !(route.body instanceof z.ZodRecord)) {
      const inBody = await refusal(request, route, headers, "", { zzzNotAField: 1 });
      expect(inBody).toContainEqual({ path: "body.zzzNotAField", message: 'Unrecognized key: "zzzNotAField"', code: UNRECOGNIZED_KEY });
    }
  });
}

for (const { key, route } of SHARED) {
  const params = [...peerFieldsOf(route)].filter((field) => field.startsWith("query.")).map((field) => field.slice("query.".length));
  if (!params.length) continue;
  test(`${key}: each of the peer's ${params.length} query parameter(s) is honoured or ignored, never refused as unknown`, async ({ request }) => {
    const user = await makeUser();
    const headers = { authorization: `Bearer ${await makeApiKey(user.id)}` };
    for (const name of params) {
      const response = await request.fetch(`${concretePath(route)}?${encodeURIComponent(name)}=1`, {
        method: route.method,
        headers,
        data: route.body ? {} : undefined,
      });
      if (response.status() !== 400) continue;
      // A 400 for the value ("1" is no date) or for the body is fine; one for the parameter's name is not.
      const details = ((await response.json()).error.details ?? []) as Detail[];
      expect(
        details.filter((detail) => detail.path === `query.${name}` && detail.code),
        name,
      ).toEqual([]);
    }
  });
}
