/**
 * A real OpenID Connect provider on loopback (node-oidc-provider, with its development log-in pages: any
 * login and password are accepted). The login becomes the subject; the account's claims derive from it:
 * `ada` → ada@oidc.example.test, name "Ada (OIDC)", preferred_username "ada". Convene is its one client.
 *
 * Convene's redirect URI depends on the port the test server gets, known only after this provider must
 * be running (Convene reads OIDC_ISSUER at start), so any loopback `/api/auth/callback/oidc` is accepted.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import Provider from "oidc-provider";

export const OIDC_CLIENT_ID = "convene";
const CALLBACK_PATH = "/api/auth/callback/oidc";

export type OidcProviderServer = { issuer: string; clientId: string; clientSecret: string; env: Record<string, string>; stop: () => Promise<void> };

export const claimsFor = (login: string) => ({
  sub: login,
  email: `${login}@oidc.example.test`,
  email_verified: true,
  name: `${login.charAt(0).toUpperCase()}${login.slice(1)} (OIDC)`,
  preferred_username: login,
});

function isConveneCallback(uri: string): boolean {
  try {
    const url = new URL(uri);
    return url.protocol === "http:" && ["localhost", "127.0.0.1"].includes(url.hostname) && url.pathname === CALLBACK_PATH && !url.search;
  } catch {
    return false;
  }
}

export async function startOidcProvider(options: { port?: number; clientSecret?: string } = {}): Promise<OidcProviderServer> {
  const clientSecret = options.clientSecret ?? randomBytes(24).toString("base64url");
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [`http://localhost${CALLBACK_PATH}`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "preferred_username"] },
    // Convene reads the account from the ID token, as most providers fill it; this one then does too.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => claimsFor(sub) }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
  });
  provider.Client.prototype.redirectUriAllowed = function (this: { redirectUris: string[] }, uri: string) {
    return this.redirectUris.includes(uri) || isConveneCallback(uri);
  };
  server.on("request", provider.callback());
  return {
    issuer,
    clientId: OIDC_CLIENT_ID,
    clientSecret,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: clientSecret, OIDC_NAME: "Demo ID" },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const oidc = await startOidcProvider({ port: Number(process.env.PORT ?? 4700), clientSecret: process.env.OIDC_CLIENT_SECRET });
  console.log(
    Object.entries(oidc.env)
      .map(([key, value]) => `export ${key}=${value}`)
      .join("\n"),
  );
}
