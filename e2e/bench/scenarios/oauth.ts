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

/** Codes are single use and live 60 s, so each slice's are made right before it (eight slices of 250) and sent once. */
const EXCHANGES = 2000;

export const tokenExchangeScenario: Scenario = {
  name: `POST token (code exchange ×${EXCHANGES})`,
  minRatio: 0.3,
  async prepare() {
    const { client, secret } = await makeOAuthClient({ scopes: ["PROFILE_READ"] });
    const user = await makeUser();
    const make = async (count: number) => {
      const bodies: string[] = [];
      for (let i = 0; i < count; i++) {
        const code = await authorizeCode(user.id, client.id, { scope: "PROFILE_READ" });
        bodies.push(JSON.stringify({ grant_type: "authorization_code", client_id: client.id, client_secret: secret, code, redirect_uri: REDIRECT_URI }));
      }
      return bodies;
    };
    return {
      method: "POST",
      path: "/v2/auth/oauth2/token",
      headers: { "content-type": "application/json" },
      freshBodies: { count: EXCHANGES, make },
      expectStatus: 200,
    };
  },
};
