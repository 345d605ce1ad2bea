import { sessionActor } from "../auth/actor";
import { describe, expect, it, vi } from "vitest";
import { makeUser } from "@/prisma/factories";
import { authorizeCode, makeLegacy, makeOAuthClient, makeOAuthTokens, newVerifier, REDIRECT_URI } from "@/prisma/oauth-factories";
import { db } from "../db/client";
import { principalForBearer } from "../auth/authenticate";
import { credentialCache } from "../auth/credential-cache";
import { hashSecret } from "../auth/secrets";
import { findPrincipalForAccessToken } from "./access-tokens";
import { createClientSecret, revokeClientSecret } from "./client-secrets";
import { updateClient } from "./clients";
import { revokeAppAccess } from "./grants";
import { REFRESH_ABSOLUTE_MS, REFRESH_IDLE_MS } from "./issued-tokens";
import { OAuthError } from "./oauth-error";
import { quotaOf } from "../security/rate-limits";
import { s256 } from "./pkce";
import { reviewClient } from "./review";
import type { ProtocolContext } from "./protocol-route";
import { exchangeToken, type TokenParams } from "./token";

const CONTEXT: ProtocolContext = { authorization: null, address: "10.9.8.7" };

async function oauthFailure(params: TokenParams, context = CONTEXT) {
  const error = await exchangeToken(params, context).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OAuthError);
  return error as OAuthError;
}

async function confidentialSetup(scopes = ["PROFILE_READ", "BOOKING_READ"]) {
  const { client, secret } = await makeOAuthClient({ scopes });
  const user = await makeUser();
  const code = await authorizeCode(user.id, client.id, { scope: scopes.join(",") });
  const exchange = { grant_type: "authorization_code", client_id: client.id, client_secret: secret!, code, redirect_uri: REDIRECT_URI };
  return { client, secret: secret!, user, code, exchange };
}

