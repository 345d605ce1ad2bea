/**
 * Both signature schemes, each checked as its receivers check it: Standard Webhooks with the `standardwebhooks` library
 * (the README's constructions), the peer's X-Cal-Signature-256 as the peer documents it; the secret rules refused at
 * save time; rotation signs with both secrets.
 */
import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { rotatedSecretColumns, sealWebhookSecret, signingSecretsOf, ROTATION_OVERLAP_MS } from "./webhook-secrets";
import { newWebhookSecret, signedHeaders } from "./webhook-signing";
import { ZCreateWebhookInput, ZUpdateWebhookInput } from "./webhook.schemas";

const body = JSON.stringify({ triggerEvent: "BOOKING_CREATED", payload: { title: "Call" } });

describe("signedHeaders", () => {
  it("verifies with the standardwebhooks library, and fails with another secret or an altered body", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const headers = signedHeaders([secret], "msg_1", body);
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ triggerEvent: "BOOKING_CREATED" });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace("Call", "Cal"), headers)).toThrow();
  });

  it("signs with a client-chosen secret's bytes (the library's raw format)", () => {
    const headers = signedHeaders(["my-own-secret-of-some-length"], "msg_2", body);
    expect(() => new Webhook("my-own-secret-of-some-length", { format: "raw" }).verify(body, headers)).not.toThrow();
  });
});

/** The peer's receivers: HMAC-SHA256 of the raw body keyed with the secret they typed in, hex, against the header. */
const peerVerifies = (secret: string, raw: string, headers: Record<string, string>) =>
  headers["X-Cal-Webhook-Version"] === "2021-10-20" && createHmac("sha256", secret).update(raw).digest("hex") === headers["X-Cal-Signature-256"];

describe("the peer's signature", () => {
  it("is the hex HMAC-SHA256 of the raw body keyed with the secret's text, generated or chosen, with the peer's version", () => {
    for (const secret of [newWebhookSecret(), "my-own-secret-of-some-length"]) {
      const headers = signedHeaders([secret], "msg_4", body);
      expect(peerVerifies(secret, body, headers)).toBe(true);
      expect(peerVerifies(secret, body.replace("Call", "Cal"), headers)).toBe(false);
    }
  });

  it("is keyed with the current secret alone during a rotation (the header holds one signature)", () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signedHeaders([current, previous], "msg_5", body);
    expect([peerVerifies(current, body, headers), peerVerifies(previous, body, headers)]).toEqual([true, false]);
  });
});

describe("secret rules", () => {
  const secretIssue = (secret: string) => {
    const parsed = ZCreateWebhookInput.safeParse({ subscriberUrl: "https://example.com/hook", triggers: ["BOOKING_CREATED"], active: true, secret });
    return parsed.success ? null : parsed.error.issues.find((issue) => issue.path[0] === "secret")?.message;
  };

  it("takes printable ASCII and whsec_ keys of 24 to 64 bytes in canonical base64", () => {
    for (const secret of [
      "my-own-secret-of-some-length",
      "with spaces and ~!@#$%^&*()",
      newWebhookSecret(),
      `whsec_${Buffer.alloc(24, 7).toString("base64")}`,
    ]) {
      expect(secretIssue(secret), secret).toBeNull();
    }
  });

  it("refuses a non-ASCII secret: the peer's HMAC (UTF-8) and the raw format (character codes) would key differently", () => {
    expect(secretIssue("clé-secrète-très-longue")).toContain("printable ASCII");
    expect(secretIssue("секретный-ключ-вебхука")).toContain("printable ASCII");
    expect(ZUpdateWebhookInput.safeParse({ secret: "plain-ascii-secret-here" }).success).toBe(true);
    expect(ZUpdateWebhookInput.safeParse({ secret: "a-tab\tis-not-printable" }).success).toBe(false);
  });

  it("refuses a whsec_ secret that is not base64, or whose key is out of the Standard Webhooks range", () => {
    expect(secretIssue("whsec_this-is-not-base64-at-all!")).toContain("base64");
    expect(secretIssue(`whsec_${Buffer.alloc(32, 1).toString("base64url")}`)).toContain("base64");
    expect(secretIssue(`whsec_${Buffer.alloc(32, 1).toString("base64").replace(/=$/, "")}`)).toContain("base64");
    expect(secretIssue(`whsec_${Buffer.alloc(16, 1).toString("base64")}`)).toContain("24 to 64 bytes");
    expect(secretIssue(`whsec_${Buffer.alloc(65, 1).toString("base64")}`)).toContain("24 to 64 bytes");
  });

  it("signs a secret saved before the rules (non-ASCII) as the README's raw format keys it: by character codes", () => {
    const legacy = "clé-secrète-très-longue";
    const headers = signedHeaders([legacy], "msg_6", body);
    expect(() => new Webhook(legacy, { format: "raw" }).verify(body, headers)).not.toThrow();
  });
});

describe("secret rotation", () => {
  it("sends both signatures for 24 hours, each verifying alone, then only the new one", () => {
    const [oldSecret, newSecret] = [newWebhookSecret(), newWebhookSecret()];
    const row = { id: 9, secretEncrypted: sealWebhookSecret(9, oldSecret), previousSecretEncrypted: null, previousSecretExpiresAt: null };
    expect(row.secretEncrypted).not.toContain(oldSecret.slice(6));
    const now = new Date();
    const rotated = { ...row, ...rotatedSecretColumns(row, newSecret, now) };
    const headers = signedHeaders(signingSecretsOf(rotated, now), "msg_3", body, now);
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(() => new Webhook(oldSecret).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(newSecret).verify(body, headers)).not.toThrow();
    expect(signingSecretsOf(rotated, new Date(now.getTime() + ROTATION_OVERLAP_MS + 1))).toEqual([newSecret]);
  });

  it("does not open a secret sealed for another webhook", () => {
    const sealed = sealWebhookSecret(1, newWebhookSecret());
    expect(() => signingSecretsOf({ id: 2, secretEncrypted: sealed, previousSecretEncrypted: null, previousSecretExpiresAt: null })).toThrow();
  });
});
