/**
 * The token and revocation endpoints refuse ambiguous or oversized requests with RFC 6749 bodies, never a 5xx,
 * and an existing grant follows its client's scopes. Driven over HTTP, partly through oauth4webapi.
 */
import { sessionActor } from "../../server/auth/actor";
import { randomBytes } from "node:crypto";
import * as oauth from "oauth4webapi";
import { makeUser } from "../../prisma/factories";
import { authorizeCode, makeOAuthClient, makeOAuthTokens, REDIRECT_URI } from "../../prisma/oauth-factories";
import { updateClient } from "../../server/oauth/clients";
import { reviewClient } from "../../server/oauth/review";
import { expect, test } from "../support/fixtures";

const TOKEN = "/v2/auth/oauth2/token";
const REVOKE = "/v2/auth/oauth2/revoke";
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const asCaller = () => ({ "x-forwarded-for": `198.51.100.${randomBytes(1)[0]}` });
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
const form = (params: Record<string, string>) => new URLSearchParams(params).toString();

async function codeExchange() {
  const { client, secret } = await makeOAuthClient({ scopes: ["PROFILE_READ"] });
  const code = await authorizeCode((await makeUser()).id, client.id, { scope: "PROFILE_READ" });
  return { client_id: client.id, client_secret: secret!, grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI };
}

async function expectOAuthError(response: import("@playwright/test").APIResponse, status: number, error: string) {
  expect(response.status()).toBe(status);
  expect(await response.json()).toEqual({ error, error_description: expect.any(String) });
}

test("a repeated parameter is 400 invalid_request and the code survives for a clean request", async ({ request }) => {
  const params = await codeExchange();
  const post = (data: string) => request.post(TOKEN, { data, headers: { ...FORM, ...asCaller() } });
  await expectOAuthError(await post(`${form(params)}&code=cnv_ac_garbage`), 400, "invalid_request");
  await expectOAuthError(
    await post(`${form({ ...params, client_secret: "cnv_cs_wrong" })}&client_secret=${encodeURIComponent(params.client_secret)}`),
    400,
    "invalid_request",
  );
  await expectOAuthError(await request.post(TOKEN, { data: { ...params, code: [params.code, "x"] }, headers: asCaller() }), 400, "invalid_request");
  expect((await post(form(params))).status()).toBe(200);
});

test("the revocation endpoint refuses a repeated token", async ({ request }) => {
  const tokens = await makeOAuthTokens(["PROFILE_READ"]);
  const data = `${form({ client_id: tokens.client.id, client_secret: tokens.secret!, token: "cnv_at_unknown" })}&token=${tokens.access_token}`;
  await expectOAuthError(await request.post(REVOKE, { data, headers: { ...FORM, ...asCaller() } }), 400, "invalid_request");
  expect((await request.get("/v2/me", { headers: { authorization: `Bearer ${tokens.access_token}` } })).status()).toBe(200);
});

test("another client presenting a code does not burn it for its owner", async ({ request }) => {
  const params = await codeExchange();
  const thief = await makeOAuthClient({ scopes: ["PROFILE_READ"] });
  const stolen = await request.post(TOKEN, { form: { ...params, client_id: thief.client.id, client_secret: thief.secret! }, headers: asCaller() });
  await expectOAuthError(stolen, 400, "invalid_grant");
  expect((await request.post(TOKEN, { form: params, headers: asCaller() })).status()).toBe(200);
});

test("Basic credentials and client_secret in the body together are 400 invalid_request", async ({ request }) => {
  const { client_id, client_secret, ...rest } = await codeExchange();
  const headers = { ...asCaller(), authorization: basic(client_id, encodeURIComponent(client_secret)) };
  await expectOAuthError(await request.post(TOKEN, { form: { ...rest, client_secret }, headers }), 400, "invalid_request");
  expect((await request.post(TOKEN, { form: rest, headers })).status()).toBe(200);
});

test("malformed Basic credentials are 401 invalid_client, never a 500", async ({ request }) => {
  const { client_id, client_secret: _secret, ...rest } = await codeExchange();
  for (const authorization of [basic(client_id, "%ZZ"), basic("%ZZ", "x"), "Basic not*base64", `Basic ${Buffer.from([0xff, 0x3a, 0xfe]).toString("base64")}`]) {
    await expectOAuthError(await request.post(TOKEN, { form: rest, headers: { ...asCaller(), authorization } }), 401, "invalid_client");
    await expectOAuthError(await request.post(REVOKE, { form: { token: "x" }, headers: { ...asCaller(), authorization } }), 401, "invalid_client");
  }
});

test("a body over 1 MB is 413 invalid_request; a Content-Type neither form nor JSON is 415", async ({ request }) => {
  const huge = `token=${"a".repeat(1024 * 1024 + 1)}`;
  for (const endpoint of [TOKEN, REVOKE]) {
    await expectOAuthError(await request.post(endpoint, { data: huge, headers: { ...FORM, ...asCaller() } }), 413, "invalid_request");
    await expectOAuthError(await request.post(endpoint, { data: "token=x", headers: { "content-type": "text/plain", ...asCaller() } }), 415, "invalid_request");
  }
});

test("a scope removed from the client leaves existing grants: the old token loses it at once, refresh drops it", async ({ request, baseURL }) => {
  const tokens = await makeOAuthTokens(["BOOKING_READ", "PROFILE_READ"]);
  const bookingsWith = async (token: string) => (await request.get("/v2/bookings", { headers: { authorization: `Bearer ${token}` } })).status();
  expect(await bookingsWith(tokens.access_token)).toBe(200); // now cached by the app
  const { ownerId } = await import("../../server/db/client").then(({ db }) =>
    db.oAuthClient.findUniqueOrThrow({ where: { id: tokens.client.id }, select: { ownerId: true } }),
  );
  await updateClient(sessionActor(ownerId!), { clientId: tokens.client.id, scopes: ["PROFILE_READ"] });
  await reviewClient(sessionActor((await makeUser({ role: "ADMIN" })).id), { clientId: tokens.client.id, decision: "ACCEPT" });
  // This process changed the client; the app's cache hears of it through PostgreSQL NOTIFY.
  await expect.poll(() => bookingsWith(tokens.access_token)).toBe(403);

  const issuer = new URL(baseURL!);
  const insecure = { [oauth.allowInsecureRequests]: true };
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }));
  const client: oauth.Client = { client_id: tokens.client.id };
  const response = await oauth.refreshTokenGrantRequest(as, client, oauth.ClientSecretPost(tokens.secret!), tokens.refresh_token, insecure);
  const refreshed = await oauth.processRefreshTokenResponse(as, client, response);
  expect(refreshed.scope).toBe("PROFILE_READ");
  expect(await bookingsWith(refreshed.access_token)).toBe(403);
  expect((await request.get("/v2/me", { headers: { authorization: `Bearer ${refreshed.access_token}` } })).status()).toBe(200);
});