describe("code exchange", () => {
  it("issues a bearer pair with 1800 s and the granted scopes, usable as a principal", async () => {
    const { exchange, user } = await confidentialSetup();
    const tokens = await exchangeToken(exchange, CONTEXT);
    expect(tokens).toMatchObject({ token_type: "bearer", expires_in: 1800, scope: "PROFILE_READ BOOKING_READ" });
    const principal = await findPrincipalForAccessToken(tokens.access_token);
    expect(principal).toMatchObject({ userId: user.id, via: "oauth", scopes: ["PROFILE_READ", "BOOKING_READ"] });
  });

  it("stores codes and tokens only as hashes", async () => {
    const { exchange } = await confidentialSetup();
    const tokens = await exchangeToken(exchange, CONTEXT);
    const rows = await db.oAuthToken.findMany({ where: { hash: { in: [tokens.access_token, tokens.refresh_token] } } });
    expect(rows).toHaveLength(0);
    expect(await db.oAuthAuthorizationCode.count({ where: { hash: exchange.code } })).toBe(0);
  });

  // The spec's Token endpoint errors table, row by row.
  it.each<[string, number, string, (exchange: TokenParams) => TokenParams]>([
    ["code invalid", 400, "invalid_grant", (e) => ({ ...e, code: "cnv_ac_nope" })],
    ["secret does not match", 401, "invalid_client", (e) => ({ ...e, client_secret: "cnv_cs_wrong" })],
    ["no client for client_id", 401, "invalid_client", (e) => ({ ...e, client_id: "unknown-client" })],
    ["client_id missing", 400, "invalid_request", ({ client_id: _omit, ...e }) => e],
    ["grant_type unknown", 400, "unsupported_grant_type", (e) => ({ ...e, grant_type: "password" })],
    ["grant_type missing", 400, "invalid_request", ({ grant_type: _omit, ...e }) => e],
    ["redirect_uri missing", 400, "invalid_request", ({ redirect_uri: _omit, ...e }) => e],
    ["redirect_uri differs", 400, "invalid_grant", (e) => ({ ...e, redirect_uri: "https://app.example.test/other" })],
    ["verifier for a code without challenge", 400, "invalid_grant", (e) => ({ ...e, code_verifier: newVerifier() })],
  ])("%s → %i %s", async (_label, status, error, mutate) => {
    const { exchange } = await confidentialSetup();
    const failure = await oauthFailure(mutate(exchange));
    expect([failure.status, failure.error]).toEqual([status, error]);
  });

  it("stores the pair with its lifetimes, tied to the grant and the code it came from, and spends the code", async () => {
    const { exchange } = await confidentialSetup();
    const before = Date.now();
    const tokens = await exchangeToken(exchange, CONTEXT);
    const code = await db.oAuthAuthorizationCode.findUniqueOrThrow({ where: { hash: hashSecret(exchange.code) } });
    const rows = await db.oAuthToken.findMany({ where: { hash: { in: [hashSecret(tokens.access_token), hashSecret(tokens.refresh_token)] } } });
    const byKind = Object.fromEntries(rows.map((row) => [row.kind, row]));
    expect(code.consumedAt).not.toBeNull();
    expect(rows.map((row) => [row.grantId, row.codeId])).toEqual([
      [code.grantId, code.id],
      [code.grantId, code.id],
    ]);
    // Within a few seconds of now + lifetime: a time-zone slip would be off by hours.
    expect(Math.abs(byKind.ACCESS!.expiresAt.getTime() - (before + 1800_000))).toBeLessThan(5_000);
    expect(Math.abs(byKind.REFRESH!.expiresAt.getTime() - (before + REFRESH_IDLE_MS))).toBeLessThan(5_000);
  });

  it("refuses a code whose grant was revoked before it was redeemed", async () => {
    const { exchange, user } = await confidentialSetup();
    await revokeAppAccess(sessionActor(user.id), exchange.client_id);
    expect((await oauthFailure(exchange)).error).toBe("invalid_grant");
  });

  it("refuses an expired code", async () => {
    const { exchange } = await confidentialSetup();
    await db.oAuthAuthorizationCode.updateMany({ where: { clientId: exchange.client_id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await oauthFailure(exchange)).error).toBe("invalid_grant");
  });

  it("gives exactly one success to parallel redemptions and revokes what a replay touches", async () => {
    const { exchange } = await confidentialSetup();
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => exchangeToken(exchange, CONTEXT)));
    const succeeded = results.filter((result) => result.status === "fulfilled");
    expect(succeeded).toHaveLength(1);
    for (const result of results) if (result.status === "rejected") expect((result.reason as OAuthError).error).toBe("invalid_grant");
  });

  it("a replayed code fails and revokes the tokens issued from it", async () => {
    const { exchange } = await confidentialSetup();
    const tokens = await exchangeToken(exchange, CONTEXT);
    expect(await findPrincipalForAccessToken(tokens.access_token)).not.toBeNull();
    expect((await oauthFailure(exchange)).error).toBe("invalid_grant");
    expect(await findPrincipalForAccessToken(tokens.access_token)).toBeNull();
    expect(
      (
        await oauthFailure({
          grant_type: "refresh_token",
          client_id: exchange.client_id,
          client_secret: exchange.client_secret,
          refresh_token: tokens.refresh_token,
        })
      ).error,
    ).toBe("invalid_grant");
  });
});

describe("what a failed redemption leaves behind", () => {
  it("another client presenting the code does not burn it for its owner", async () => {
    const { exchange } = await confidentialSetup();
    const other = await makeOAuthClient({ scopes: ["PROFILE_READ", "BOOKING_READ"] });
    const stolen = await oauthFailure({ ...exchange, client_id: other.client.id, client_secret: other.secret! });
    expect([stolen.status, stolen.error]).toEqual([400, "invalid_grant"]);
    expect((await exchangeToken(exchange, CONTEXT)).token_type).toBe("bearer");
  });

  it("a wrong redirect_uri does not burn the code; a second redemption by the owner still revokes", async () => {
    const { exchange } = await confidentialSetup();
    expect((await oauthFailure({ ...exchange, redirect_uri: "https://app.example.test/other" })).error).toBe("invalid_grant");
    const tokens = await exchangeToken(exchange, CONTEXT);
    expect((await oauthFailure(exchange)).error).toBe("invalid_grant");
    expect(await findPrincipalForAccessToken(tokens.access_token)).toBeNull();
  });
});

