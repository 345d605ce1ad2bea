/**
 * Zoom OAuth (authorization code, as Zoom documents it: the client authenticates to /oauth/token with HTTP Basic)
 * and the stored grant: a Credential row of type `zoom_video`, its tokens sealed like calendar credentials
 * (credential-crypto.ts). Access tokens last an hour; Zoom rotates the refresh token on each refresh, so the new one
 * is stored before the access token is used. A refresh Zoom refuses marks the credential invalid.
 */
import { z } from "zod";
import { decryptSecret, encryptSecret } from "../calendars/credential-crypto";
import { db } from "../db/client";
import { env } from "../env";
import { AppError } from "../errors";
import { log } from "../log";

export const ZOOM_CREDENTIAL_TYPE = "zoom_video";
const ZOOM_APP_ID = "zoom";
const REQUEST_TIMEOUT_MS = 10_000;
const EXPIRY_MARGIN_MS = 60_000;

const ZZoomSecret = z.object({ accessToken: z.string(), refreshToken: z.string().nullable(), expiresAt: z.number() });
type TZoomSecret = z.infer<typeof ZZoomSecret>;

const ZTokenResponse = z.object({ access_token: z.string(), refresh_token: z.string().optional(), expires_in: z.coerce.number().optional() });

/** Zoom's answer was a refusal of the grant (revoked, expired): the credential is no longer usable. */
export class ZoomAuthError extends Error {}

export function zoomClientConfig(): { clientId: string; clientSecret: string } | null {
  const { ZOOM_CLIENT_ID: clientId, ZOOM_CLIENT_SECRET: clientSecret } = env();
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

export const zoomRedirectUri = () => `${env().APP_URL.replace(/\/$/, "")}/api/conferencing/zoom/callback`;

export function zoomAuthUrl(state: string): string {
  const config = zoomClientConfig();
  if (!config) throw new AppError("BAD_REQUEST", "Zoom is not configured on this server (ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET)");
  const url = new URL(`${env().ZOOM_OAUTH_URL.replace(/\/$/, "")}/authorize`);
  url.search = new URLSearchParams({ response_type: "code", client_id: config.clientId, redirect_uri: zoomRedirectUri(), state }).toString();
  return url.href;
}

async function tokenRequest(params: Record<string, string>): Promise<TZoomSecret> {
  const config = zoomClientConfig();
  if (!config) throw new AppError("BAD_REQUEST", "Zoom is not configured on this server");
  const response = await fetch(`${env().ZOOM_OAUTH_URL.replace(/\/$/, "")}/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    },
    body: new URLSearchParams(params),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => null)) as unknown;
  const parsed = ZTokenResponse.safeParse(body);
  if (!response.ok || !parsed.success) {
    const code = (body as { error?: unknown } | null)?.error;
    if (response.status === 400 || response.status === 401) throw new ZoomAuthError(`Zoom refused the token request (${String(code ?? response.status)})`);
    throw new Error(`Zoom's token endpoint answered ${response.status}`);
  }
  return {
    accessToken: parsed.data.access_token,
    refreshToken: parsed.data.refresh_token ?? null,
    expiresAt: Date.now() + (parsed.data.expires_in ?? 3600) * 1000,
  };
}

export const exchangeZoomCode = (code: string) => tokenRequest({ grant_type: "authorization_code", code, redirect_uri: zoomRedirectUri() });

const owner = (userId: number) => ({ userId, type: ZOOM_CREDENTIAL_TYPE });

/** Stores the user's Zoom grant: one Zoom credential per user, replaced when they connect again. */
export async function storeZoomCredential(userId: number, secret: TZoomSecret) {
  const sealed = encryptSecret(JSON.stringify(secret), owner(userId));
  return db.$transaction(async (tx) => {
    const existing = await tx.credential.findFirst({ where: { userId, type: ZOOM_CREDENTIAL_TYPE }, select: { id: true } });
    const data = { secret: sealed, invalid: false };
    const select = { id: true, type: true, userId: true, invalid: true } as const;
    if (existing) return tx.credential.update({ where: { id: existing.id }, data, select });
    return tx.credential.create({ data: { userId, type: ZOOM_CREDENTIAL_TYPE, appId: ZOOM_APP_ID, ...data }, select });
  });
}

export type ZoomGrant = { credentialId: number; userId: number; secret: TZoomSecret };

/** The user's usable Zoom grant, or null (not connected, or marked invalid). */
export async function findZoomGrant(userId: number): Promise<ZoomGrant | null> {
  const row = await db.credential.findFirst({ where: { userId, type: ZOOM_CREDENTIAL_TYPE, invalid: false }, orderBy: { id: "desc" } });
  if (!row) return null;
  try {
    return { credentialId: row.id, userId, secret: ZZoomSecret.parse(JSON.parse(decryptSecret(row.secret, owner(userId)))) };
  } catch (error) {
    log.warn("zoom credential unreadable", { credentialId: row.id, error });
    return null;
  }
}

async function refresh(grant: ZoomGrant): Promise<void> {
  if (!grant.secret.refreshToken) throw new ZoomAuthError("The Zoom access token expired and there is no refresh token");
  const next = await tokenRequest({ grant_type: "refresh_token", refresh_token: grant.secret.refreshToken });
  next.refreshToken ??= grant.secret.refreshToken;
  await db.credential.update({ where: { id: grant.credentialId }, data: { secret: encryptSecret(JSON.stringify(next), owner(grant.userId)) } });
  grant.secret = next;
}

async function markInvalid(grant: ZoomGrant, error: unknown) {
  log.warn("zoom credential refused; marked invalid", { credentialId: grant.credentialId, error });
  await db.credential.update({ where: { id: grant.credentialId }, data: { invalid: true } });
}

/** A Zoom API call with a fresh access token: refreshed when about to expire, and once more on a 401. */
export async function zoomFetch(grant: ZoomGrant, path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  const call = () =>
    fetch(`${env().ZOOM_API_URL.replace(/\/$/, "")}${path}`, {
      method: init.method ?? "GET",
      headers: {
        authorization: `Bearer ${grant.secret.accessToken}`,
        accept: "application/json",
        ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  try {
    if (grant.secret.expiresAt - EXPIRY_MARGIN_MS < Date.now()) await refresh(grant);
    const first = await call();
    if (first.status !== 401) return first;
    await first.body?.cancel();
    await refresh(grant);
    const second = await call();
    if (second.status === 401) throw new ZoomAuthError("Zoom refuses the refreshed access token");
    return second;
  } catch (error) {
    if (error instanceof ZoomAuthError) await markInvalid(grant, error);
    throw error;
  }
}
