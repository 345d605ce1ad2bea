/**
 * The OAuth 2.0 half the fake Google and fake Microsoft share: an authorization endpoint that consents at
 * once and redirects with a code, a token endpoint for the authorization_code and refresh_token grants
 * (client_secret_post), bearer access tokens for their APIs, and the /__test/ controls tests use to seed
 * busy time, expire access tokens and read an account back. Each provider supplies its own token shapes
 * and account records.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeAccount = { email: string; refreshCount: number };

export type FakeOAuthOptions<A extends FakeAccount> = {
  clientId: string;
  clientSecret: string;
  /** The account a first authorization for `email` creates. */
  newAccount: (email: string) => A;
  /** Where accounts made without a login_hint get their address, e.g. "gmail.test". */
  emailDomain: string;
  codePrefix: string;
  accessTokenPrefix: string;
  refreshTokenPrefix: string;
  /** Microsoft hands out a new refresh token on every refresh and retires the old one; Google does not. */
  rotatesRefreshTokens: boolean;
  /** The token endpoint's success body; `refreshToken` is undefined when a refresh keeps the old one. */
  tokenResponse: (accessToken: string, refreshToken: string | undefined) => Record<string, unknown>;
  /** error_description for a refresh token the provider does not know. */
  unknownRefreshTokenMessage: string;
};

export async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function send(response: http.ServerResponse, status: number, body?: unknown) {
  response.writeHead(status, body === undefined ? {} : { "content-type": "application/json" });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

export function fakeOAuth<A extends FakeAccount>(options: FakeOAuthOptions<A>) {
  const accounts = new Map<string, A>();
  const codes = new Map<string, { email: string; redirectUri: string }>();
  const accessTokens = new Map<string, string>();
  const refreshTokens = new Map<string, string>();
  const token = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;

  function issue(email: string, withRefreshToken: boolean) {
    const access = token(options.accessTokenPrefix);
    accessTokens.set(access, email);
    if (!withRefreshToken) return options.tokenResponse(access, undefined);
    const refresh = token(options.refreshTokenPrefix);
    refreshTokens.set(refresh, email);
    return options.tokenResponse(access, refresh);
  }

  /** The authorization endpoint: no pages, the account consents at once. */
  function authorize(url: URL, response: http.ServerResponse) {
    const redirectUri = url.searchParams.get("redirect_uri") ?? "";
    if (url.searchParams.get("client_id") !== options.clientId || !redirectUri) return send(response, 400, { error: "invalid_request" });
    const email = url.searchParams.get("login_hint") ?? `user-${randomBytes(4).toString("hex")}@${options.emailDomain}`;
    if (!accounts.has(email)) accounts.set(email, options.newAccount(email));
    const code = token(options.codePrefix);
    codes.set(code, { email, redirectUri });
    const target = new URL(redirectUri);
    target.searchParams.set("code", code);
    target.searchParams.set("state", url.searchParams.get("state") ?? "");
    response.writeHead(302, { location: target.href });
    response.end();
  }

  function tokenEndpoint(body: string, response: http.ServerResponse) {
    const form = new URLSearchParams(body);
    if (form.get("client_id") !== options.clientId || form.get("client_secret") !== options.clientSecret)
      return send(response, 401, { error: "invalid_client" });
    if (form.get("grant_type") === "authorization_code") {
      const grant = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      if (!grant || grant.redirectUri !== form.get("redirect_uri")) return send(response, 400, { error: "invalid_grant" });
      return send(response, 200, issue(grant.email, true));
    }
    if (form.get("grant_type") === "refresh_token") {
      const presented = form.get("refresh_token") ?? "";
      const email = refreshTokens.get(presented);
      if (!email) return send(response, 400, { error: "invalid_grant", error_description: options.unknownRefreshTokenMessage });
      if (options.rotatesRefreshTokens) refreshTokens.delete(presented);
      accounts.get(email)!.refreshCount += 1;
      return send(response, 200, issue(email, options.rotatesRefreshTokens));
    }
    send(response, 400, { error: "unsupported_grant_type" });
  }

  /** The account a request's bearer token belongs to, if the token is live. */
  function accountFor(request: http.IncomingMessage): A | undefined {
    const email = accessTokens.get((request.headers.authorization ?? "").replace(/^Bearer /, ""));
    return email ? accounts.get(email) : undefined;
  }

  /**
   * /__test/expire-access-tokens; /__test/accounts/{email} (what `describe` shows of it);
   * /__test/accounts/{email}/busy (a busy event from the JSON body, added by `seedBusy`).
   */
  function control(
    path: string,
    body: string,
    response: http.ServerResponse,
    hooks: { seedBusy: (account: A, body: string) => void; describe: (account: A) => unknown },
  ) {
    if (path === "/__test/expire-access-tokens") {
      accessTokens.clear();
      return send(response, 200, { expired: true });
    }
    const match = path.match(/^\/__test\/accounts\/([^/]+)(\/busy)?$/);
    const account = match ? accounts.get(decodeURIComponent(match[1]!)) : undefined;
    if (!account) return send(response, 404, { error: "no such account" });
    if (match![2]) {
      hooks.seedBusy(account, body);
      return send(response, 201, { ok: true });
    }
    send(response, 200, hooks.describe(account));
  }

  return { authorize, tokenEndpoint, accountFor, control };
}

/** Listens on a free loopback port; returns the base URL and a stop function. */
export async function listenOnLoopback(server: http.Server) {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