describe("client authentication is unambiguous (RFC 6749 §2.3)", () => {
  const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

  it("Basic plus client_secret in the body is invalid_request, even when both are right", async () => {
    const { exchange } = await confidentialSetup();
    const { client_secret, ...withoutSecret } = exchange;
    const failure = await oauthFailure(exchange, { ...CONTEXT, authorization: basic(exchange.client_id, client_secret) });
    expect([failure.status, failure.error]).toEqual([400, "invalid_request"]);
    const viaBasic = await exchangeToken(withoutSecret, { ...CONTEXT, authorization: basic(exchange.client_id, encodeURIComponent(client_secret)) });
    expect(viaBasic.token_type).toBe("bearer");
  });

  it("client_id in the body differing from Basic's is invalid_request", async () => {
    const { exchange } = await confidentialSetup();
    const { client_secret, ...withoutSecret } = exchange;
    const failure = await oauthFailure(
      { ...withoutSecret, client_id: "someone-else" },
      { ...CONTEXT, authorization: basic(exchange.client_id, client_secret) },
    );
    expect([failure.status, failure.error]).toEqual([400, "invalid_request"]);
  });

  it.each<[string, (clientId: string) => string]>([
    ["a password with a malformed percent-escape", (id) => basic(id, "%ZZ")],
    ["a user with a malformed percent-escape", () => basic("%ZZ", "secret")],
    ["a truncated escape", (id) => basic(id, "abc%")],
    ["no colon", (id) => `Basic ${Buffer.from(id).toString("base64")}`],
    ["not base64", () => "Basic !!!not-base64!!!"],
    ["not UTF-8", () => `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0x61]).toString("base64")}`],
    ["an empty user", () => basic("", "secret")],
    ["no credentials after the scheme", () => "Basic"],
  ])("Basic credentials with %s are 401 invalid_client", async (_label, header) => {
    const { exchange } = await confidentialSetup();
    const { client_id: _id, client_secret: _secret, ...rest } = exchange;
    const failure = await oauthFailure(rest, { ...CONTEXT, authorization: header(exchange.client_id) });
    expect([failure.status, failure.error]).toEqual([401, "invalid_client"]);
  });
});

describe("PKCE", () => {
  it("public client: verifier required and checked", async () => {
    const { client } = await makeOAuthClient({ type: "PUBLIC", scopes: ["PROFILE_READ"] });
    const user = await makeUser();
    const verifier = newVerifier();
    const code = await authorizeCode(user.id, client.id, { scope: "PROFILE_READ", code_challenge: s256(verifier), code_challenge_method: "S256" });
    const base = { grant_type: "authorization_code", client_id: client.id, code, redirect_uri: REDIRECT_URI };
    expect((await oauthFailure(base)).error).toBe("invalid_request");
    expect((await oauthFailure({ ...base, code_verifier: newVerifier() })).error).toBe("invalid_grant");
    // A wrong verifier is refused before the code is spent: its holder can still redeem it.
    const tokens = await exchangeToken({ ...base, code_verifier: verifier }, CONTEXT);
    expect(tokens.scope).toBe("PROFILE_READ");
  });

  it("confidential client that sent a challenge must send the verifier too", async () => {
    const { client, secret } = await makeOAuthClient({ scopes: ["PROFILE_READ"] });
    const user = await makeUser();
    const verifier = newVerifier();
    const code = await authorizeCode(user.id, client.id, { scope: "PROFILE_READ", code_challenge: s256(verifier), code_challenge_method: "S256" });
    const base = { grant_type: "authorization_code", client_id: client.id, client_secret: secret!, code, redirect_uri: REDIRECT_URI };
    expect((await oauthFailure(base)).error).toBe("invalid_grant");
  });
});

