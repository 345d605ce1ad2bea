/**
 * Every secret Convene issues (API keys, OAuth tokens, codes, client secrets) is 256 random bits with
 * a readable prefix saying what it is. Only its SHA-256 is stored: looking a secret up by its hash
 * means the database never compares attacker-chosen bytes against a stored secret, and where two
 * digests are compared in code, timingSafeEqual does it.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const SECRET_PREFIXES = {
  apiKey: "cnv_live",
  accessToken: "cnv_at",
  refreshToken: "cnv_rt",
  authorizationCode: "cnv_ac",
  clientSecret: "cnv_cs",
} as const;

export type SecretKind = keyof typeof SECRET_PREFIXES;

export function newSecret(kind: SecretKind): string {
  return `${SECRET_PREFIXES[kind]}_${randomBytes(32).toString("base64url")}`;
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** The last 4 characters: enough for a person to tell two keys apart, useless to an attacker. */
export function secretHint(secret: string): string {
  return secret.slice(-4);
}

export function secretMatchesHash(secret: string, expectedHash: string): boolean {
  const actual = Buffer.from(hashSecret(secret), "hex");
  const expected = Buffer.from(expectedHash, "hex");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function kindOfSecret(secret: string): SecretKind | null {
  for (const [kind, prefix] of Object.entries(SECRET_PREFIXES)) {
    if (secret.startsWith(`${prefix}_`)) return kind as SecretKind;
  }
  return null;
}
