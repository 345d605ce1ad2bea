/** Standard Webhooks signatures, checked with the `standardwebhooks` library; rotation signs with both secrets. */
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { rotatedSecretColumns, sealWebhookSecret, signingSecretsOf, ROTATION_OVERLAP_MS } from "./webhook-secrets";
import { newWebhookSecret, signedHeaders } from "./webhook-signing";

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
