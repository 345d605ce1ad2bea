/**
 * Every delivery carries two signature schemes, each keyed as its own documentation says:
 * - Standard Webhooks (https://www.standardwebhooks.com), the documented and recommended one: `webhook-id`,
 *   `webhook-timestamp` (Unix seconds) and `webhook-signature`: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`
 *   under each secret that currently signs (two during a rotation), space-separated. The key of a `whsec_` secret
 *   is its base64 part decoded (`new Webhook(secret)`); of any other secret, its characters' codes
 *   (`new Webhook(secret, { format: "raw" })`, which for the ASCII that secrets are held to is the text's bytes).
 * - The peer's (Cal.com's), for receivers written for it: `X-Cal-Signature-256`, the hex HMAC-SHA256 of the raw
 *   body keyed with the secret's text (the whole of it, `whsec_` included), and `X-Cal-Webhook-Version`. It carries
 *   one signature, so it is keyed with the current secret only: a rotation takes effect there at once, as on the peer.
 * What a secret may be is decided once, in webhook-secret-rules.ts, and refused when the webhook is saved.
 */
import { createHmac, randomBytes } from "node:crypto";
import { PEER_WEBHOOK_VERSION } from "./webhook-secret-rules";

const PREFIX = "whsec_";

export const newWebhookSecret = (): string => `${PREFIX}${randomBytes(32).toString("base64")}`;

/** The Standard Webhooks key: as standardwebhooks' `Webhook` constructor derives it from the same text. */
function standardKeyOf(secret: string): Buffer {
  if (secret.startsWith(PREFIX)) return Buffer.from(secret.slice(PREFIX.length), "base64");
  // Character codes, as the raw format takes them (secrets saved before secretProblem may hold other characters).
  return Buffer.from(Uint8Array.from(secret, (character) => character.charCodeAt(0)));
}

export function signatureOf(secret: string, messageId: string, timestamp: number, body: string): string {
  return `v1,${createHmac("sha256", standardKeyOf(secret)).update(`${messageId}.${timestamp}.${body}`).digest("base64")}`;
}

/** The peer's `X-Cal-Signature-256`: keyed with the secret as text, as the peer and its receivers do. */
export const peerSignatureOf = (secret: string, body: string): string => createHmac("sha256", secret).update(body).digest("hex");

/** `secrets`: the current one first, then the previous one while a rotation overlaps. */
export function signedHeaders(secrets: readonly string[], messageId: string, body: string, now: Date = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((secret) => signatureOf(secret, messageId, timestamp, body)).join(" "),
    "X-Cal-Signature-256": peerSignatureOf(secrets[0]!, body),
    "X-Cal-Webhook-Version": PEER_WEBHOOK_VERSION,
  };
}