describe("refresh", () => {
  it("rotates, preserves scopes, and a rotated-out token revokes the grant", async () => {
    const first = await makeOAuthTokens(["PROFILE_READ", "SCHEDULE_READ"]);
    const refresh = { grant_type: "refresh_token", client_id: first.client.id, client_secret: first.secret!, refresh_token: first.refresh_token };
    const second = await exchangeToken(refresh, CONTEXT);
    expect(second.scope).toBe("PROFILE_READ SCHEDULE_READ");
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await findPrincipalForAccessToken(second.access_token)).not.toBeNull();
    const reuse = await oauthFailure(refresh);
    expect([reuse.status, reuse.error]).toEqual([400, "invalid_grant"]);
    expect(await findPrincipalForAccessToken(second.access_token)).toBeNull();
    expect((await oauthFailure({ ...refresh, refresh_token: second.refresh_token })).error).toBe("invalid_grant");
  });

  it("refuses an invalid refresh token with 400 and another client's token as invalid", async () => {
    const tokens = await makeOAuthTokens(["PROFILE_READ"]);
    const base = { grant_type: "refresh_token", client_id: tokens.client.id, client_secret: tokens.secret! };
    expect((await oauthFailure({ ...base, refresh_token: "cnv_rt_unknown" })).status).toBe(400);
    expect((await oauthFailure({ ...base, refresh_token: tokens.access_token })).error).toBe("invalid_grant");
    const other = await makeOAuthTokens(["PROFILE_READ"]);
    expect((await oauthFailure({ ...base, refresh_token: other.refresh_token })).error).toBe("invalid_grant");
  });

  // The spec's Token endpoint errors table, for the refresh variants.
  it.each<[string, number, string, (refresh: TokenParams) => TokenParams]>([
    ["no client for client_id", 401, "invalid_client", (r) => ({ ...r, client_id: "unknown-client" })],
    ["client_id missing", 400, "invalid_request", ({ client_id: _omit, ...r }) => r],
    ["grant_type missing", 400, "invalid_request", ({ grant_type: _omit, ...r }) => r],
    ["grant_type unknown", 400, "unsupported_grant_type", (r) => ({ ...r, grant_type: "client_credentials" })],
    ["secret does not match", 401, "invalid_client", (r) => ({ ...r, client_secret: "cnv_cs_wrong" })],
    ["refresh_token missing", 400, "invalid_request", ({ refresh_token: _omit, ...r }) => r],
  ])("refresh: %s → %i %s", async (_label, status, error, mutate) => {
    const tokens = await makeOAuthTokens(["PROFILE_READ"]);
    const refresh = { grant_type: "refresh_token", client_id: tokens.client.id, client_secret: tokens.secret!, refresh_token: tokens.refresh_token };
    const failure = await oauthFailure(mutate(refresh));
    expect([failure.status, failure.error]).toEqual([status, error]);
  });

  it("public clients refresh without a secret", async () => {
    const tokens = await makeOAuthTokens(["PROFILE_READ"], { type: "PUBLIC" });
    const refreshed = await exchangeToken({ grant_type: "refresh_token", client_id: tokens.client.id, refresh_token: tokens.refresh_token }, CONTEXT);
    expect(refreshed.expires_in).toBe(1800);
  });
});

