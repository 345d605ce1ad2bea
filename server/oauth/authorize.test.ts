import { sessionActor } from "../auth/actor";
import { describe, expect, it } from "vitest";
import { makeUser } from "@/prisma/factories";
import { makeLegacy, makeOAuthClient, newVerifier, REDIRECT_URI } from "@/prisma/oauth-factories";
import { db } from "../db/client";
import { env } from "../env";
import { CODE_LIFETIME_MS, decideAuthorization } from "./authorization-codes";
import { checkAuthorizationRequest, redirectWith } from "./authorize";
import { updateClient } from "./clients";
import { s256 } from "./pkce";
import { reviewClient } from "./review";

const request = (clientId: string, extra: Record<string, string | undefined> = {}) => ({
  client_id: clientId,
  redirect_uri: REDIRECT_URI,
  state: "a b&c=d/é",
  scope: "PROFILE_READ",
  ...extra,
});

function redirectParams(check: Awaited<ReturnType<typeof checkAuthorizationRequest>>) {
  if (check.kind !== "redirect-error") throw new Error(`expected a redirect, got ${check.kind}`);
  const url = new URL(check.location);
  expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI);
  return Object.fromEntries(url.searchParams);
}

describe("authorization request: errors shown on the page", () => {
  it("unknown client", async () => {
    expect(await checkAuthorizationRequest(request("nope"))).toEqual({ kind: "page-error", message: expect.stringMatching(/no application/i) });
  });
  it("client pending or rejected", async () => {
    const { client } = await makeOAuthClient({ accept: false });
    expect(await checkAuthorizationRequest(request(client.id))).toMatchObject({ kind: "page-error", message: expect.stringMatching(/not approved/) });
    const admin = await makeUser({ role: "ADMIN" });
    await reviewClient(sessionActor(admin.id), { clientId: client.id, decision: "REJECT", reason: "Unclear purpose" });
    expect(await checkAuthorizationRequest(request(client.id))).toMatchObject({ kind: "page-error", message: expect.stringMatching(/not approved/) });
  });
  it("accepted client waiting for re-review: new authorizations wait, and no code is minted", async () => {
    const { client, owner } = await makeOAuthClient();
    await updateClient(sessionActor(owner.id), { clientId: client.id, name: "Renamed app" });
    expect(await checkAuthorizationRequest(request(client.id))).toMatchObject({ kind: "page-error", message: expect.stringMatching(/not approved/) });
    const user = await makeUser();
    expect((await decideAuthorization(sessionActor(user.id), request(client.id), true)).kind).toBe("page-error");
    expect(await db.oAuthAuthorizationCode.count({ where: { clientId: client.id } })).toBe(0);
  });
  it("redirect_uri not exactly registered (trailing slash, other path)", async () => {
    const { client } = await makeOAuthClient();
    for (const uri of [`${REDIRECT_URI}/`, "https://app.example.test/other", REDIRECT_URI.toUpperCase(), undefined]) {
      expect((await checkAuthorizationRequest(request(client.id, { redirect_uri: uri }))).kind).toBe("page-error");
    }
  });
  it("scope missing for a non-legacy client, or only separators", async () => {
    const { client } = await makeOAuthClient();
    for (const scope of [undefined, "", ",", " , ,"]) {
      expect(await checkAuthorizationRequest(request(client.id, { scope }))).toEqual({
        kind: "page-error",
        message: "The scope parameter is required for this client.",
      });
    }
  });
});

describe("authorization request: errors redirected with state", () => {
  it("unknown scope value → invalid_scope, for legacy clients too", async () => {
    const { client } = await makeOAuthClient();
    const { client: legacy } = await makeOAuthClient();
    await makeLegacy(legacy.id);
    for (const id of [client.id, legacy.id]) {
      expect(redirectParams(await checkAuthorizationRequest(request(id, { scope: "PROFILE_READ NOT_A_SCOPE" })))).toEqual({
        error: "invalid_scope",
        error_description: "Requested scope is not a recognized scope",
        state: "a b&c=d/é",
        iss: env().APP_URL,
      });
    }
  });
  it("scope not enabled on the client → invalid_request", async () => {
    const { client } = await makeOAuthClient({ scopes: ["PROFILE_READ"] });
    expect(redirectParams(await checkAuthorizationRequest(request(client.id, { scope: "PROFILE_READ,BOOKING_WRITE" })))).toMatchObject({
      error: "invalid_request",
      error_description: "Requested scope exceeds the client's registered scopes",
    });
  });
  it("public client without code_challenge → invalid_request; plain method refused", async () => {
    const { client } = await makeOAuthClient({ type: "PUBLIC" });
    expect(redirectParams(await checkAuthorizationRequest(request(client.id))).error).toBe("invalid_request");
    const plain = request(client.id, { code_challenge: s256(newVerifier()), code_challenge_method: "plain" });
    expect(redirectParams(await checkAuthorizationRequest(plain)).error_description).toMatch(/S256/);
  });
  it("a PKCE challenge without code_challenge_method is S256 (the spec names no method parameter); plain stays refused", async () => {
    const { client } = await makeOAuthClient({ type: "PUBLIC" });
    const challenge = s256(newVerifier());
    expect(await checkAuthorizationRequest(request(client.id, { code_challenge: challenge }))).toMatchObject({
      kind: "valid",
      authorization: { codeChallenge: challenge },
    });
    const plain = request(client.id, { code_challenge: challenge, code_challenge_method: "plain" });
    expect(redirectParams(await checkAuthorizationRequest(plain))).toMatchObject({
      error: "invalid_request",
      error_description: expect.stringMatching(/S256/),
    });
  });
  it.each(["state", "client_id", "scope", "code_challenge"])("a repeated %s is an invalid request shown on the page (RFC 6749 §3.1)", async (name) => {
    const { client } = await makeOAuthClient();
    const valid: Record<string, string> = request(client.id, { code_challenge: s256(newVerifier()) });
    const check = await checkAuthorizationRequest({ ...valid, [name]: [valid[name]!, "b"] });
    expect(check).toEqual({ kind: "page-error", message: expect.stringContaining(`${name} appears more than once`) });
  });
  it("user denies → access_denied with state", async () => {
    const { client } = await makeOAuthClient();
    const user = await makeUser();
    const decision = await decideAuthorization(sessionActor(user.id), request(client.id), false);
    if (decision.kind !== "redirect") throw new Error("expected redirect");
    expect(Object.fromEntries(new URL(decision.location).searchParams)).toMatchObject({ error: "access_denied", state: "a b&c=d/é" });
  });
});

