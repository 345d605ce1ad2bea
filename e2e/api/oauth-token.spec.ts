/** The token, revocation and metadata endpoints over HTTP against the production build. */
import { randomBytes } from "node:crypto";
import { makeUser } from "../../prisma/factories";
import { authorizeCode, makeOAuthClient, makeOAuthTokens, newVerifier, REDIRECT_URI } from "../../prisma/oauth-factories";
import { s256 } from "../../server/oauth/pkce";
import { expect, test } from "../support/fixtures";

const TOKEN = "/v2/auth/oauth2/token";
/** Each test claims its own address, so the per-address failure limit of one test never touches another. */
const asCaller = () => ({ "x-forwarded-for": `198.51.100.${randomBytes(1)[0]}, 10.0.0.${randomBytes(1)[0]}` });

async function codeExchange() {
  const { client, secret } = await makeOAuthClient({ scopes: ["PROFILE_READ", "BOOKING_READ"] });
  const user = await makeUser();
  const code = await authorizeCode(user.id, client.id, { scope: "PROFILE_READ BOOKING_READ" });
  return { client_id: client.id, client_secret: secret!, grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI };
}

test("code exchange with a form body: bearer pair, no-store, then /v2/me works", async ({ request }) => {
  const response = await request.post(TOKEN, { form: await codeExchange(), headers: asCaller() });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(response.headers()["pragma"]).toBe("no-cache");
  const body = await response.json();
  expect(body).toEqual({
    access_token: expect.any(String),
    refresh_token: expect.any(String),
    token_type: "bearer",
    expires_in: 1800,
    scope: "PROFILE_READ BOOKING_READ",
  });
  const me = await request.get("/v2/me", { headers: { authorization: `Bearer ${body.access_token}` } });
  expect(me.status()).toBe(200);
});

test("code exchange with a JSON body and client_secret_basic", async ({ request }) => {
  const { client_id, client_secret, ...rest } = await codeExchange();
  const basic = Buffer.from(`${encodeURIComponent(client_id)}:${encodeURIComponent(client_secret)}`).toString("base64");
  const response = await request.post(TOKEN, { data: rest, headers: { ...asCaller(), authorization: `Basic ${basic}` } });
  expect(response.status()).toBe(200);
});

/** The refresh variant's parameters for the same client (the refresh token itself does not matter to these rows). */
const refreshOf = (p: Record<string, string>) => ({
  client_id: p.client_id!,
  client_secret: p.client_secret!,
  grant_type: "refresh_token",
  refresh_token: "cnv_rt_unused",
});
const omit = (p: Record<string, string>, name: string) => Object.fromEntries(Object.entries(p).filter(([key]) => key !== name));

// The spec's Token endpoint errors table: status and RFC 6749 error value, body {error, error_description}.
const ERROR_ROWS: [string, (params: Record<string, string>) => Record<string, string>, number, string][] = [
  ["authorization code invalid", (p) => ({ ...p, code: "cnv_ac_invalid" }), 400, "invalid_grant"],
  ["client secret does not match", (p) => ({ ...p, client_secret: "cnv_cs_wrong" }), 401, "invalid_client"],
  ["no client for client_id", (p) => ({ ...p, client_id: "no-such-client" }), 401, "invalid_client"],
  ["client_id missing", ({ client_id: _omitted, ...p }) => p, 400, "invalid_request"],
  ["grant_type unknown", (p) => ({ ...p, grant_type: "client_credentials" }), 400, "unsupported_grant_type"],
  ["refresh token invalid", (p) => ({ ...refreshOf(p), refresh_token: "cnv_rt_invalid" }), 400, "invalid_grant"],
  ["refresh: no client for client_id", (p) => ({ ...refreshOf(p), client_id: "no-such-client" }), 401, "invalid_client"],
  ["refresh: client_id missing", (p) => omit(refreshOf(p), "client_id"), 400, "invalid_request"],
  ["refresh: grant_type missing", (p) => omit(refreshOf(p), "grant_type"), 400, "invalid_request"],
  ["code exchange: grant_type missing", (p) => omit(p, "grant_type"), 400, "invalid_request"],
];

