/**
 * OAuth 2.0 tokens of Google and Microsoft calendar credentials: the code exchange at connection, and
 * refresh, proactively when the access token is about to expire and once more when the API answers 401.
 * A refresh the provider rejects (invalid_grant: revoked, expired) is a CalendarError("auth"), which marks
 * the credential invalid. Concurrent refreshes of one credential in this process share one request.
 */
import { z } from "zod";
import { log } from "../log";
import { CalendarError, type ConnectedCredential } from "./calendar-adapter";

export const ZOAuthSecret = z.object({
  accessToken: z.string(),
  refreshToken: z.string().nullable(),
  /** Epoch milliseconds. */
  expiresAt: z.number(),
  /** The account's e-mail address, shown in listings. */
  email: z.string().nullable(),
});
export type TOAuthSecret = z.infer<typeof ZOAuthSecret>;

export type OAuthClientConfig = { tokenUrl: string; clientId: string; clientSecret: string; scope?: string };

const ZTokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string().optional(),
  expires_in: z.coerce.number().optional(),
});

const REQUEST_TIMEOUT_MS = 10_000;
const EXPIRY_MARGIN_MS = 60_000;

async function tokenRequest(config: OAuthClientConfig, params: Record<string, string>) {
  let response: Response;
  try {
    response = await fetch(config.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        ...params,
        client_id: config.clientId,
        client_secret: config.clientSecret,
        ...(config.scope ? { scope: config.scope } : {}),
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new CalendarError("unreachable", "The provider's token endpoint could not be reached");
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    const code = typeof body?.error === "string" ? body.error : `HTTP ${response.status}`;
    throw new CalendarError(
      code === "invalid_grant" || response.status === 401 ? "auth" : response.status >= 500 ? "unreachable" : "protocol",
      `The provider refused the token request (${code})`,
    );
  }
  const parsed = ZTokenResponse.safeParse(body);
  if (!parsed.success) throw new CalendarError("protocol", "The provider's token response has no access_token");
  return parsed.data;
}

/** Tokens for an authorization code (the redirect_uri must be the one the authorization request used). */
export async function exchangeCode(config: OAuthClientConfig, code: string, redirectUri: string): Promise<Omit<TOAuthSecret, "email">> {
  const tokens = await tokenRequest(config, { grant_type: "authorization_code", code, redirect_uri: redirectUri });
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token ?? null, expiresAt: Date.now() + (tokens.expires_in ?? 3600) * 1000 };
}

const refreshing = ((globalThis as unknown as { conveneCalendarRefreshes?: Map<number, Promise<TOAuthSecret>> }).conveneCalendarRefreshes ??= new Map());

async function refresh(credential: ConnectedCredential<TOAuthSecret>, config: OAuthClientConfig): Promise<TOAuthSecret> {
  const pending = refreshing.get(credential.id);
  if (pending) return pending;
  const work = (async () => {
    if (!credential.secret.refreshToken) throw new CalendarError("auth", "The access token expired and there is no refresh token; connect the calendar again");
    const tokens = await tokenRequest(config, { grant_type: "refresh_token", refresh_token: credential.secret.refreshToken });
    const next: TOAuthSecret = {
      ...credential.secret,
      accessToken: tokens.access_token,
      // Google keeps the refresh token; Microsoft rotates it.
      refreshToken: tokens.refresh_token ?? credential.secret.refreshToken,
      expiresAt: Date.now() + (tokens.expires_in ?? 3600) * 1000,
    };
    await credential.saveSecret(next);
    credential.secret = next;
    log.info("calendar access token refreshed", { credentialId: credential.id, type: credential.type });
    return next;
  })();
  refreshing.set(credential.id, work);
  try {
    return await work;
  } finally {
    refreshing.delete(credential.id);
  }
}

/**
 * Calls the provider's API with a valid access token: refreshed first when it expires within a minute,
 * and refreshed and retried once when the API still answers 401.
 */
export async function callWithToken(
  credential: ConnectedCredential<TOAuthSecret>,
  config: OAuthClientConfig,
  call: (accessToken: string) => Promise<Response>,
): Promise<Response> {
  if (credential.secret.expiresAt - EXPIRY_MARGIN_MS < Date.now()) await refresh(credential, config);
  const first = await call(credential.secret.accessToken);
  if (first.status !== 401) return first;
  await first.body?.cancel();
  await refresh(credential, config);
  const second = await call(credential.secret.accessToken);
  if (second.status === 401) throw new CalendarError("auth", "The provider rejects the refreshed access token");
  return second;
}

/** fetch with a deadline; network failures become CalendarError("unreachable"). */
export async function apiFetch(url: string, init: RequestInit & { accessToken: string }): Promise<Response> {
  const { accessToken, headers, ...rest } = init;
  try {
    return await fetch(url, {
      ...rest,
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json", ...(rest.body ? { "content-type": "application/json" } : {}), ...headers },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new CalendarError("unreachable", `${new URL(url).host} could not be reached`);
  }
}

/** The JSON body of a successful answer; otherwise a CalendarError of the fitting kind. */
export async function jsonOrThrow<T>(response: Response, what: string): Promise<T> {
  if (response.ok) return (await response.json()) as T;
  const detail = await response.text().catch(() => "");
  const kind = response.status === 401 ? "auth" : response.status >= 500 || response.status === 429 ? "unreachable" : "protocol";
  throw new CalendarError(kind, `${what} failed (${response.status})${detail ? `: ${detail.slice(0, 200)}` : ""}`);
}
