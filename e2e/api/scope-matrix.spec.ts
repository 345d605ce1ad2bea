/**
 * Generated from the route declarations: every /v2 route in ROUTE_CATALOG is called with no token, an
 * unknown token, an expired token, a token without its scope and a token with it. A route added later
 * is covered here without writing anything.
 */
import { makeOAuthTokens } from "../../prisma/oauth-factories";
import { ALL_SCOPES, type Scope } from "../../server/auth/scopes";
import { ROUTE_CATALOG } from "../../server/http/route-catalog";
import { orgAccessOf, teamAccessOf } from "../../server/http/route-definition";
import { expect, test } from "../support/fixtures";

const tokenFor = new Map<Scope, string>();
let expiredToken = "";

async function token(scope: Scope): Promise<string> {
  if (!tokenFor.has(scope)) tokenFor.set(scope, (await makeOAuthTokens([scope])).access_token);
  return tokenFor.get(scope)!;
}

/** A scope that is not the one required (and does not imply it). */
const otherScope = (required: Scope | null): Scope =>
  ALL_SCOPES.find((scope) => scope !== required && `TEAM_${scope.slice(4)}` !== required && !scope.startsWith("ORG_"))!;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  const expired = await makeOAuthTokens(["PROFILE_READ"]);
  const { db } = await import("../../server/db/client");
  const { hashSecret } = await import("../../server/auth/secrets");
  await db.oAuthToken.update({ where: { hash: hashSecret(expired.access_token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
  expiredToken = expired.access_token;
});

for (const route of ROUTE_CATALOG) {
  const required = typeof route.access === "object" ? route.access.scope : null;
  const url = route.path.replace(/\{[^}]+\}/g, "999999999");
  const call = (request: import("@playwright/test").APIRequestContext, bearer?: string) =>
    request.fetch(url, {
      method: route.method,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      data: ["GET", "DELETE"].includes(route.method) ? undefined : {},
    });

  test.describe(`${route.method} ${route.path}`, () => {
    test("no token", async ({ request }) => {
      const response = await call(request);
      if (route.access === "public") expect(response.status()).not.toBe(401);
      else {
        expect(response.status()).toBe(401);
        expect(response.headers()["www-authenticate"]).toMatch(/^Bearer/);
      }
    });

    test("unknown and expired tokens → 401", async ({ request }) => {
      for (const bearer of ["cnv_at_unknown0000000000000000000000000000000000", expiredToken]) {
        const response = await call(request, bearer);
        expect(response.status()).toBe(401);
        expect((await response.json()).error.code).toBe("UNAUTHORIZED");
      }
    });

    test("token without the scope", async ({ request }) => {
      const response = await call(request, await token(otherScope(required)));
      if (route.access === "public") {
        expect([401, 403]).not.toContain(response.status());
        return;
      }
      expect(response.status()).toBe(403);
      expect(response.headers()["www-authenticate"]).toContain('error="insufficient_scope"');
      expect((await response.json()).error.details.requiredScopes).toEqual(required ? [required] : []);
    });

    if (required) {
      test(`token with ${required}`, async ({ request }) => {
        const response = await call(request, await token(required));
        expect([401, 403]).not.toContain(response.status());
        // The scope passes; once the input parses, the declared organization or team membership is checked, and
        // nobody is a member of organization or team 999999999 (a body route sent {} may stop at its 400 first).
        if (response.status() !== 400 && (orgAccessOf(route.access) || teamAccessOf(route.access))) {
          expect(response.status()).toBe(404);
          expect((await response.json()).error.message).toBe(orgAccessOf(route.access) ? "Organization not found" : "Team not found");
        }
      });
      if (required.startsWith("TEAM_")) {
        test(`token with ORG_${required.slice(5)} (implies the TEAM_ scope)`, async ({ request }) => {
          expect([401, 403]).not.toContain((await call(request, await token(`ORG_${required.slice(5)}` as Scope))).status());
        });
      }
    }
  });
}
