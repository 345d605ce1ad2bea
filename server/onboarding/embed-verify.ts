/**
 * GET /api/onboarding-embed/verify: the OnboardingEmbed iframe's first request. The whole authorization
 * request is checked here (client accepted, redirect_uri registered, scopes, PKCE); a valid one records
 * the verified origin in the embed cookie and continues into the embeddable onboarding flow. A refused
 * one answers with a tiny page that tells the embedding page why (onboarding:error INVALID_PROPS).
 */
import { queryObject } from "../http/request-input";
import { checkAuthorizationRequest, type RawAuthorizeParams } from "../oauth/authorize";
import { EMBED_COOKIE, EMBED_LIFETIME_SECONDS, frameAncestors, sealEmbedContext, webOriginOf } from "./embed-session";
import { onboardingPath, parseOnboardingQuery, singleValued } from "./onboarding-query";
import { embedMessage, type EmbedMessage } from "./embed-messages";

export type EmbedVerification = { kind: "valid"; location: string; cookie: string } | { kind: "invalid"; message: string; origin: string | null };

export async function verifyEmbedRequest(raw: RawAuthorizeParams): Promise<EmbedVerification> {
  const params = singleValued(raw);
  // The claimed origin is only used to address the error: postMessage delivers nothing to another page.
  const origin = webOriginOf(params.redirect_uri ?? "");
  const invalid = (message: string): EmbedVerification => ({ kind: "invalid", message, origin });
  if (params.onboardingEmbed !== "true") return invalid("onboardingEmbed=true is required");
  const check = await checkAuthorizationRequest({ ...raw, response_type: "code" });
  if (check.kind === "page-error") return invalid(check.message);
  if (check.kind === "redirect-error") {
    return invalid(new URL(check.location).searchParams.get("error_description") ?? "The authorization request is invalid");
  }
  const { client, redirectUri } = check.authorization;
  if (!origin) return invalid("redirect_uri must be an http(s) URL to be used by the embed");
  return {
    kind: "valid",
    location: onboardingPath(parseOnboardingQuery({ ...params, response_type: "code" })),
    cookie: sealEmbedContext({ clientId: client.id, redirectUri, origin }),
  };
}

const escapeForScript = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** The refusal page: framable only by the claimed origin, and posting only to it. */
function errorPage(message: string, origin: string | null): Response {
  const error: EmbedMessage = embedMessage("onboarding:error", { code: "INVALID_PROPS", message });
  const script = origin ? `window.parent.postMessage(${escapeForScript(error)}, ${escapeForScript(origin)});` : "";
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cannot continue</title></head>
<body><p role="alert">${message.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</p><script>${script}</script></body></html>`;
  return new Response(html, {
    status: 400,
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": frameAncestors(origin), "Cache-Control": "no-store" },
  });
}

/** EMBED_COOKIE_ATTRIBUTES, written out. */
const serializeCookie = (value: string) => `${EMBED_COOKIE}=${value}; Path=/; Max-Age=${EMBED_LIFETIME_SECONDS}; HttpOnly; Secure; SameSite=None; Partitioned`;

export async function handleEmbedVerify(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const params = queryObject(url);
  // Opened as a top-level page rather than in the embed's iframe: the ordinary onboarding flow, no embed context.
  if (request.headers.get("sec-fetch-dest") === "document") {
    return new Response(null, { status: 302, headers: { Location: onboardingPath(parseOnboardingQuery(params)) } });
  }
  const verification = await verifyEmbedRequest(params);
  if (verification.kind === "invalid") return errorPage(verification.message, verification.origin);
  return new Response(null, {
    status: 302,
    headers: { Location: verification.location, "Set-Cookie": serializeCookie(verification.cookie), "Cache-Control": "no-store" },
  });
}
