import { describe, expect, it } from "vitest";
import { hashSecret, kindOfSecret, newSecret, SECRET_PREFIXES, secretHint, secretMatchesHash, type SecretKind } from "./secrets";

const KINDS = Object.keys(SECRET_PREFIXES) as SecretKind[];

describe("newSecret", () => {
  it.each(KINDS)("%s: its prefix, then 43 base64url characters (256 random bits)", (kind) => {
    const secret = newSecret(kind);
    const prefix = `${SECRET_PREFIXES[kind]}_`;
    expect(secret.startsWith(prefix)).toBe(true);
    const random = secret.slice(prefix.length);
    expect(random).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(random, "base64url")).toHaveLength(32);
    expect(kindOfSecret(secret)).toBe(kind);
  });

  it("never repeats and spreads over the alphabet", () => {
    const secrets = Array.from({ length: 2000 }, () => newSecret("apiKey"));
    expect(new Set(secrets).size).toBe(secrets.length);
    // 2000 × 43 characters from 64 symbols: every symbol turns up if the bytes are random.
    const symbols = new Set(secrets.flatMap((secret) => [...secret.slice("cnv_live_".length)]));
    expect(symbols.size).toBe(64);
  });
});

describe("hashSecret and secretMatchesHash", () => {
  const secret = newSecret("apiKey");

  it("is a stable SHA-256 hex digest that does not contain the secret", () => {
    expect(hashSecret(secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecret(secret)).toBe(hashSecret(secret));
    expect(hashSecret("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(hashSecret(secret)).not.toContain(secret.slice(-8));
  });

  it.each([
    { case: "the right secret", presented: secret, hash: hashSecret(secret), expected: true },
    { case: "another secret", presented: newSecret("apiKey"), hash: hashSecret(secret), expected: false },
    {
      case: "the secret with one character changed",
      presented: `${secret.slice(0, -1)}${secret.endsWith("A") ? "B" : "A"}`,
      hash: hashSecret(secret),
      expected: false,
    },
    { case: "the hash itself presented as the secret", presented: hashSecret(secret), hash: hashSecret(secret), expected: false },
    { case: "an empty stored hash", presented: secret, hash: "", expected: false },
    { case: "a truncated stored hash", presented: secret, hash: hashSecret(secret).slice(0, 32), expected: false },
    { case: "a stored hash that is not hex", presented: secret, hash: "z".repeat(64), expected: false },
  ])("$case → $expected", ({ presented, hash, expected }) => {
    expect(secretMatchesHash(presented, hash)).toBe(expected);
  });
});

describe("secretHint", () => {
  it("is the last 4 characters", () => {
    expect(secretHint("cnv_live_abcdefWXYZ")).toBe("WXYZ");
    const secret = newSecret("clientSecret");
    expect(secretHint(secret)).toBe(secret.slice(-4));
    expect(secretHint(secret)).toHaveLength(4);
  });
});

describe("kindOfSecret", () => {
  it.each([
    { secret: "cnv_live_abc", expected: "apiKey" },
    { secret: "cnv_at_abc", expected: "accessToken" },
    { secret: "cnv_rt_abc", expected: "refreshToken" },
    { secret: "cnv_ac_abc", expected: "authorizationCode" },
    { secret: "cnv_cs_abc", expected: "clientSecret" },
    { secret: "cnv_live", expected: null },
    { secret: "cnv_liveabc", expected: null },
    { secret: "CNV_LIVE_abc", expected: null },
    { secret: "cal_live_abc", expected: null },
    { secret: "", expected: null },
  ])("$secret → $expected", ({ secret, expected }) => {
    expect(kindOfSecret(secret)).toBe(expected);
  });
});
