import { beforeEach, describe, expect, it, vi } from "vitest";
import { frameAncestors, matchesEmbed, openEmbedContext, sealEmbedContext, webOriginOf } from "./embed-session";

const CONTEXT = { clientId: "c1", redirectUri: "https://app.example.test/callback", origin: "https://app.example.test" };

beforeEach(() => {
  vi.stubEnv("NEXTAUTH_SECRET", "test-secret-for-the-embed-cookie");
});

describe("the embed cookie", () => {
  it("opens what it sealed", () => {
    expect(openEmbedContext(sealEmbedContext(CONTEXT))).toEqual(CONTEXT);
  });

  it.each([
    ["missing", () => undefined],
    ["empty", () => ""],
    ["without signature", () => sealEmbedContext(CONTEXT).split(".")[0]],
    [
      "with another payload",
      () =>
        `${Buffer.from(JSON.stringify({ ...CONTEXT, origin: "https://evil.example.test", exp: 9e9 })).toString("base64url")}.${sealEmbedContext(CONTEXT).split(".")[1]}`,
    ],
    ["with a flipped signature", () => sealEmbedContext(CONTEXT).slice(0, -2) + "xx"],
    ["with extra parts", () => `${sealEmbedContext(CONTEXT)}.more`],
  ])("refuses a value %s", (_case, value) => {
    expect(openEmbedContext(value())).toBeNull();
  });

  it("refuses a value sealed with another secret", () => {
    const sealed = sealEmbedContext(CONTEXT);
    vi.stubEnv("NEXTAUTH_SECRET", "another-secret");
    expect(openEmbedContext(sealed)).toBeNull();
  });

  it("expires after its lifetime", () => {
    const now = Date.now();
    const sealed = sealEmbedContext(CONTEXT, now);
    expect(openEmbedContext(sealed, now + 60 * 60 * 1000)).toEqual(CONTEXT);
    expect(openEmbedContext(sealed, now + 3 * 60 * 60 * 1000)).toBeNull();
  });
});

describe("origins", () => {
  it.each([
    ["https://app.example.test/callback?x=1", "https://app.example.test"],
    ["http://127.0.0.1:4600/callback", "http://127.0.0.1:4600"],
    ["com.example.app:/callback", null],
    ["not a url", null],
  ])("%s → %s", (uri, origin) => {
    expect(webOriginOf(uri)).toBe(origin);
  });

  it("frames for the verified origin only", () => {
    expect(frameAncestors("https://app.example.test")).toBe("frame-ancestors https://app.example.test");
    expect(frameAncestors(null)).toBe("frame-ancestors 'none'");
  });

  it("matches only the verified client and redirect URI", () => {
    expect(matchesEmbed(CONTEXT, { client_id: "c1", redirect_uri: CONTEXT.redirectUri })).toBe(true);
    expect(matchesEmbed(CONTEXT, { client_id: "c2", redirect_uri: CONTEXT.redirectUri })).toBe(false);
    expect(matchesEmbed(CONTEXT, { client_id: "c1", redirect_uri: `${CONTEXT.redirectUri}/other` })).toBe(false);
  });
});
