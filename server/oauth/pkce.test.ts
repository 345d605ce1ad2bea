import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { isValidCodeChallenge, s256, verifierMatchesChallenge } from "./pkce";

const RFC_VERIFIER = randomBytes(32).toString("base64url");
let RFC_CHALLENGE = "";

beforeAll(async () => {
  // Computed independently through WebCrypto, the way browsers and oauth4webapi do it.
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(RFC_VERIFIER));
  RFC_CHALLENGE = Buffer.from(digest).toString("base64url");
});

describe("PKCE S256", () => {
  it("matches an independently computed S256 challenge", () => {
    expect(s256(RFC_VERIFIER)).toBe(RFC_CHALLENGE);
    expect(verifierMatchesChallenge(RFC_VERIFIER, RFC_CHALLENGE)).toBe(true);
  });
  it("refuses another verifier, a short verifier and characters outside the alphabet", () => {
    expect(verifierMatchesChallenge(`${RFC_VERIFIER.slice(0, -1)}${RFC_VERIFIER.endsWith("A") ? "B" : "A"}`, RFC_CHALLENGE)).toBe(false);
    expect(verifierMatchesChallenge("short", s256("short"))).toBe(false);
    const spaced = `${"a".repeat(42)} `;
    expect(verifierMatchesChallenge(spaced, s256(spaced))).toBe(false);
  });
  it("accepts only 43-character base64url challenges", () => {
    expect(isValidCodeChallenge(RFC_CHALLENGE)).toBe(true);
    expect(isValidCodeChallenge(RFC_VERIFIER.slice(0, 20))).toBe(false);
    expect(isValidCodeChallenge(`${RFC_CHALLENGE.slice(0, 42)}=`)).toBe(false);
  });
});
