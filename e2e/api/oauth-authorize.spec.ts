/** GET /auth/oauth2/authorize over HTTP: page errors stay on the page; the rest go back with state. */
import { sessionActor } from "../../server/auth/actor";
import { makeUser } from "../../prisma/factories";
import { makeLegacy, makeOAuthClient, newVerifier, REDIRECT_URI } from "../../prisma/oauth-factories";
import { updateClient } from "../../server/oauth/clients";
import { s256 } from "../../server/oauth/pkce";
import { reviewClient } from "../../server/oauth/review";
import { expect, test } from "../support/fixtures";
import { logIn } from "../support/web-session";

const STATE = "s p&c=é";
const authorizeUrl = (params: Record<string, string | undefined>) =>
  `/auth/oauth2/authorize?${new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined))}`;

test("errors shown on the page, never redirected", async ({ request }) => {
  const { client: accepted } = await makeOAuthClient();
  const { client: pending } = await makeOAuthClient({ accept: false });
  const { client: rejected } = await makeOAuthClient({ accept: false });
  const admin = await makeUser({ role: "ADMIN" });
  await reviewClient(sessionActor(admin.id), { clientId: rejected.id, decision: "REJECT", reason: "Unclear purpose" });
  // Accepted, then edited: back in review, so new authorizations wait for the admin.
  const { client: inReview, owner } = await makeOAuthClient();
  await updateClient(sessionActor(owner.id), { clientId: inReview.id, name: "Renamed app" });
  const cases: [Record<string, string | undefined>, RegExp][] = [
    [{ client_id: "no-such-client", redirect_uri: REDIRECT_URI, scope: "PROFILE_READ" }, /No application exists/],
    [{ client_id: pending.id, redirect_uri: REDIRECT_URI, scope: "PROFILE_READ" }, /not approved/],
    [{ client_id: rejected.id, redirect_uri: REDIRECT_URI, scope: "PROFILE_READ" }, /not approved/],
    [{ client_id: inReview.id, redirect_uri: REDIRECT_URI, scope: "PROFILE_READ" }, /not approved/],
    [{ client_id: accepted.id, redirect_uri: `${REDIRECT_URI}/other`, scope: "PROFILE_READ" }, /does not match any redirect URI/],
    [{ client_id: accepted.id, redirect_uri: REDIRECT_URI }, /The scope parameter is required for this client/],
    [{ client_id: accepted.id, redirect_uri: REDIRECT_URI, scope: "," }, /The scope parameter is required for this client/],
  ];
  for (const [params, message] of cases) {
    const response = await request.get(authorizeUrl({ ...params, state: STATE }), { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(await response.text()).toMatch(message);
  }
});

test("errors redirected to redirect_uri with error, description and the exact state", async ({ request, baseURL }) => {
  const { client } = await makeOAuthClient({ scopes: ["PROFILE_READ"] });
  const { client: legacy } = await makeOAuthClient();
  await makeLegacy(legacy.id);
  const { client: publicClient } = await makeOAuthClient({ type: "PUBLIC", scopes: ["PROFILE_READ"] });
  const cases: [string, string | undefined, string, string][] = [
    [client.id, "PROFILE_READ NOPE", "invalid_scope", "Requested scope is not a recognized scope"],
    [legacy.id, "NOPE", "invalid_scope", "Requested scope is not a recognized scope"],
    [client.id, "PROFILE_READ,BOOKING_WRITE", "invalid_request", "Requested scope exceeds the client's registered scopes"],
    [publicClient.id, "PROFILE_READ", "invalid_request", "Public clients must send a PKCE code_challenge (S256)"],
  ];
  for (const [clientId, scope, error, description] of cases) {
    const response = await request.get(authorizeUrl({ client_id: clientId, redirect_uri: REDIRECT_URI, scope, state: STATE }), { maxRedirects: 0 });
    expect(response.status()).toBeGreaterThanOrEqual(300);
    expect(response.status()).toBeLessThan(400);
    const location = new URL(response.headers()["location"]!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    // RFC 9207: every authorization response names its issuer.
    expect(Object.fromEntries(location.searchParams)).toEqual({ error, error_description: description, state: STATE, iss: baseURL });
  }
});

test("a valid request without a session goes to log-in and back to the same request", async ({ request }) => {
  const { client } = await makeOAuthClient();
  const url = authorizeUrl({ client_id: client.id, redirect_uri: REDIRECT_URI, scope: "PROFILE_READ", state: STATE, response_type: "code" });
  const response = await request.get(url, { maxRedirects: 0 });
  const location = new URL(response.headers()["location"]!, "http://x");
  expect(location.pathname).toBe("/auth/login");
  expect(location.searchParams.get("callbackUrl")).toBe(url);
});

test("the redirect keeps the registered redirect URI byte for byte, its own query included", async ({ request }) => {
  const registered = `${REDIRECT_URI}?a=b%20c&x=~`;
  const { client } = await makeOAuthClient({ redirectUris: [registered] });
  const response = await request.get(authorizeUrl({ client_id: client.id, redirect_uri: registered, scope: "NOPE", state: STATE }), { maxRedirects: 0 });
  const location = response.headers()["location"]!;
  expect(location.startsWith(`${registered}&error=invalid_scope&`)).toBe(true);
  expect(new URL(location).searchParams.get("state")).toBe(STATE);
});

test("consent for a legacy client says the app gets full access, not the scopes it names", async ({ request }) => {
  const { client } = await makeOAuthClient();
  await makeLegacy(client.id);
  const user = await makeUser();
  await logIn(request, user.email);
  const page = await request.get(authorizeUrl({ client_id: client.id, redirect_uri: REDIRECT_URI, scope: "READ_BOOKING", state: STATE }), { maxRedirects: 0 });
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain("Full access to your account");
  expect(html).not.toContain("View bookings");
});

test("a repeated parameter is an error on the page, never a redirect that drops it (RFC 6749 §3.1)", async ({ request }) => {
  const { client } = await makeOAuthClient();
  const valid = authorizeUrl({ client_id: client.id, redirect_uri: REDIRECT_URI, scope: "PROFILE_READ", response_type: "code" });
  for (const repeated of ["state=a&state=b", `client_id=${client.id}`, "scope=PROFILE_READ"]) {
    const response = await request.get(`${valid}&${repeated}`, { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(await response.text()).toMatch(/appears more than once/);
  }
});

test("a PKCE challenge without code_challenge_method is taken as S256 (the spec's table names no method); plain is refused", async ({ request }) => {
  const { client } = await makeOAuthClient({ type: "PUBLIC", scopes: ["PROFILE_READ"] });
  const challenge = s256(newVerifier());
  const base = { client_id: client.id, redirect_uri: REDIRECT_URI, scope: "PROFILE_READ", state: STATE, code_challenge: challenge };
  const valid = await request.get(authorizeUrl(base), { maxRedirects: 0 });
  expect(new URL(valid.headers()["location"]!, "http://x").pathname).toBe("/auth/login");
  const plain = await request.get(authorizeUrl({ ...base, code_challenge_method: "plain" }), { maxRedirects: 0 });
  expect(Object.fromEntries(new URL(plain.headers()["location"]!).searchParams)).toMatchObject({ error: "invalid_request", state: STATE });
});
