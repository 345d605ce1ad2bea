/**
 * Synchronous validation of the props, before anything renders: a wrong prop is reported as
 * INVALID_PROPS and the component shows nothing, rather than opening a dialog that fails later.
 */
import { DEFAULT_HOST } from "./default-host.js";
import type { OnboardingEmbedProps, OnboardingError } from "./types.js";

const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export type ValidProps = { ok: true; hostOrigin: string; verifyUrl: string };
export type PropsCheck = ValidProps | { ok: false; error: OnboardingError };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isNonEmptyString = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

function webUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

const hostOf = (props: Pick<OnboardingEmbedProps, "host">) => props.host ?? DEFAULT_HOST;

/** The first thing wrong with the props, as a sentence naming the prop; null when they are fine. */
function firstProblem(props: Partial<OnboardingEmbedProps>, pageOrigin: string | null): string | null {
  if (!isNonEmptyString(props.oAuthClientId)) return "oAuthClientId is required";
  if (props.host !== undefined && (!isNonEmptyString(props.host) || !webUrl(props.host))) return "host must be an http(s) URL";
  if (props.theme !== undefined && props.theme !== "light" && props.theme !== "dark") return 'theme must be "light" or "dark"';
  if (props.user !== undefined) {
    if (!isRecord(props.user)) return "user must be an object";
    for (const key of ["email", "name", "username"] as const) {
      if (props.user[key] !== undefined && typeof props.user[key] !== "string") return `user.${key} must be a string`;
    }
  }
  const authorization: unknown = props.authorization;
  if (!isRecord(authorization)) return "authorization is required";
  const { redirectUri, scope, state, codeChallenge } = authorization;
  if (!isNonEmptyString(redirectUri)) return "authorization.redirectUri is required";
  const redirect = webUrl(redirectUri);
  if (!redirect) return "authorization.redirectUri must be an http(s) URL";
  if (pageOrigin !== null && redirect.origin !== pageOrigin) return "authorization.redirectUri must share scheme, domain and port with this page";
  if (!Array.isArray(scope) || scope.length === 0 || !scope.every(isNonEmptyString)) return "authorization.scope must list at least one scope";
  if (!isNonEmptyString(state)) return "authorization.state is required";
  if (codeChallenge !== undefined && (typeof codeChallenge !== "string" || !CODE_CHALLENGE.test(codeChallenge))) {
    return "authorization.codeChallenge must be a base64url SHA-256 (S256) challenge of 43 characters";
  }
  for (const callback of ["onAuthorizationAllowed", "onError", "onAuthorizationDenied", "onClose"] as const) {
    if (props[callback] !== undefined && typeof props[callback] !== "function") return `${callback} must be a function`;
  }
  return null;
}

/** The iframe's first address: Convene checks the client and redirect URI there, then continues into onboarding. */
export function verifyUrl(props: OnboardingEmbedProps): string {
  const { authorization, user } = props;
  const params = new URLSearchParams({
    client_id: props.oAuthClientId,
    redirect_uri: authorization.redirectUri,
    scope: authorization.scope.join(" "),
    state: authorization.state,
    theme: props.theme ?? "light",
    onboardingEmbed: "true",
  });
  for (const key of ["email", "name", "username"] as const) if (user?.[key]) params.set(key, user[key]);
  if (authorization.codeChallenge) {
    params.set("code_challenge", authorization.codeChallenge);
    params.set("code_challenge_method", "S256");
  }
  return `${hostOf(props).replace(/\/+$/, "")}/api/onboarding-embed/verify?${params}`;
}

/** `pageOrigin` is the hosting page's origin, or null where it is not known yet (server rendering). */
export function checkProps(props: OnboardingEmbedProps, pageOrigin: string | null): PropsCheck {
  const problem = firstProblem(props, pageOrigin);
  if (problem) return { ok: false, error: { code: "INVALID_PROPS", message: problem } };
  return { ok: true, hostOrigin: new URL(hostOf(props)).origin, verifyUrl: verifyUrl(props) };
}
