/**
 * What an onboarding URL carries from step to step: the app's authorization request (when the flow
 * came from an app), the theme, and the values the app offered to prefill. Invalid prefill values are
 * dropped rather than shown; the authorization request is checked by the OAuth code, not here.
 */
import { z } from "zod";
import { ZDisplayName, ZEmail, ZUsername } from "../users/user.schemas";

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const ZTheme = z.enum(THEMES).catch("light");

/** The authorization request parameters (GET /auth/oauth2/authorize) a flow passes on to consent. */
const OAUTH_KEYS = ["client_id", "redirect_uri", "response_type", "scope", "state", "code_challenge", "code_challenge_method"] as const;

export type Prefill = { email?: string; name?: string; username?: string };

export type OnboardingQuery = {
  /** Present when the flow came from an app: consent is its last step. */
  authorization: Record<string, string> | null;
  theme: Theme;
  prefill: Prefill;
  /**
   * A page of the site to go on to once onboarding is complete (a team invitation, say); raw here, checked with
   * safeCallbackUrl by the page before any redirect.
   */
  callbackUrl: string | null;
};

type RawParams = Record<string, string | string[] | undefined>;

/** Repeated parameters are ambiguous: only single values count. */
export function singleValued(raw: RawParams): Record<string, string> {
  return Object.fromEntries(Object.entries(raw).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

const valid = <T>(schema: z.ZodType<T>, value: string | undefined): T | undefined => {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

export function parseOnboardingQuery(raw: RawParams): OnboardingQuery {
  const params = singleValued(raw);
  const authorization = Object.fromEntries(OAUTH_KEYS.filter((key) => params[key] !== undefined).map((key) => [key, params[key]!]));
  const prefill: Prefill = {
    email: valid(ZEmail, params.email),
    name: valid(ZDisplayName, params.name),
    username: valid(ZUsername, params.username),
  };
  return {
    authorization: authorization.client_id ? authorization : null,
    theme: ZTheme.parse(params.theme),
    prefill: Object.fromEntries(Object.entries(prefill).filter(([, value]) => value !== undefined)),
    callbackUrl: params.callbackUrl ?? null,
  };
}

const withTheme = (params: Record<string, string>, theme: Theme) => (theme === "light" ? params : { ...params, theme });

/** This flow's onboarding page, carrying everything along. */
export function onboardingPath(query: OnboardingQuery): string {
  const carried = { ...query.authorization, ...query.prefill, ...(query.callbackUrl ? { callbackUrl: query.callbackUrl } : {}) };
  const params = new URLSearchParams(withTheme(carried, query.theme));
  const search = params.toString();
  return search ? `/onboarding?${search}` : "/onboarding";
}

/** The consent page for the app's request; prefill stays behind (consent has nothing to prefill). */
export function consentPath(authorization: Record<string, string>, theme: Theme): string {
  return `/auth/oauth2/authorize?${new URLSearchParams(withTheme(authorization, theme))}`;
}
