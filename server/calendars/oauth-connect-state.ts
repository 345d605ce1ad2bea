/**
 * The `state` of a Google / Microsoft calendar connection, and where the browser may go afterwards.
 *
 * Security decisions:
 * - The state is a random 256-bit nonce. Only its SHA-256 is stored, together with the user, the
 *   provider, the checked `redir` and an expiry STATE_TTL_SECONDS away. The callback consumes the row
 *   with a delete and checks the row count before it exchanges any code. So a state works once, and not
 *   after it expires. The connect URL is the answer to a bearer-authenticated API call and no browser
 *   session is involved, so it cannot be bound to one browser. What we can do is limit a leaked or
 *   planted URL (one minted with an attacker's token and completed by a victim) to a single use within
 *   a few minutes.
 * - `redir` is not just any URL. It may be a path on Convene's own origin (APP_URL), or a URL on the
 *   origin of a redirect URI registered by the calling OAuth client; an admin reviewed those origins for
 *   that client. An API key belongs to no site, so API-key callers get Convene's origin only. Anything
 *   else is a 400 before a state is minted, so the callback cannot act as an open redirect.
 */
import { randomBytes } from "node:crypto";
import type { Principal } from "../auth/principal";
import { hashSecret } from "../auth/secrets";
import { db } from "../db/client";
import { env } from "../env";
import { AppError } from "../errors";

export const STATE_TTL_SECONDS = 600;

const appOrigin = () => new URL(env().APP_URL).origin;

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Origins the caller may send the browser back to: Convene's own, plus its OAuth client's redirect URI origins. */
async function allowedOrigins(caller: Pick<Principal, "via" | "oauthClientId">): Promise<Set<string>> {
  const origins = new Set([appOrigin()]);
  if (caller.via !== "oauth" || !caller.oauthClientId) return origins;
  const client = await db.oAuthClient.findUnique({ where: { id: caller.oauthClientId }, select: { redirectUris: true } });
  for (const uri of client?.redirectUris ?? []) {
    const origin = originOf(uri);
    if (origin && origin !== "null") origins.add(origin);
  }
  return origins;
}

/** `redir` as an absolute URL (a path is resolved on APP_URL), or a 400 naming the rule. */
export async function checkRedir(caller: Pick<Principal, "via" | "oauthClientId">, redir: string | undefined): Promise<string | null> {
  if (redir === undefined || redir === "") return null;
  let target: URL | null = null;
  try {
    target = new URL(redir, `${appOrigin()}/`);
  } catch {
    target = null;
  }
  const isWeb = target?.protocol === "https:" || target?.protocol === "http:";
  if (!target || !isWeb || !(await allowedOrigins(caller)).has(target.origin)) {
    throw new AppError("BAD_REQUEST", "redir is not allowed", [
      { path: "query.redir", message: "redir must be a path on this service or a URL on the origin of one of the OAuth client's registered redirect URIs" },
    ]);
  }
  return target.href;
}

/** A fresh single-use state for `userId`'s connection to `calendar`. Clears expired ones on the way. */
export async function mintState(userId: number, calendar: string, redir: string | null): Promise<string> {
  const nonce = randomBytes(32).toString("base64url");
  const now = Date.now();
  await db.calendarOAuthState.deleteMany({ where: { expiresAt: { lt: new Date(now) } } });
  await db.calendarOAuthState.create({ data: { nonceHash: hashSecret(nonce), userId, calendar, redir, expiresAt: new Date(now + STATE_TTL_SECONDS * 1000) } });
  return nonce;
}

/**
 * The connection a state was minted for. The row is consumed even when it turns out to be expired or
 * for another provider. Returns null for an unknown, used, expired or mismatched state.
 */
export async function consumeState(state: string, calendar: string): Promise<{ userId: number; redir: string | null } | null> {
  const row = await db.calendarOAuthState.findUnique({ where: { nonceHash: hashSecret(state) } });
  if (!row) return null;
  // Conditional delete: of two callbacks racing with one state, only the one that deletes the row goes on.
  const { count } = await db.calendarOAuthState.deleteMany({ where: { id: row.id } });
  if (count !== 1 || row.expiresAt.getTime() <= Date.now() || row.calendar !== calendar) return null;
  return { userId: row.userId, redir: row.redir };
}
