/**
 * Failed client authentication is counted per client and address, and per address; the per-address allowance refuses
 * only requests that fail themselves. Behind one NAT, or a proxy without TRUST_PROXY, every app shares one address:
 * strangers' failures (unknown client ids, another client's wrong secrets) must not lock out a client that presents
 * its right secret, while a client's own failures still lock it.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { makeUser } from "@/prisma/factories";
import { authorizeCode, makeOAuthClient, REDIRECT_URI } from "@/prisma/oauth-factories";
import { quotaOf } from "../security/rate-limits";
import { OAuthError } from "./oauth-error";
import type { ProtocolContext } from "./protocol-route";
import { exchangeToken, type TokenParams } from "./token";

const PER_CLIENT = quotaOf("CLIENT_AUTH_FAILURES_PER_CLIENT_AND_ADDRESS");
const PER_ADDRESS = quotaOf("CLIENT_AUTH_FAILURES_PER_ADDRESS");

/** One address for the whole test: each test its own, since the counters outlive a test. */
const sharedAddress = (): ProtocolContext => ({
  authorization: null,
  address: `10.77.${randomBytes(1)[0]}.${randomBytes(1)[0]}-${randomBytes(3).toString("hex")}`,
});

async function confidentialApp() {
  const { client, secret } = await makeOAuthClient({ scopes: ["PROFILE_READ"] });
  const user = await makeUser();
  /** A fresh code exchange with the client's right secret. */
  const exchange = async (): Promise<TokenParams> => ({
    grant_type: "authorization_code",
    client_id: client.id,
    client_secret: secret!,
    code: await authorizeCode(user.id, client.id, { scope: "PROFILE_READ" }),
    redirect_uri: REDIRECT_URI,
  });
  return { client, exchange };
}

async function statusOf(params: TokenParams, context: ProtocolContext): Promise<number> {
  return exchangeToken(params, context).then(
    () => 200,
    (error: unknown) => {
      expect(error).toBeInstanceOf(OAuthError);
      return (error as OAuthError).status;
    },
  );
}

describe("failed client authentication, two clients from one address", () => {
  it("the address's failures over unknown ids and another client do not refuse a client presenting its right secret", async () => {
    const address = sharedAddress();
    const app = await confidentialApp();
    const other = await confidentialApp();
    // The other client fails as often as it may before its own lock, strangers fill the rest of the address's allowance.
    for (let i = 0; i < PER_CLIENT - 1; i++) expect(await statusOf({ ...(await other.exchange()), client_secret: "cnv_cs_wrong" }, address)).toBe(401);
    for (let i = PER_CLIENT - 1; i < PER_ADDRESS; i++) {
      expect(await statusOf({ grant_type: "refresh_token", client_id: `unknown-${i}`, refresh_token: "x" }, address)).toBe(401);
    }
    // The address is spent: a request that fails hears 429 with Retry-After...
    const refused = await exchangeToken({ grant_type: "refresh_token", client_id: "unknown-next", refresh_token: "x" }, address).catch(
      (error: OAuthError) => error,
    );
    expect(refused).toMatchObject({ status: 429, error: "temporarily_unavailable" });
    expect(Number((refused as OAuthError).headers["Retry-After"])).toBeGreaterThan(0);
    // ...but each client that authenticates gets its tokens, from the same address.
    await expect(exchangeToken(await app.exchange(), address)).resolves.toMatchObject({ token_type: "bearer" });
    await expect(exchangeToken(await other.exchange(), address)).resolves.toMatchObject({ token_type: "bearer" });
  });

  it("a client's own failures still lock it from that address, and a wrong secret refused with 429 still counts", async () => {
    const address = sharedAddress();
    const app = await confidentialApp();
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect(await statusOf({ grant_type: "refresh_token", client_id: `unknown-${i}`, refresh_token: "x" }, address)).toBe(401);
    }
    // Past the address's allowance the app's wrong secrets are refused with 429, and count against the app.
    for (let i = 0; i < PER_CLIENT; i++) expect(await statusOf({ ...(await app.exchange()), client_secret: "cnv_cs_wrong" }, address)).toBe(429);
    expect(await statusOf(await app.exchange(), address)).toBe(429);
    // Elsewhere the app is untouched.
    expect(await statusOf(await app.exchange(), sharedAddress())).toBe(200);
  });
});
