/**
 * The embed context: which app's page may frame the onboarding flow and receive its messages. The verify
 * endpoint records it after checking the client and redirect_uri; it travels in a signed, partitioned
 * cookie, so it exists only inside the iframe under that app's top-level site (CHIPS), never first-party.
 * Pure (node:crypto only), so proxy.ts can read it as well as pages and server actions.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const EMBED_COOKIE = "convene-embed";
export const EMBED_LIFETIME_SECONDS = 2 * 60 * 60;

export type EmbedContext = { clientId: string; redirectUri: string; origin: string };
type Sealed = EmbedContext & { exp: number };

/**
 * Cookies the embedded flow needs must reach a cross-site iframe: SameSite=None needs Secure, and
 * Partitioned keys them to the embedding site. Chromium counts http://localhost as secure.
 */
export const EMBED_COOKIE_ATTRIBUTES = { httpOnly: true, secure: true, sameSite: "none", partitioned: true, path: "/" } as const;

function signingKey(): string {
  const secret = process.env.NEXTAUTH_SECRET;
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set");
  return createHmac("sha256", secret).update("convene onboarding embed").digest("base64url");
}

const sign = (payload: string) => createHmac("sha256", signingKey()).update(payload).digest("base64url");

export function sealEmbedContext(context: EmbedContext, now = Date.now()): string {
  const sealed: Sealed = { ...context, exp: Math.floor(now / 1000) + EMBED_LIFETIME_SECONDS };
  const payload = Buffer.from(JSON.stringify(sealed)).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

/** The context of a cookie value, or null when it is missing, forged, malformed or expired. */
export function openEmbedContext(value: string | undefined, now = Date.now()): EmbedContext | null {
  const [payload, signature, ...rest] = (value ?? "").split(".");
  if (!payload || !signature || rest.length) return null;
  const expected = Buffer.from(sign(payload));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const sealed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<Sealed>;
    const { clientId, redirectUri, origin, exp } = sealed;
    if (typeof clientId !== "string" || typeof redirectUri !== "string" || typeof origin !== "string" || typeof exp !== "number") return null;
    if (exp * 1000 <= now) return null;
    return { clientId, redirectUri, origin };
  } catch {
    return null;
  }
}

/** The web origin messages go to and framing is allowed from; null for a URI that has none (custom schemes). */
export function webOriginOf(uri: string): string | null {
  try {
    const url = new URL(uri);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** Only the verified origin may frame the flow; everything else keeps frame-ancestors 'none'. */
export const frameAncestors = (origin: string | null) => `frame-ancestors ${origin ?? "'none'"}`;

/** The request belongs to this embed: same client and the redirect URI that was verified. */
export const matchesEmbed = (context: EmbedContext, params: Record<string, string | undefined>) =>
  params.client_id === context.clientId && params.redirect_uri === context.redirectUri;
