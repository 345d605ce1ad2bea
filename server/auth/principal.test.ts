import { describe, expect, it } from "vitest";
import { bearerToken, presentedCredential } from "./principal";

const KEY = "cnv_live_Ab9-_xYz0123456789abcdefghijklmnopqrstu";

describe("bearerToken", () => {
  it.each([
    { header: `Bearer ${KEY}`, expected: KEY },
    { header: `bearer ${KEY}`, expected: KEY },
    { header: `BEARER ${KEY}`, expected: KEY },
    { header: `bEaReR ${KEY}`, expected: KEY },
    { header: `Bearer   ${KEY}`, expected: KEY },
    { header: `Bearer ${KEY}  `, expected: KEY },
    { header: "Bearer abc.def~ghi+jkl/mno==", expected: "abc.def~ghi+jkl/mno==" },
  ])("reads $header", ({ header, expected }) => {
    expect(bearerToken(header)).toBe(expected);
  });

  it.each([
    { case: "no header", header: null },
    { case: "empty header", header: "" },
    { case: "scheme only", header: "Bearer" },
    { case: "scheme and space only", header: "Bearer " },
    { case: "token only", header: KEY },
    { case: "another scheme", header: "Basic dXNlcjpwYXNz" },
    { case: "a scheme that merely starts like Bearer", header: `Bearerx ${KEY}` },
    { case: "no space after the scheme", header: `Bearer${KEY}` },
    { case: "a leading space", header: ` Bearer ${KEY}` },
    { case: "a tab as separator", header: `Bearer\t${KEY}` },
    { case: "two tokens", header: `Bearer ${KEY} ${KEY}` },
    { case: "a comma-joined pair", header: `Bearer ${KEY},Bearer other` },
    { case: "quotes", header: `Bearer "${KEY}"` },
    { case: "a semicolon", header: "Bearer abc;def" },
    { case: "padding in the middle", header: "Bearer abc=def" },
    { case: "non-ASCII", header: "Bearer clé" },
    { case: "a newline inside", header: `Bearer ${KEY}\nX-Injected: 1` },
  ])("refuses $case", ({ header }) => {
    expect(bearerToken(header)).toBeNull();
  });
});

describe("presentedCredential: Bearer, or a bare API key as the peer accepts", () => {
  const ACCESS_TOKEN = "cnv_at_Ab9-_xYz0123456789abcdefghijklmnopqrstu";

  it.each([
    { case: "a Bearer API key", header: `Bearer ${KEY}`, expected: KEY },
    { case: "a Bearer access token", header: `Bearer ${ACCESS_TOKEN}`, expected: ACCESS_TOKEN },
    { case: "a bare API key", header: KEY, expected: KEY },
    { case: "a bare API key with spaces around it", header: `  ${KEY} `, expected: KEY },
  ])("reads $case", ({ header, expected }) => {
    expect(presentedCredential(header)).toBe(expected);
  });

  it.each([
    { case: "a bare access token (RFC 6750's form only)", header: ACCESS_TOKEN },
    { case: "a bare refresh token", header: "cnv_rt_Ab9-_xYz0123456789abcdefghijklmnopqrstu" },
    { case: "a bare value of no known kind", header: "cal_live_0123456789" },
    { case: "a bare key with a second value", header: `${KEY} ${KEY}` },
    { case: "a bare key with an injected line", header: `${KEY}\nX-Injected: 1` },
    { case: "another scheme with a key", header: `Basic ${KEY}` },
    { case: "no header", header: null },
  ])("refuses $case", ({ header }) => {
    expect(presentedCredential(header)).toBeNull();
  });
});