describe("refresh token lifetime (30 days idle, 90 days after authorization)", () => {
  const DAY_MS = 24 * 3600 * 1000;

  /** Only Date is faked: the database driver's timers keep running. */
  async function atTime<T>(epochMs: number, run: () => Promise<T>): Promise<T> {
    vi.useFakeTimers({ toFake: ["Date"], now: epochMs });
    try {
      return await run();
    } finally {
      vi.useRealTimers();
    }
  }

  it("a refresh token unused past the idle limit is refused with invalid_grant", async () => {
    const tokens = await makeOAuthTokens(["PROFILE_READ"]);
    const refresh = { grant_type: "refresh_token", client_id: tokens.client.id, client_secret: tokens.secret!, refresh_token: tokens.refresh_token };
    const failure = await atTime(Date.now() + REFRESH_IDLE_MS + 1000, () => oauthFailure(refresh));
    expect([failure.status, failure.error]).toEqual([400, "invalid_grant"]);
  });

  it("refreshing within the idle limit keeps a grant alive only until the absolute limit", async () => {
    expect([REFRESH_IDLE_MS, REFRESH_ABSOLUTE_MS]).toEqual([30 * DAY_MS, 90 * DAY_MS]);
    const tokens = await makeOAuthTokens(["PROFILE_READ"]);
    const grant = await db.oAuthGrant.findFirstOrThrow({ where: { clientId: tokens.client.id }, select: { createdAt: true } });
    const authorizedAt = grant.createdAt.getTime();
    const base = { grant_type: "refresh_token", client_id: tokens.client.id, client_secret: tokens.secret! };
    let refreshToken = tokens.refresh_token;
    for (const day of [29, 58, 87]) {
      refreshToken = (await atTime(authorizedAt + day * DAY_MS, () => exchangeToken({ ...base, refresh_token: refreshToken }, CONTEXT))).refresh_token;
    }
    // Issued on day 87: idle would allow day 117, the absolute limit ends it on day 90.
    const last = await db.oAuthToken.findUniqueOrThrow({ where: { hash: hashSecret(refreshToken) }, select: { expiresAt: true } });
    expect(last.expiresAt.getTime()).toBe(authorizedAt + REFRESH_ABSOLUTE_MS);
    const failure = await atTime(authorizedAt + REFRESH_ABSOLUTE_MS + 1000, () => oauthFailure({ ...base, refresh_token: refreshToken }));
    expect(failure.error).toBe("invalid_grant");
  });
});