for (const [situation, mutate, status, error] of ERROR_ROWS) {
  test(`token error: ${situation} → ${status} ${error}`, async ({ request }) => {
    const response = await request.post(TOKEN, { form: mutate(await codeExchange()), headers: asCaller() });
    expect(response.status()).toBe(status);
    expect(await response.json()).toEqual({ error, error_description: expect.any(String) });
    expect(response.headers()["cache-control"]).toBe("no-store");
    if (status === 401) expect(response.headers()["www-authenticate"]).toMatch(/^Basic/);
  });
}

test("an expired authorization code → 400", async ({ request }) => {
  const params = await codeExchange();
  const { db } = await import("../../server/db/client");
  await db.oAuthAuthorizationCode.updateMany({ where: { clientId: params.client_id }, data: { expiresAt: new Date(Date.now() - 1) } });
  const response = await request.post(TOKEN, { form: params, headers: asCaller() });
  expect([response.status(), (await response.json()).error]).toEqual([400, "invalid_grant"]);
});

test("public client with PKCE; refresh rotates and keeps scopes", async ({ request }) => {
  const { client } = await makeOAuthClient({ type: "PUBLIC", scopes: ["PROFILE_READ"] });
  const user = await makeUser();
  const verifier = newVerifier();
  const code = await authorizeCode(user.id, client.id, { scope: "PROFILE_READ", code_challenge: s256(verifier), code_challenge_method: "S256" });
  const exchange = await request.post(TOKEN, {
    data: { client_id: client.id, grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI, code_verifier: verifier },
    headers: asCaller(),
  });
  expect(exchange.status()).toBe(200);
  const first = await exchange.json();
  const refreshed = await request.post(TOKEN, {
    form: { client_id: client.id, grant_type: "refresh_token", refresh_token: first.refresh_token },
    headers: asCaller(),
  });
  expect(refreshed.status()).toBe(200);
  expect((await refreshed.json()).scope).toBe("PROFILE_READ");
});

test("revocation endpoint: a revoked access token stops at once; unknown tokens still answer 200", async ({ request }) => {
  const tokens = await makeOAuthTokens(["PROFILE_READ"]);
  const revoke = (token: string) =>
    request.post("/v2/auth/oauth2/revoke", { form: { client_id: tokens.client.id, client_secret: tokens.secret!, token }, headers: asCaller() });
  expect((await revoke("cnv_at_unknown")).status()).toBe(200);
  expect((await request.get("/v2/me", { headers: { authorization: `Bearer ${tokens.access_token}` } })).status()).toBe(200);
  expect((await revoke(tokens.access_token)).status()).toBe(200);
  expect((await request.get("/v2/me", { headers: { authorization: `Bearer ${tokens.access_token}` } })).status()).toBe(401);
});

test("failed client authentication is limited per caller with 429 and Retry-After; the app elsewhere still works", async ({ request }) => {
  const params = await codeExchange();
  const guesser = asCaller();
  for (let attempt = 0; attempt < 10; attempt++) {
    expect((await request.post(TOKEN, { form: { ...params, client_secret: "cnv_cs_wrong" }, headers: guesser })).status()).toBe(401);
  }
  const limited = await request.post(TOKEN, { form: params, headers: guesser });
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
  // Client ids are public: failures from one address must not lock the real app out of its tokens.
  const app = { "x-forwarded-for": "192.0.2.7" };
  expect((await request.post(TOKEN, { form: params, headers: app })).status()).toBe(200);
});

test("authorization server metadata (RFC 8414)", async ({ request, baseURL }) => {
  const metadata = await (await request.get("/.well-known/oauth-authorization-server")).json();
  expect(metadata).toMatchObject({
    issuer: baseURL,
    authorization_endpoint: `${baseURL}/auth/oauth2/authorize`,
    token_endpoint: `${baseURL}${TOKEN}`,
    code_challenge_methods_supported: ["S256"],
    grant_types_supported: ["authorization_code", "refresh_token"],
  });
});
