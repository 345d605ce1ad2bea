/**
 * What a client-chosen webhook secret may be: one rule per kind, so that every delivery verifies with both documented
 * constructions (webhook-signing.ts). Pure, so the form in the site checks it too (webhook.schemas.ts).
 */

/** The peer's payload version, sent as `X-Cal-Webhook-Version` (and the only `version` a webhook takes). */
export const PEER_WEBHOOK_VERSION = "2021-10-20";

const PREFIX = "whsec_";
/** Standard Webhooks: a `whsec_` key is 24 to 64 random bytes. */
const KEY_BYTES = { min: 24, max: 64 } as const;
const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** Printable ASCII: where the text's bytes, UTF-8 and the character codes standardwebhooks' raw format takes agree. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

const decodedLength = (base64: string) => (base64.length / 4) * 3 - (base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0);

/**
 * Why a client-chosen secret cannot be verified by the documented constructions, or null when it can:
 * - `whsec_…` is a Standard Webhooks key: the rest must be base64 (standard alphabet, padded) of 24 to 64 bytes,
 *   which `new Webhook(secret)` decodes to exactly the key Convene signs with;
 * - any other secret must be printable ASCII, so that the peer's `createHmac("sha256", secret)` (UTF-8) and
 *   `new Webhook(secret, { format: "raw" })` (character codes) key with the same bytes.
 */
export function secretProblem(secret: string): string | null {
  if (secret.startsWith(PREFIX)) {
    const encoded = secret.slice(PREFIX.length);
    if (!CANONICAL_BASE64.test(encoded)) return "A secret starting with whsec_ must continue in base64 (standard alphabet, padded)";
    const bytes = decodedLength(encoded);
    if (bytes < KEY_BYTES.min || bytes > KEY_BYTES.max) return `A whsec_ key must be ${KEY_BYTES.min} to ${KEY_BYTES.max} bytes; this one is ${bytes}`;
    return null;
  }
  return PRINTABLE_ASCII.test(secret) ? null : "A secret must be printable ASCII (space to ~), or a whsec_ key";
}
