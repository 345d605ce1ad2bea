/**
 * TRUST_PROXY decides which address a per-address limit counts (here: failed client authentication at
 * the token endpoint, 10 per client and address). Whatever a caller writes into X-Forwarded-For beyond
 * the trusted hops must not move it. The run's server trusts one hop (global setup); a second instance
 * over the same database runs with the default, 0.
 */
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { makeUser } from "../../prisma/factories";
import { authorizeCode, makeOAuthClient, REDIRECT_URI } from "../../prisma/oauth-factories";
import { disconnectDb } from "../../server/db/client";
import { quotaOf } from "../../server/security/rate-limits";
import { expect, test } from "../support/fixtures";
import { startSideServer } from "../support/test-server";

const TOKEN = "/v2/auth/oauth2/token";
const spoofed = () => `198.51.100.${randomBytes(1)[0]}`;

test.afterAll(() => disconnectDb());

async function codeExchange() {
  const { client, secret } = await makeOAuthClient({ scopes: ["PROFILE_READ"] });
  const code = await authorizeCode((await makeUser()).id, client.id, { scope: "PROFILE_READ" });
  return { client_id: client.id, client_secret: secret!, grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI };
}

/** Fails client authentication up to the limit, each time with a new X-Forwarded-For from `forwardedFor`. */
async function failUpToTheLimit(request: APIRequestContext, url: string, params: Record<string, string>, forwardedFor: () => string) {
  for (let attempt = 0; attempt < quotaOf("CLIENT_AUTH_FAILURES_PER_CLIENT_AND_ADDRESS"); attempt++) {
    const response = await request.post(url, { form: { ...params, client_secret: "cnv_cs_wrong" }, headers: { "x-forwarded-for": forwardedFor() } });
    expect(response.status()).toBe(401);
  }
}

test("TRUST_PROXY=0 (the default): a caller changing X-Forwarded-For on every try is still one address, and is limited", async ({ request }) => {
  const server = await startSideServer({ TRUST_PROXY: "0" });
  try {
    const params = await codeExchange();
    await failUpToTheLimit(request, `${server.baseUrl}${TOKEN}`, params, spoofed);
    const limited = await request.post(`${server.baseUrl}${TOKEN}`, { form: params, headers: { "x-forwarded-for": spoofed() } });
    expect(limited.status()).toBe(429);
    expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
  } finally {
    await server.stop();
  }
});

test("TRUST_PROXY=1: the last hop is the caller; entries the caller adds to its left change nothing", async ({ request }) => {
  const params = await codeExchange();
  const proxySaw = `192.0.2.${randomBytes(1)[0]}`;
  await failUpToTheLimit(request, TOKEN, params, () => `${spoofed()}, ${proxySaw}`);
  const limited = await request.post(TOKEN, { form: params, headers: { "x-forwarded-for": `${spoofed()}, ${proxySaw}` } });
  expect(limited.status()).toBe(429);
  // Another caller behind the same proxy is another address.
  const other = await request.post(TOKEN, { form: params, headers: { "x-forwarded-for": `${proxySaw}, 203.0.113.${randomBytes(1)[0]}` } });
  expect(other.status()).toBe(200);
});
