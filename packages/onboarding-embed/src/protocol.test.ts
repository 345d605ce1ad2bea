import { describe, expect, it } from "vitest";
import { parseEmbedMessage, redirectWith } from "./protocol";

describe("parseEmbedMessage", () => {
  it.each([
    [
      { type: "onboarding:resize", data: { width: 480, height: 612.5 } },
      { type: "onboarding:resize", data: { width: 480, height: 612.5 } },
    ],
    [
      { type: "authorization:allowed", data: { code: "c-1", state: "s-1", extra: true } },
      { type: "authorization:allowed", data: { code: "c-1", state: "s-1" } },
    ],
    [{ type: "authorization:denied" }, { type: "authorization:denied", data: {} }],
    [
      { type: "onboarding:close", data: { ignored: 1 } },
      { type: "onboarding:close", data: {} },
    ],
    [
      { type: "onboarding:error", data: { code: "SIGNUP_FAILED", message: "Email taken" } },
      { type: "onboarding:error", data: { code: "SIGNUP_FAILED", message: "Email taken" } },
    ],
  ])("reads %j", (raw, expected) => {
    expect(parseEmbedMessage(raw)).toEqual(expected);
  });

  it("turns an unknown error code into UNKNOWN and supplies a message when none is given", () => {
    expect(parseEmbedMessage({ type: "onboarding:error", data: { code: "BOOM" } })).toEqual({
      type: "onboarding:error",
      data: { code: "UNKNOWN", message: "Something went wrong" },
    });
  });

  it.each([
    ["null", null],
    ["a string", "authorization:allowed"],
    ["a message without a type", { data: { code: "c" } }],
    ["an unknown type", { type: "onboarding:hello", data: {} }],
    ["a resize without numbers", { type: "onboarding:resize", data: { width: "480", height: 600 } }],
    ["an allowed answer without a state", { type: "authorization:allowed", data: { code: "c-1" } }],
    ["an allowed answer without data", { type: "authorization:allowed" }],
  ])("ignores %s", (_, raw) => {
    expect(parseEmbedMessage(raw)).toBeNull();
  });
});

describe("redirectWith", () => {
  it("appends the answer to the registered redirect URI, leaving the app's own query byte for byte", () => {
    expect(redirectWith("https://app.example.test/cb?a=b%20c&x=~", { code: "c 1", state: "s&1" })).toBe(
      "https://app.example.test/cb?a=b%20c&x=~&code=c+1&state=s%261",
    );
    expect(redirectWith("https://app.example.test/cb", { error: "access_denied", state: "s" })).toBe("https://app.example.test/cb?error=access_denied&state=s");
    expect(redirectWith("https://app.example.test/cb?", { code: "c" })).toBe("https://app.example.test/cb?code=c");
  });
});
