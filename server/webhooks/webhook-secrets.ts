/**
 * A webhook's signing secrets at rest: sealed (server/security/secret-box.ts) and bound to the webhook's row.
 * A rotation keeps the previous secret signing for ROTATION_OVERLAP_MS, so a subscriber can switch without
 * losing a delivery: meanwhile every delivery carries both signatures.
 */
import { openSecret, sealSecret } from "../security/secret-box";

export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

const binding = (webhookId: number) => `webhook:${webhookId}`;

export const sealWebhookSecret = (webhookId: number, secret: string) => sealSecret(secret, binding(webhookId));

export type SealedSecrets = { id: number; secretEncrypted: string; previousSecretEncrypted: string | null; previousSecretExpiresAt: Date | null };

/** The secrets that sign now: the current one, and the previous one until it expires. */
export function signingSecretsOf(row: SealedSecrets, now: Date = new Date()): string[] {
  const secrets = [openSecret(row.secretEncrypted, binding(row.id))];
  if (row.previousSecretEncrypted && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now) {
    secrets.push(openSecret(row.previousSecretEncrypted, binding(row.id)));
  }
  return secrets;
}

/** The columns a rotation to `secret` writes. */
export function rotatedSecretColumns(row: SealedSecrets, secret: string, now: Date = new Date()) {
  return {
    secretEncrypted: sealWebhookSecret(row.id, secret),
    previousSecretEncrypted: row.secretEncrypted,
    previousSecretExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS),
  };
}
