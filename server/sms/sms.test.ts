import { describe, expect, it } from "vitest";
import { signTwilioRequest } from "../../e2e/support/fake-twilio";
import { isE164, keywordOf, toE164 } from "./phone-numbers";
import { isTwilioSignatureValid, twilioSignature } from "./twilio";

describe("phone numbers", () => {
  it("accepts E.164 only, after dropping what people type between digits", () => {
    expect(isE164("+14155550123")).toBe(true);
    expect(isE164("14155550123")).toBe(false);
    expect(isE164("+0123456789")).toBe(false);
    expect(isE164("+1234567890123456")).toBe(false);
    expect(toE164("+1 (415) 555-0123")).toBe("+14155550123");
    expect(toE164("415 555 0123")).toBeNull();
  });

  it("reads Twilio's opt-out and opt-in words in any case, and nothing else", () => {
    expect(keywordOf(" stop ")).toBe("opt-out");
    expect(keywordOf("Unsubscribe.")).toBe("opt-out");
    expect(keywordOf("STOP ALL")).toBe("opt-out");
    expect(keywordOf("start")).toBe("opt-in");
    expect(keywordOf("please stop texting me")).toBeNull();
  });
});

describe("X-Twilio-Signature", () => {
  it("is HMAC-SHA1 of the URL and the sorted parameters, checked in constant time", () => {
    const params = { From: "+14155550123", Body: "STOP", To: "+15005550006" };
    const url = "https://convene.example/api/sms/twilio";
    const signature = twilioSignature("token", url, params);
    expect(signature).toBe(signTwilioRequest("token", url, params));
    expect(isTwilioSignatureValid("token", signature, url, params)).toBe(true);
    expect(isTwilioSignatureValid("token", signature, url, { ...params, Body: "START" })).toBe(false);
    expect(isTwilioSignatureValid("other", signature, url, params)).toBe(false);
    expect(isTwilioSignatureValid("token", null, url, params)).toBe(false);
  });
});