describe("client lifecycle and grants", () => {
  it("secret rotation: two secrets work, a third is refused, a revoked one fails at once, tokens survive", async () => {
    const tokens = await makeOAuthTokens(["PROFILE_READ"]);
    const owner = await db.oAuthClient.findUniqueOrThrow({ where: { id: tokens.client.id }, select: { ownerId: true, secrets: { select: { id: true } } } });
    const second = await createClientSecret(sessionActor(owner.ownerId!), tokens.client.id);
    await expect(createClientSecret(sessionActor(owner.ownerId!), tokens.client.id)).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/revoke one/i),
    });
    const refreshWith = (secret: string, refreshToken: string) =>
      exchangeToken({ grant_type: "refresh_token", client_id: tokens.client.id, client_secret: secret, refresh_token: refreshToken }, CONTEXT);
    const viaNew = await refreshWith(second.secret, tokens.refresh_token);
    await revokeClientSecret(sessionActor(owner.ownerId!), tokens.client.id, owner.secrets[0]!.id);
    const failure = await oauthFailure({
      grant_type: "refresh_token",
      client_id: tokens.client.id,
      client_secret: tokens.secret!,
      refresh_token: viaNew.refresh_token,
    });
    expect([failure.status, failure.error]).toEqual([401, "invalid_client"]);
    expect(await findPrincipalForAccessToken(viaNew.access_token)).not.toBeNull();
    await refreshWith(second.secret, viaNew.refresh_token);
  });

  it("re-review keeps existing grants working; rejection stops them entirely", async () => {
    const tokens = await makeOAuthTokens(["PROFILE_READ"]);
    const { ownerId } = await db.oAuthClient.findUniqueOrThrow({ where: { id: tokens.client.id }, select: { ownerId: true } });
    const edited = await updateClient(sessionActor(ownerId!), { clientId: tokens.client.id, name: "Renamed app" });
    expect(edited.status).toBe("PENDING");
    expect(await findPrincipalForAccessToken(tokens.access_token)).not.toBeNull();
    const refreshed = await exchangeToken(
      { grant_type: "refresh_token", client_id: tokens.client.id, client_secret: tokens.secret!, refresh_token: tokens.refresh_token },
      CONTEXT,
    );
    const admin = await makeUser({ role: "ADMIN" });
    await reviewClient(sessionActor(admin.id), { clientId: tokens.client.id, decision: "REJECT", reason: "Misleading name" });
    expect(await findPrincipalForAccessToken(refreshed.access_token)).toBeNull();
    const failure = await oauthFailure({
      grant_type: "refresh_token",
      client_id: tokens.client.id,
      client_secret: tokens.secret!,
      refresh_token: refreshed.refresh_token,
    });
    expect(failure.error).toBe("unauthorized_client");
  });

  it("a rejected client's grants stay dead through later edits and a new acceptance", async () => {
    const tokens = await makeOAuthTokens(["PROFILE_READ"]);
    const clientId = tokens.client.id;
    const { ownerId } = await db.oAuthClient.findUniqueOrThrow({ where: { id: clientId }, select: { ownerId: true } });
    const admin = await makeUser({ role: "ADMIN" });
    const refresh = { grant_type: "refresh_token", client_id: clientId, client_secret: tokens.secret!, refresh_token: tokens.refresh_token };
    await updateClient(sessionActor(ownerId!), { clientId, name: "Renamed app" });
    await reviewClient(sessionActor(admin.id), { clientId, decision: "REJECT", reason: "Misleading name" });
    // Edited again: pending, as a once-accepted client in re-review is. Its old grants must not come back.
    expect((await updateClient(sessionActor(ownerId!), { clientId, name: "Honest name" })).status).toBe("PENDING");
    expect(await findPrincipalForAccessToken(tokens.access_token)).toBeNull();
    expect((await oauthFailure(refresh)).error).toBe("unauthorized_client");
    expect(await db.oAuthGrant.count({ where: { clientId, revokedAt: null } })).toBe(0);
    await reviewClient(sessionActor(admin.id), { clientId, decision: "ACCEPT" });
    expect(await findPrincipalForAccessToken(tokens.access_token)).toBeNull();
    expect((await oauthFailure(refresh)).error).toBe("invalid_grant");
  });

  it("a user revoking an app stops its tokens at once", async () => {
    const tokens = await makeOAuthTokens(["PROFILE_READ"]);
    await revokeAppAccess(sessionActor(tokens.userId), tokens.client.id);
    expect(await findPrincipalForAccessToken(tokens.access_token)).toBeNull();
  });

  it("legacy grants carry requested scopes but are not limited by them; saving scopes ends legacy for new grants only", async () => {
    const { client, secret, owner } = await makeOAuthClient({ scopes: ["PROFILE_READ"] });
    await makeLegacy(client.id);
    const user = await makeUser();
    const code = await authorizeCode(user.id, client.id, { scope: "BOOKING_READ" });
    const tokens = await exchangeToken(
      { grant_type: "authorization_code", client_id: client.id, client_secret: secret!, code, redirect_uri: REDIRECT_URI },
      CONTEXT,
    );
    expect(tokens.scope).toBe("BOOKING_READ");
    expect((await findPrincipalForAccessToken(tokens.access_token))?.scopes).toBeNull();
    const updated = await updateClient(sessionActor(owner.id), { clientId: client.id, scopes: ["BOOKING_READ"] });
    expect(updated.status).toBe("ACCEPTED");
    expect((await findPrincipalForAccessToken(tokens.access_token))?.scopes).toBeNull();
    const code2 = await authorizeCode(user.id, client.id, { scope: "BOOKING_READ" });
    const scoped = await exchangeToken(
      { grant_type: "authorization_code", client_id: client.id, client_secret: secret!, code: code2, redirect_uri: REDIRECT_URI },
      CONTEXT,
    );
    expect((await findPrincipalForAccessToken(scoped.access_token))?.scopes).toEqual(["BOOKING_READ"]);
  });

  it("a scope removed from the client stops working in existing grants: on refresh and in cached credentials", async () => {
    const tokens = await makeOAuthTokens(["BOOKING_READ", "PROFILE_READ"]);
    const { ownerId } = await db.oAuthClient.findUniqueOrThrow({ where: { id: tokens.client.id }, select: { ownerId: true } });
    await vi.waitFor(async () => {
      expect((await principalForBearer(tokens.access_token))?.scopes).toEqual(["BOOKING_READ", "PROFILE_READ"]);
      expect(credentialCache.get(hashSecret(tokens.access_token))).not.toBeNull();
    });
    await updateClient(sessionActor(ownerId!), { clientId: tokens.client.id, scopes: ["PROFILE_READ"] });
    await reviewClient(sessionActor((await makeUser({ role: "ADMIN" })).id), { clientId: tokens.client.id, decision: "ACCEPT" });
    expect((await principalForBearer(tokens.access_token))?.scopes).toEqual(["PROFILE_READ"]);
    const refreshed = await exchangeToken(
      { grant_type: "refresh_token", client_id: tokens.client.id, client_secret: tokens.secret!, refresh_token: tokens.refresh_token },
      CONTEXT,
    );
    expect(refreshed.scope).toBe("PROFILE_READ");
    expect((await principalForBearer(refreshed.access_token))?.scopes).toEqual(["PROFILE_READ"]);
  });

  it("a client that kept none of a grant's scopes cannot refresh it", async () => {
    const tokens = await makeOAuthTokens(["BOOKING_READ"]);
    const { ownerId } = await db.oAuthClient.findUniqueOrThrow({ where: { id: tokens.client.id }, select: { ownerId: true } });
    await updateClient(sessionActor(ownerId!), { clientId: tokens.client.id, scopes: ["PROFILE_READ"] });
    expect((await findPrincipalForAccessToken(tokens.access_token))?.scopes).toEqual([]);
    const failure = await oauthFailure({
      grant_type: "refresh_token",
      client_id: tokens.client.id,
      client_secret: tokens.secret!,
      refresh_token: tokens.refresh_token,
    });
    expect(failure.error).toBe("invalid_grant");
  });

  it("rate-limits failed client authentication per client and address, without locking the client out elsewhere", async () => {
    const { exchange } = await confidentialSetup();
    const guesser = { authorization: null, address: "10.1.2.3" };
    const attempt = () => oauthFailure({ ...exchange, client_secret: "cnv_cs_wrong" }, guesser);
    for (let i = 0; i < quotaOf("CLIENT_AUTH_FAILURES_PER_CLIENT_AND_ADDRESS"); i++) expect((await attempt()).status).toBe(401);
    // Exhausted for this caller: even the right secret is refused from its address...
    const limited = await oauthFailure(exchange, guesser);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["Retry-After"])).toBeGreaterThan(0);
    // ...while the app itself, calling from its own address, still gets its tokens.
    const tokens = await exchangeToken(exchange, { authorization: null, address: "10.1.2.4" });
    expect(tokens.token_type).toBe("bearer");
  });

  it("rate-limits one address failing across many clients", async () => {
    const context = { authorization: null, address: "10.1.2.5" };
    for (let i = 0; i < quotaOf("CLIENT_AUTH_FAILURES_PER_ADDRESS"); i++) {
      expect((await oauthFailure({ grant_type: "refresh_token", client_id: `unknown-${i}`, refresh_token: "x" }, context)).status).toBe(401);
    }
    expect((await oauthFailure({ grant_type: "refresh_token", client_id: "unknown-next", refresh_token: "x" }, context)).status).toBe(429);
  });
});
