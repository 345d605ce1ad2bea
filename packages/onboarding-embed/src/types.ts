import type { ReactNode } from "react";

export type OnboardingTheme = "light" | "dark";

export type AuthorizationProps = {
  /** One of the client's registered redirect URIs, passed exactly; same scheme, domain and port as this page. */
  redirectUri: string;
  /** A subset of the client's scopes. */
  scope: string[];
  /** CSRF value, unique per session; checked against the one that comes back. */
  state: string;
  /** PKCE S256 challenge (public clients): BASE64URL(SHA-256(code_verifier)). Keep the verifier for the token exchange. */
  codeChallenge?: string;
};

export type OnboardingErrorCode = "INVALID_PROPS" | "SIGNUP_FAILED" | "ONBOARDING_FAILED" | "AUTHORIZATION_FAILED" | "STATE_MISMATCH" | "UNKNOWN";

export type OnboardingError = { code: OnboardingErrorCode; message: string };

export type OnboardingEmbedProps = {
  /** The OAuth client id. */
  oAuthClientId: string;
  /** Convene's web address; default: the Convene this package was built for (see default-host.ts). */
  host?: string;
  /** Default "light"; applies to the trigger, the onboarding steps and the authorization page. */
  theme?: OnboardingTheme;
  /** Prefills sign-up and profile; ignored for sign-up through an external identity provider. */
  user?: { email?: string; name?: string; username?: string };
  authorization: AuthorizationProps;
  /** Callback mode when given (the dialog closes, no navigation); otherwise the browser goes to redirectUri with the code. */
  onAuthorizationAllowed?: (result: { code: string }) => void;
  /** Called on an unrecoverable error. */
  onError?: (error: OnboardingError) => void;
  /** Called when the user declines; otherwise the browser goes to redirectUri with error=access_denied and the state. */
  onAuthorizationDenied?: () => void;
  /** Called when the user dismisses the dialog before completing. */
  onClose?: () => void;
  /** A custom trigger (a button is best); default: a "Continue with Convene" button. */
  trigger?: ReactNode;
};
