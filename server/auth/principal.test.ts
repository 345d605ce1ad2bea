import { describe, expect, it } from "vitest";
import { bearerToken } from "./principal";

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
