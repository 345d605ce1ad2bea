/**
 * The OAuth authorization code flow end to end over HTTP, as a browser without JavaScript and the app's
 * server make it: log-in, the consent page, Allow (the consent form posted as a plain HTML form), the code
 * at the redirect URI, the token endpoint, then /v2/me with the access token. Runs on PostgreSQL and,
 * through `npm start`, on the embedded database.
 */
import type { APIRequestContext } from "@playwright/test";
import { makeUser } from "../../prisma/factories";
import { makeOAuthClient, REDIRECT_URI } from "../../prisma/oauth-factories";
import { disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { logIn } from "../support/web-session";

test.afterAll(() => disconnectDb());

const decodeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Submits the consent page's form with `decision`, as the browser would without scripts; answers the redirect's Location. */
async function decideOnConsentPage(request: APIRequestContext, consentUrl: string, decision: "allow" | "deny", origin: string): Promise<URL> {
  const page = await request.get(consentUrl);
  expect(page.status()).toBe(200);
  const html = await page.text();
  const form = /<form[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? "";
  const hidden = [...form.matchAll(/<input[^>]*type="hidden"[^>]*>/g)].map(([input]) => ({
    name: decodeHtml(/name="([^"]*)"/.exec(input)?.[1] ?? ""),
    value: decodeHtml(/value="([^"]*)"/.exec(input)?.[1] ?? ""),
  }));
  expect(hidden.map(({ name }) => name)).toContain("params");
  const fields = Object.fromEntries([...hidden.map(({ name, value }) => [name, value]), ["decision", decision]]);
  const submitted = await request.post(consentUrl, { multipart: fields, headers: { origin }, maxRedirects: 0 });
  expect(submitted.status()).toBe(303);
  return new URL(submitted.headers()["location"]!);
}

test("authorize → consent → code → token → /v2/me", { tag: "@embedded" }, async ({ request, baseURL }) => {
  const { client, secret } = await makeOAuthClient({ scopes: ["PROFILE_READ"] });
  const user = await makeUser();
  await logIn(request, user.email);
  const state = "flow state";
  const consentUrl = `/auth/oauth2/authorize?${new URLSearchParams({ client_id: client.id, redirect_uri: REDIRECT_URI, response_type: "code", scope: "PROFILE_READ", state })}`;

  const callback = await decideOnConsentPage(request, consentUrl, "allow", baseURL!);
  expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
  expect(callback.searchParams.get("state")).toBe(state);
  const code = callback.searchParams.get("code")!;
  expect(code).toBeTruthy();

  const token = await request.post("/v2/auth/oauth2/token", {
    form: { grant_type: "authorization_code", client_id: client.id, client_secret: secret!, code, redirect_uri: REDIRECT_URI },
  });
  expect(token.status()).toBe(200);
  const { access_token: accessToken, scope } = await token.json();
  expect(scope).toBe("PROFILE_READ");

  const me = await request.get("/v2/me", { headers: { authorization: `Bearer ${accessToken}` } });
  expect(me.status()).toBe(200);
  expect((await me.json()).data.email).toBe(user.email);
});
