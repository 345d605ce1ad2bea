/** PKCE (RFC 7636), S256 only: `plain` would hand the verifier to anyone who sees the authorization URL. */
import { createHash, timingSafeEqual } from "node:crypto";

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

export const isValidCodeChallenge = (challenge: string) => CHALLENGE.test(challenge);

export function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

export function verifierMatchesChallenge(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  const actual = Buffer.from(s256(verifier));
  const expected = Buffer.from(challenge);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
