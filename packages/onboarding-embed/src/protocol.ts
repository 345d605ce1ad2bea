/**
 * Messages from the embedded flow, `{ type, data }` (Convene repeats the fields at the top level for the peer
 * service's component; this one reads `data`). Only messages from the iframe itself, whose origin is exactly
 * `host`'s, are read; anything malformed is ignored.
 */
import type { OnboardingErrorCode } from "./types.js";

export type EmbedMessage =
  | { type: "onboarding:resize"; data: { width: number; height: number } }
  | { type: "authorization:allowed"; data: { code: string; state: string } }
  | { type: "authorization:denied"; data: Record<string, never> }
  | { type: "onboarding:error"; data: { code: OnboardingErrorCode; message: string } }
  | { type: "onboarding:close"; data: Record<string, never> };

const ERROR_CODES: readonly OnboardingErrorCode[] = [
  "INVALID_PROPS",
  "SIGNUP_FAILED",
  "ONBOARDING_FAILED",
  "AUTHORIZATION_FAILED",
  "STATE_MISMATCH",
  "UNKNOWN",
];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

export function parseEmbedMessage(raw: unknown): EmbedMessage | null {
  if (!isRecord(raw) || typeof raw.type !== "string") return null;
  const data = isRecord(raw.data) ? raw.data : {};
  switch (raw.type) {
    case "onboarding:resize":
      return typeof data.width === "number" && typeof data.height === "number" ? { type: raw.type, data: { width: data.width, height: data.height } } : null;
    case "authorization:allowed":
      return typeof data.code === "string" && typeof data.state === "string" ? { type: raw.type, data: { code: data.code, state: data.state } } : null;
    case "onboarding:error": {
      const code = ERROR_CODES.find((known) => known === data.code) ?? "UNKNOWN";
      return { type: raw.type, data: { code, message: typeof data.message === "string" ? data.message : "Something went wrong" } };
    }
    case "authorization:denied":
    case "onboarding:close":
      return { type: raw.type, data: {} };
    default:
      return null;
  }
}

/** `redirectUri` with the answer's parameters, for redirect mode. */
export function redirectWith(redirectUri: string, params: Record<string, string>): string {
  // Appended to the registered string as it is (Convene's server does the same): re-serialising it through
  // URL would re-encode the app's own query, and the app registered that URI byte for byte.
  const query = new URLSearchParams(params).toString();
  if (!query) return redirectUri;
  const separator = !redirectUri.includes("?") ? "?" : /[?&]$/.test(redirectUri) ? "" : "&";
  return `${redirectUri}${separator}${query}`;
}
