/**
 * The consent page. The request is validated on the server before anything is shown; errors about the
 * client or redirect_uri stay on this page (never redirected to an unchecked URI), the rest go back to
 * the app with `state`. Inside the OnboardingEmbed iframe the answers go to the embedding page as
 * messages instead, and only for the app and redirect URI the embed verified.
 */
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PostOnMount } from "@/components/onboarding/embed-bridge";
import { OnboardingShell } from "@/components/onboarding/onboarding-shell";
import { ThemedAlert } from "@/components/onboarding/themed-ui";
import { ConsentForm } from "@/components/oauth/consent-form";
import { getSessionUser, requireSessionUser } from "@/server/auth/session";
import { nulCharacterPaths } from "@/server/http/nul-characters";
import { resolveEmbedMode } from "@/server/onboarding/embed-context";
import { onboardingPath, parseOnboardingQuery, singleValued, ZTheme } from "@/server/onboarding/onboarding-query";
import { checkAuthorizationRequest } from "@/server/oauth/authorize";

export const metadata: Metadata = { title: "Authorize" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AuthorizePage({ searchParams }: { searchParams: SearchParams }) {
  const raw = await searchParams;
  // A repeated parameter fails the check below (RFC 6749 §3.1); single values are all the rest needs.
  const params = singleValued(raw);
  const theme = ZTheme.parse(params.theme);
  // PostgreSQL text cannot hold U+0000: such a request is refused here, before any lookup could fail on it.
  const nulParameters = nulCharacterPaths(params);
  if (nulParameters.length > 0) {
    return (
      <OnboardingShell theme={theme} targetOrigin={null} title="This app cannot ask for access">
        <ThemedAlert theme={theme}>{`The authorization request is invalid: ${nulParameters.join(", ")} contains a NUL character.`}</ThemedAlert>
      </OnboardingShell>
    );
  }
  const mode = await resolveEmbedMode(params);
  const targetOrigin = mode.kind === "embed" ? mode.context.origin : null;
  const check = mode.kind === "mismatch" ? null : await checkAuthorizationRequest(raw);
  if (!check || check.kind === "page-error" || (check.kind === "redirect-error" && targetOrigin)) {
    const message = !check
      ? "This page does not belong to the app that opened it."
      : check.kind === "page-error"
        ? check.message
        : (new URL(check.location).searchParams.get("error_description") ?? "The authorization request is invalid.");
    return (
      <OnboardingShell theme={theme} targetOrigin={targetOrigin} title="This app cannot ask for access">
        {targetOrigin && <PostOnMount type="onboarding:error" data={{ code: "AUTHORIZATION_FAILED", message }} />}
        <ThemedAlert theme={theme}>{message}</ThemedAlert>
      </OnboardingShell>
    );
  }
  if (check.kind === "redirect-error") redirect(check.location);
  const user = targetOrigin
    ? ((await getSessionUser()) ?? redirect(onboardingPath(parseOnboardingQuery(params))))
    : await requireSessionUser(`/auth/oauth2/authorize?${new URLSearchParams(params)}`);
  return <ConsentForm authorization={check.authorization} params={params} userEmail={user.email} theme={theme} targetOrigin={targetOrigin} />;
}