describe("authorization request: valid", () => {
  it("accepts space- or comma-separated scopes and returns code + state unchanged", async () => {
    const { client } = await makeOAuthClient({ scopes: ["PROFILE_READ", "BOOKING_READ"] });
    const user = await makeUser();
    const check = await checkAuthorizationRequest(request(client.id, { scope: "PROFILE_READ, BOOKING_READ", response_type: "code" }));
    expect(check).toMatchObject({ kind: "valid", authorization: { scopes: ["PROFILE_READ", "BOOKING_READ"], isLegacy: false } });
    const decision = await decideAuthorization(sessionActor(user.id), request(client.id, { scope: "PROFILE_READ BOOKING_READ" }), true);
    if (decision.kind !== "redirect") throw new Error("expected redirect");
    const params = new URL(decision.location).searchParams;
    expect(params.get("state")).toBe("a b&c=d/é");
    expect(params.get("code")).toMatch(/^cnv_ac_[A-Za-z0-9_-]{43}$/);
  });
  it("a code lives 60 seconds", async () => {
    expect(CODE_LIFETIME_MS).toBe(60_000);
    const { client } = await makeOAuthClient();
    const user = await makeUser();
    const before = Date.now();
    await decideAuthorization(sessionActor(user.id), request(client.id), true);
    const after = Date.now();
    const { expiresAt } = await db.oAuthAuthorizationCode.findFirstOrThrow({ where: { clientId: client.id }, select: { expiresAt: true } });
    expect(expiresAt.getTime()).toBeGreaterThanOrEqual(before + 60_000);
    expect(expiresAt.getTime()).toBeLessThanOrEqual(after + 60_000);
  });
  it("the answer keeps the registered redirect URI byte for byte, its own query included", async () => {
    const registered = "https://app.example.test/callback?a=b%20c&x=~";
    const { client } = await makeOAuthClient({ redirectUris: [registered] });
    const user = await makeUser();
    const decision = await decideAuthorization(sessionActor(user.id), request(client.id, { redirect_uri: registered }), true);
    if (decision.kind !== "redirect") throw new Error("expected redirect");
    expect(decision.location).toMatch(/^https:\/\/app\.example\.test\/callback\?a=b%20c&x=~&code=cnv_ac_[A-Za-z0-9_-]{43}&state=/);
    expect(new URL(decision.location).searchParams.get("state")).toBe("a b&c=d/é");
  });
  it("legacy clients skip the subset check and may omit scope", async () => {
    const { client } = await makeOAuthClient({ scopes: ["PROFILE_READ"] });
    await makeLegacy(client.id, []);
    expect(await checkAuthorizationRequest(request(client.id, { scope: "BOOKING_WRITE" }))).toMatchObject({ kind: "valid", authorization: { isLegacy: true } });
    expect(await checkAuthorizationRequest(request(client.id, { scope: undefined }))).toMatchObject({ kind: "valid" });
  });
});

describe("redirectWith", () => {
  it("appends to the registered string, respecting an existing query", () => {
    expect(redirectWith("https://app.test/cb?a=b%20c&x=~", { code: "c1", state: "s t" })).toBe("https://app.test/cb?a=b%20c&x=~&code=c1&state=s+t");
    expect(redirectWith("https://app.test/cb", { code: "c1", state: undefined })).toBe("https://app.test/cb?code=c1");
    expect(redirectWith("https://app.test/cb?", { code: "c1" })).toBe("https://app.test/cb?code=c1");
    expect(redirectWith("http://127.0.0.1:8080/cb?x=1&", { error: "access_denied" })).toBe("http://127.0.0.1:8080/cb?x=1&error=access_denied");
    expect(redirectWith("https://app.test/Cb/", {})).toBe("https://app.test/Cb/");
  });
});
