/** OAuth: a bearer-authenticated request with an access token, and the authorization-code exchange. */
import { authorizeCode, makeOAuthClient, makeOAuthTokens, REDIRECT_URI } from "../../../prisma/oauth-factories";
import { makeUser } from "../../../prisma/factories";
import type { Scenario } from "../scenario";

export const oauthMeScenario: Scenario = {
  name: "GET /v2/me (OAuth token)",
  minRatio: 0.8,
  async prepare() {
    const { access_token } = await makeOAuthTokens(["PROFILE_READ"]);
    return { path: "/v2/me", headers: { authorization: `Bearer ${access_token}` }, expectStatus: 200 };
  },
};

/**
 * Codes are single use and live 60 s, so a fixed batch is made just before and each is sent once: six slices of 300,
 * all of them sent well within the minute.
 */
const EXCHANGES = 1800;

export const tokenExchangeScenario: Scenario = {
  name: `POST token (code exchange ×${EXCHANGES})`,
  minRatio: 0.3,
  async prepare() {
    const { client, secret } = await makeOAuthClient({ scopes: ["PROFILE_READ"] });
    const user = await makeUser();
    const bodies: string[] = [];
    for (let i = 0; i < EXCHANGES; i++) {
      const code = await authorizeCode(user.id, client.id, { scope: "PROFILE_READ" });
      bodies.push(JSON.stringify({ grant_type: "authorization_code", client_id: client.id, client_secret: secret, code, redirect_uri: REDIRECT_URI }));
    }
    return { method: "POST", path: "/v2/auth/oauth2/token", headers: { "content-type": "application/json" }, bodies, expectStatus: 200 };
  },
};
