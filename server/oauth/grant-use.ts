/** When an OAuth grant was last used, for the user's list of connected apps and agents. */
import { sql, UTC_NOW } from "../db/client";

const LAST_USED_GRANULARITY_MS = 60_000;
const lastNoted = ((globalThis as unknown as { conveneGrantUse?: Map<number, number> }).conveneGrantUse ??= new Map());

/** At most once a minute per grant and without delaying the request, like an API key's last use. */
export function noteGrantUse(grantId: number): void {
  const now = Date.now();
  if (now - (lastNoted.get(grantId) ?? 0) < LAST_USED_GRANULARITY_MS) return;
  lastNoted.set(grantId, now);
  // Fire and forget: a failed bookkeeping write must not fail the caller's request.
  void sql(`UPDATE "OAuthGrant" SET "lastUsedAt" = ${UTC_NOW} WHERE id = $1`, [grantId]).catch(() => {});
}
