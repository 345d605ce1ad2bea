import { describe, expect, it } from "vitest";
import { makeOAuthTokens } from "@/prisma/oauth-factories";
import { findPrincipalForAccessToken } from "./access-tokens";
import { OAuthError } from "./oauth-error";
import { revokeToken } from "./revocation";
import { exchangeToken } from "./token";

const CONTEXT = { authorization: null, address: "10.9.8.6" };

type Tokens = Awaited<ReturnType<typeof makeOAuthTokens>>;
const credentials = (tokens: Tokens) => ({ client_id: tokens.client.id, client_secret: tokens.secret! });
const refreshWith = (tokens: Tokens, refreshToken = tokens.refresh_token) =>
  exchangeToken({ ...credentials(tokens), grant_type: "refresh_token", refresh_token: refreshToken }, CONTEXT);

describe("revocation endpoint (RFC 7009)", () => {
  it("revoking a refresh token ends the whole grant: its access token and any refresh", async () => {
    const tokens = await makeOAuthTokens(["PROFILE_READ"]);
    const rotated = await refreshWith(tokens);
    await revokeToken({ ...credentials(tokens), token: rotated.refresh_token }, CONTEXT);
    expect(await findPrincipalForAccessToken(rotated.access_token)).toBeNull();
    await expect(refreshWith(tokens, rotated.refresh_token)).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("revoking another client's token changes nothing and reveals nothing", async () => {
    const mine = await makeOAuthTokens(["PROFILE_READ"]);
    const theirs = await makeOAuthTokens(["PROFILE_READ"]);
    for (const token of [theirs.refresh_token, theirs.access_token]) {
      await expect(revokeToken({ ...credentials(mine), token }, CONTEXT)).resolves.toBeUndefined();
    }
    expect(await findPrincipalForAccessToken(theirs.access_token)).not.toBeNull();
    expect((await refreshWith(theirs)).token_type).toBe("bearer");
  });

  it("needs the client's own credentials", async () => {
    const tokens = await makeOAuthTokens(["PROFILE_READ"]);
    const failure = await revokeToken({ client_id: tokens.client.id, client_secret: "cnv_cs_wrong", token: tokens.refresh_token }, CONTEXT).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(OAuthError);
    expect(await findPrincipalForAccessToken(tokens.access_token)).not.toBeNull();
  });
});
