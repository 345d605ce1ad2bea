/** Credential encryption at rest. */
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./credential-crypto";

const owner = { userId: 7, type: "apple_calendar" };

describe("encryptSecret / decryptSecret", () => {
  it("round-trips, and never stores the plaintext or repeats a ciphertext", () => {
    const secret = JSON.stringify({ username: "ada@example.test", password: "app-specific-password" });
    const first = encryptSecret(secret, owner);
    const second = encryptSecret(secret, owner);
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toContain("app-specific");
    expect(first).not.toBe(second);
    expect(decryptSecret(first, owner)).toBe(secret);
  });

  it("refuses a ciphertext moved to another user's or type's row", () => {
    const stored = encryptSecret("s3cret", owner);
    expect(() => decryptSecret(stored, { ...owner, userId: 8 })).toThrow();
    expect(() => decryptSecret(stored, { ...owner, type: "google_calendar" })).toThrow();
  });

  it("refuses an altered ciphertext or tag, and unknown formats", () => {
    const [format, iv, ciphertext, tag] = encryptSecret("s3cret", owner).split(".");
    const flip = (text: string) => `${text.slice(0, -2)}${text.at(-2) === "A" ? "B" : "A"}${text.at(-1)}`;
    expect(() => decryptSecret([format, iv, flip(ciphertext!), tag].join("."), owner)).toThrow();
    expect(() => decryptSecret([format, iv, ciphertext, flip(tag!)].join("."), owner)).toThrow();
    expect(() => decryptSecret("plaintext", owner)).toThrow(/format/);
  });
});
