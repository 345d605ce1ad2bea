/**
 * Google and Microsoft calendar connections through the provider's OAuth consent:
 * 1. GET /v2/calendars/{google|office365}/connect (bearer, APPS_WRITE) → the provider's authorization URL,
 *    whose `state` is a single-use nonce stored with the user, the provider and the checked `redir`
 *    (oauth-connect-state.ts, which also records why `redir` is limited);
 * 2. the provider sends the browser to /api/calendars/{calendar}/callback with a code and that state;
 * 3. we exchange the code, read the account and its calendars, store the encrypted tokens (the same
 *    account connected again updates its credential) and send the browser on to `redir`.
 * The callback carries no bearer: the single-use, 10-minute state is what ties it to the user.
 */
import type { Principal } from "../auth/principal";
import { env } from "../env";
import { AppError } from "../errors";
import type { CalendarAdapter, ConnectedCredential } from "./calendar-adapter";
import { typeOfPath, type CalendarType } from "./calendar-apps";
import { adoptCalendars, discoverCalendars, ownerTimeZone, toAppError, transientCredential } from "./connections";
import { listOwnedCredentials, storedSecret, storeCredential, toCredentialOutput } from "./credential-store";
import { googleAccountEmail, googleAdapter, googleAuthUrl, googleClientConfig } from "./google.adapter";
import { microsoftAccountEmail, microsoftAdapter, microsoftAuthUrl, microsoftClientConfig } from "./microsoft.adapter";
import { checkRedir, consumeState, mintState } from "./oauth-connect-state";
import { exchangeCode, type OAuthClientConfig, type TOAuthSecret } from "./oauth-tokens";

type OAuthPath = "google" | "office365";

const PROVIDERS: Record<
  OAuthPath,
  {
    config: () => OAuthClientConfig | null;
    authUrl: (config: OAuthClientConfig, redirectUri: string, state: string) => string;
    adapter: CalendarAdapter<TOAuthSecret>;
    accountEmail: (credential: ConnectedCredential<TOAuthSecret>) => Promise<string | null>;
  }
> = {
  google: { config: googleClientConfig, authUrl: googleAuthUrl, adapter: googleAdapter, accountEmail: googleAccountEmail },
  office365: { config: microsoftClientConfig, authUrl: microsoftAuthUrl, adapter: microsoftAdapter, accountEmail: microsoftAccountEmail },
};

/** The redirect URI to register with the provider. */
export const oauthRedirectUri = (path: OAuthPath) => `${env().APP_URL.replace(/\/$/, "")}/api/calendars/${path}/callback`;

function configOf(path: OAuthPath): OAuthClientConfig {
  const config = PROVIDERS[path].config();
  if (!config) throw new AppError("BAD_REQUEST", `${path === "google" ? "Google" : "Outlook"} Calendar is not configured on this server`);
  return config;
}

export async function getConnectUrl(caller: Pick<Principal, "userId" | "via" | "oauthClientId">, path: OAuthPath, query: { redir?: string }) {
  const config = configOf(path);
  const redir = await checkRedir(caller, query.redir);
  const state = await mintState(caller.userId, path, redir);
  return { authUrl: PROVIDERS[path].authUrl(config, oauthRedirectUri(path), state) };
}

export type OAuthCallbackResult = { redirectTo: string | null; credential: ReturnType<typeof toCredentialOutput> | null; error: string | null };

function withParams(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

/**
 * Completes a connection. An unknown, used or expired state is a 400 (we cannot know where to send the
 * browser). Once the state is consumed, failures (denied consent, a refused code) go back to `redir`
 * as `error=…` when there is one.
 */
export async function completeOAuthConnection(path: OAuthPath, query: { state?: string; code?: string; error?: string }): Promise<OAuthCallbackResult> {
  const pending = query.state ? await consumeState(query.state, path) : null;
  if (!pending) throw new AppError("BAD_REQUEST", "Invalid, used or expired state; start the connection again");
  const { userId, redir } = pending;
  const fail = (error: string, message: string): OAuthCallbackResult => {
    if (!redir) throw new AppError("BAD_REQUEST", message);
    return { redirectTo: withParams(redir, { calendar: path, error }), credential: null, error };
  };
  if (query.error || !query.code)
    return fail(query.error === "access_denied" ? "access_denied" : "authorization_failed", "The calendar connection was not authorized");

  const provider = PROVIDERS[path];
  const type: CalendarType = typeOfPath(path);
  let row;
  try {
    const tokens = await exchangeCode(configOf(path), query.code, oauthRedirectUri(path));
    const credential = transientCredential<TOAuthSecret>(userId, type, { ...tokens, email: null }, await ownerTimeZone(userId));
    const calendars = await discoverCalendars(provider.adapter, credential);
    const email = await provider.accountEmail(credential).catch(() => null);
    const secret: TOAuthSecret = { ...credential.secret, email };
    const existing = email ? (await listOwnedCredentials(userId, type)).find((stored) => storedSecret<TOAuthSecret>(stored)?.email === email) : undefined;
    // A repeated consent may come without a refresh token; keep the one we have.
    if (existing && !secret.refreshToken) secret.refreshToken = storedSecret<TOAuthSecret>(existing)?.refreshToken ?? null;
    row = await storeCredential(userId, type, secret, existing?.id);
    await adoptCalendars(row, calendars, "primary");
  } catch (error) {
    const failure = toAppError(error);
    return fail("connection_failed", failure instanceof Error ? failure.message : "The calendar could not be connected");
  }
  const output = toCredentialOutput(row);
  return { redirectTo: redir ? withParams(redir, { calendar: path, status: "success", credentialId: String(row.id) }) : null, credential: output, error: null };
}
