import { describe, expect, it } from "vitest";
import { consentPath, onboardingPath, parseOnboardingQuery } from "./onboarding-query";

describe("parseOnboardingQuery", () => {
  it("keeps the authorization request, the theme and valid prefill; drops everything else", () => {
    const query = parseOnboardingQuery({
      client_id: "c1",
      redirect_uri: "https://app.example.test/cb",
      scope: "PROFILE_READ",
      state: "s",
      code_challenge: "x".repeat(43),
      code_challenge_method: "S256",
      theme: "dark",
      email: "ADA@Example.test",
      name: "Ada",
      username: "ada",
      onboardingEmbed: "true",
      other: "ignored",
    });
    expect(query).toEqual({
      authorization: {
        client_id: "c1",
        redirect_uri: "https://app.example.test/cb",
        scope: "PROFILE_READ",
        state: "s",
        code_challenge: "x".repeat(43),
        code_challenge_method: "S256",
      },
      theme: "dark",
      prefill: { email: "ada@example.test", name: "Ada", username: "ada" },
      callbackUrl: null,
    });
  });

  it("has no authorization without a client_id, falls back to light, and drops invalid prefill and repeated values", () => {
    expect(parseOnboardingQuery({ theme: "neon", email: "nope", username: "no spaces", name: ["a", "b"] })).toEqual({
      authorization: null,
      theme: "light",
      prefill: {},
      callbackUrl: null,
    });
  });
});

describe("paths", () => {
  const query = parseOnboardingQuery({ client_id: "c1", redirect_uri: "https://app.example.test/cb", state: "a b&c", theme: "dark", name: "Ada" });

  it("carries everything from step to step", () => {
    expect(parseOnboardingQuery(Object.fromEntries(new URL(onboardingPath(query), "http://x").searchParams))).toEqual(query);
    expect(onboardingPath(parseOnboardingQuery({}))).toBe("/onboarding");
  });

  it("carries the page to go back to at the end (a team invitation)", () => {
    const invited = parseOnboardingQuery({ email: "ada@example.test", callbackUrl: "/teams/invitations/cnv_ti_x" });
    expect(invited.callbackUrl).toBe("/teams/invitations/cnv_ti_x");
    expect(parseOnboardingQuery(Object.fromEntries(new URL(onboardingPath(invited), "http://x").searchParams))).toEqual(invited);
  });

  it("leaves the prefill behind at consent and keeps the theme", () => {
    const url = new URL(consentPath(query.authorization!, query.theme), "http://x");
    expect(url.pathname).toBe("/auth/oauth2/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: "c1", redirect_uri: "https://app.example.test/cb", state: "a b&c", theme: "dark" });
  });
});
