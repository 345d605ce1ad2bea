/**
 * Resolved bearer credentials, kept briefly in memory: with two SQL round trips per request the v2 API
 * ran at half the speed of a bare handler (npm run bench). An entry lives at most 30 s and never past
 * the credential's own expiry. Any revocation (API key, token, grant, client rejection or deletion)
 * flushes every entry in every process (see listening-cache.ts); revocations are rare, so a full flush
 * is simpler and safer than tracking which entries a change touches.
 */
import { listeningCache } from "../db/listening-cache";
import type { Principal } from "./principal";

/** Keyed by the credential's SHA-256, never by the secret itself. */
export const credentialCache = listeningCache<Principal>("convene_credentials_flush", { ttlMs: 30_000, maxEntries: 10_000 });

/** Call after any committed change that can end a credential's validity. */
export const flushCredentialCache = () => credentialCache.invalidate();
