import { describe, expect, it } from "vitest";
import { isSameOriginRequest } from "./same-origin";

const OURS = ["https://convene.example.test"];
const check = (headers: Record<string, string>) => isSameOriginRequest(new Headers(headers), OURS);

describe("isSameOriginRequest", () => {
  it.each([
    [{ "sec-fetch-site": "same-origin", origin: "https://convene.example.test" }],
    [{ "sec-fetch-site": "same-origin" }],
    [{ "sec-fetch-site": "none" }],
    [{ origin: "https://convene.example.test" }],
    [{}],
  ])("serves %j", (headers) => {
    expect(check(headers)).toBe(true);
  });

  it.each([
    [{ "sec-fetch-site": "cross-site", origin: "https://evil.example.test" }],
    [{ "sec-fetch-site": "cross-site" }],
    [{ "sec-fetch-site": "same-site", origin: "https://sub.convene.example.test" }],
    [{ origin: "https://evil.example.test" }],
    [{ origin: "null" }],
    [{ "sec-fetch-site": "same-origin", origin: "https://evil.example.test" }],
  ])("refuses %j", (headers) => {
    expect(check(headers)).toBe(false);
  });
});
