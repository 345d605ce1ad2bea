/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): `webhook-id`, `webhook-timestamp` (Unix
 * seconds) and `webhook-signature`: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under each secret that
 * currently signs (two during a rotation), space-separated. A secret is `whsec_` + base64 of 32 random bytes.
 */
import { createHmac, randomBytes } from "node:crypto";

const PREFIX = "whsec_";

export const newWebhookSecret = (): string => `${PREFIX}${randomBytes(32).toString("base64")}`;

/** A client-chosen secret is used as given: its bytes are the key unless it is in `whsec_<base64>` form. */
function keyOf(secret: string): Buffer {
  return secret.startsWith(PREFIX) ? Buffer.from(secret.slice(PREFIX.length), "base64") : Buffer.from(secret, "utf8");
}

export function signatureOf(secret: string, messageId: string, timestamp: number, body: string): string {
  return `v1,${createHmac("sha256", keyOf(secret)).update(`${messageId}.${timestamp}.${body}`).digest("base64")}`;
}

export function signedHeaders(secrets: readonly string[], messageId: string, body: string, now: Date = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((secret) => signatureOf(secret, messageId, timestamp, body)).join(" "),
  };
}
