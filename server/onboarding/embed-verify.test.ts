import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { makeOAuthClient } from "../../prisma/oauth-factories";
import { disconnectDb } from "../db/client";
import { s256 } from "../oauth/pkce";
import { openEmbedContext } from "./embed-session";
import { handleEmbedVerify, verifyEmbedRequest } from "./embed-verify";

afterAll(() => disconnectDb());
beforeEach(() => {
  vi.stubEnv("NEXTAUTH_SECRET", "test-secret-for-the-embed-cookie");
});

const REDIRECT = "http://127.0.0.1:4600/callback";
const challenge = s256("v".repeat(43));

async function embedParams(overrides: Record<string, string> = {}) {
  const { client } = await makeOAuthClient({ type: "PUBLIC", redirectUris: [REDIRECT], scopes: ["PROFILE_READ"] });
  return {
    client_id: client.id,
    redirect_uri: REDIRECT,
    scope: "PROFILE_READ",
    state: "s",
    theme: "dark",
    onboardingEmbed: "true",
    code_challenge: challenge,
    code_challenge_method: "S256",
    email: "ada@example.test",
    ...overrides,
  };
}

describe("verifyEmbedRequest", () => {
  it("records the verified origin and continues into onboarding with the request, theme and prefill", async () => {
    const params = await embedParams();
    const result = await verifyEmbedRequest(params);
    if (result.kind !== "valid") throw new Error(result.message);
    expect(openEmbedContext(result.cookie)).toEqual({ clientId: params.client_id, redirectUri: REDIRECT, origin: "http://127.0.0.1:4600" });
    const location = new URL(result.location, "http://x");
    expect(location.pathname).toBe("/onboarding");
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: params.client_id,
      response_type: "code",
      code_challenge: challenge,
      theme: "dark",
      email: "ada@example.test",
    });
  });

  it.each([
    ["an unregistered redirect_uri", { redirect_uri: `${REDIRECT}/other` }, /does not match any redirect URI/],
    ["an unknown client", { client_id: "nope" }, /No application exists/],
    ["a scope the client does not have", { scope: "BOOKING_WRITE" }, /exceeds the client's registered scopes/],
    ["no PKCE for a public client", { code_challenge: "", code_challenge_method: "" }, /code_challenge/],
    ["no onboardingEmbed=true", { onboardingEmbed: "false" }, /onboardingEmbed=true/],
  ])("refuses %s as INVALID_PROPS, addressed to the claimed origin", async (_case, overrides, message) => {
    const params = Object.fromEntries(Object.entries(await embedParams(overrides)).filter(([, value]) => value !== ""));
    const result = await verifyEmbedRequest(params);
    expect(result).toMatchObject({ kind: "invalid", message: expect.stringMatching(message) });
  });

  it("refuses a repeated parameter, and takes a challenge without code_challenge_method as S256", async () => {
    const params = await embedParams();
    expect(await verifyEmbedRequest({ ...params, state: ["a", "b"] })).toMatchObject({
      kind: "invalid",
      message: expect.stringMatching(/state appears more than once/),
    });
    const { code_challenge_method: _method, ...withoutMethod } = params;
    expect((await verifyEmbedRequest(withoutMethod)).kind).toBe("valid");
  });

  it("answers a refusal with a page framable by the claimed origin only, posting only there", async () => {
    const params = await embedParams({ redirect_uri: `${REDIRECT}/other` });
    const response = await handleEmbedVerify(
      new Request(`http://localhost/api/onboarding-embed/verify?${new URLSearchParams(params)}`, { headers: { "sec-fetch-dest": "iframe" } }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get("content-security-policy")).toBe("frame-ancestors http://127.0.0.1:4600");
    const html = await response.text();
    expect(html).toContain('"INVALID_PROPS"');
    expect(html).toContain(', "http://127.0.0.1:4600");');
    expect(html).not.toContain('"*"');
  });

  it("sends a top-level visit to the ordinary onboarding, without an embed cookie", async () => {
    const params = await embedParams();
    const response = await handleEmbedVerify(
      new Request(`http://localhost/api/onboarding-embed/verify?${new URLSearchParams(params)}`, { headers: { "sec-fetch-dest": "document" } }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("location")).toMatch(/^\/onboarding\?/);
  });
});
