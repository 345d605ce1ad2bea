import { describe, expect, it } from "vitest";
import { parseEmbedMessage, redirectWith } from "./protocol";

describe("parseEmbedMessage", () => {
  it.each([
    [{ type: "onboarding:resize", data: { width: 480, height: 612.5 } }, { type: "onboarding:resize", data: { width: 480, height: 612.5 } }],
    [{ type: "authorization:allowed", data: { code: "c-1", state: "s-1", extra: true } }, { type: "authorization:allowed", data: { code: "c-1", state: "s-1" } }],
    [{ type: "authorization:denied" }, { type: "authorization:denied", data: {} }],
    [{ type: "onboarding:close", data: { ignored: 1 } }, { type: "onboarding:close", data: {} }],
    [{ type: "onboarding:error", data: { code: "SIGNUP_FAILED", message: "Email taken" } }, { type: "onboarding:error", data: { code: "SIGNUP_FAILED", message: "Email taken" } }],
  ])("reads %j", (raw, expected) => {
    expect(parseEmbedMessage(raw)).toEqual(expected);
  });

  it("turns an unknown error code into UNKNOWN and supplies a message when none is given", () => {
    expect(parseEmbedMessage({ type: "onboarding:error", data: { code: "BOOM" } })).toEqual({ type: "onboarding:error", data: { code: "UNKNOWN", message: "Something went wrong" } });
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
  it("adds the answer to the redirect URI, keeping its own query and replacing same-named parameters", () => {
    expect(redirectWith("https://app.example.test/cb?from=embed&state=old", { code: "c 1", state: "s&1" })).toBe("https://app.example.test/cb?from=embed&state=s%261&code=c+1");
  });
});
