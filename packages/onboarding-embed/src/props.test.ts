import { describe, expect, it } from "vitest";
import { DEFAULT_HOST } from "./default-host";
import { checkProps } from "./props";
import type { OnboardingEmbedProps } from "./types";

const PAGE = "https://app.example.test";
const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
const valid: OnboardingEmbedProps = {
  oAuthClientId: "client-1",
  host: "https://convene.example.test/",
  authorization: { redirectUri: `${PAGE}/callback`, scope: ["PROFILE_READ", "BOOKING_READ"], state: "s-1", codeChallenge: CHALLENGE },
};
/** Props as a plain JavaScript caller may pass them: anything goes. */
const loose = (patch: Record<string, unknown>) => ({ ...valid, ...patch }) as unknown as OnboardingEmbedProps;
const withAuthorization = (patch: Record<string, unknown>) => loose({ authorization: { ...valid.authorization, ...patch } });
const problem = (props: OnboardingEmbedProps, pageOrigin: string | null = PAGE) => {
  const check = checkProps(props, pageOrigin);
  return check.ok ? null : check.error;
};

describe("checkProps", () => {
  it("accepts valid props and builds the verify URL on host with the protocol's parameters", () => {
    const check = checkProps({ ...valid, theme: "dark", user: { email: "ada@example.test", name: "Ada" } }, PAGE);
    if (!check.ok) throw new Error(check.error.message);
    expect(check.hostOrigin).toBe("https://convene.example.test");
    const url = new URL(check.verifyUrl);
    expect(`${url.origin}${url.pathname}`).toBe("https://convene.example.test/api/onboarding-embed/verify");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "client-1",
      redirect_uri: `${PAGE}/callback`,
      scope: "PROFILE_READ BOOKING_READ",
      state: "s-1",
      theme: "dark",
      onboardingEmbed: "true",
      email: "ada@example.test",
      name: "Ada",
      code_challenge: CHALLENGE,
      code_challenge_method: "S256",
    });
  });

  it("defaults host to the Convene the package was built for", () => {
    const check = checkProps({ ...valid, host: undefined }, PAGE);
    if (!check.ok) throw new Error(check.error.message);
    expect(check.hostOrigin).toBe(new URL(DEFAULT_HOST).origin);
    expect(check.verifyUrl.startsWith(`${DEFAULT_HOST}/api/onboarding-embed/verify?`)).toBe(true);
  });

  it("defaults the theme to light and leaves out PKCE and prefill when not given", () => {
    const check = checkProps({ ...valid, authorization: { ...valid.authorization, codeChallenge: undefined } }, PAGE);
    if (!check.ok) throw new Error(check.error.message);
    const params = new URL(check.verifyUrl).searchParams;
    expect(params.get("theme")).toBe("light");
    expect([...params.keys()]).not.toContain("code_challenge");
    expect([...params.keys()]).not.toContain("email");
  });

  it.each([
    ["an empty host", loose({ host: " " }), "host must be an http(s) URL"],
    ["a host that is not http(s)", loose({ host: "javascript:alert(1)" }), "host must be an http(s) URL"],
    ["a missing client id", loose({ oAuthClientId: "" }), "oAuthClientId is required"],
    ["an unknown theme", loose({ theme: "blue" }), "theme must be"],
    ["a user that is not an object", loose({ user: "ada" }), "user must be an object"],
    ["a user field that is not a string", loose({ user: { email: 42 } }), "user.email must be a string"],
    ["missing authorization", loose({ authorization: undefined }), "authorization is required"],
    ["a missing redirect URI", withAuthorization({ redirectUri: "" }), "authorization.redirectUri is required"],
    ["a redirect URI that is not http(s)", withAuthorization({ redirectUri: "ftp://app.example.test/cb" }), "must be an http(s) URL"],
    ["a redirect URI on another origin than the page", withAuthorization({ redirectUri: "https://evil.example.test/cb" }), "share scheme, domain and port"],
    ["an empty scope list", withAuthorization({ scope: [] }), "authorization.scope"],
    ["a blank scope", withAuthorization({ scope: ["PROFILE_READ", ""] }), "authorization.scope"],
    ["a missing state", withAuthorization({ state: "" }), "authorization.state is required"],
    ["a code challenge that is not S256-shaped", withAuthorization({ codeChallenge: "plain-verifier" }), "codeChallenge"],
    ["a callback that is not a function", loose({ onError: "oops" }), "onError must be a function"],
  ])("reports INVALID_PROPS for %s", (_, props, message) => {
    expect(problem(props)).toEqual({ code: "INVALID_PROPS", message: expect.stringContaining(message) });
  });

  it("checks the redirect URI's origin only once the page's origin is known (not while server rendering)", () => {
    const elsewhere = withAuthorization({ redirectUri: "https://evil.example.test/cb" });
    expect(problem(elsewhere, null)).toBeNull();
    expect(problem(elsewhere, PAGE)?.code).toBe("INVALID_PROPS");
  });
});
