/**
 * Onboarding, on the site and inside the OnboardingEmbed iframe: account → profile → calendar → consent
 * (when the flow came from an app). Every step comes back here and the server picks where to go on,
 * which makes the flow resumable: no session → account; incomplete → the stored step; complete → consent.
 */
import { sessionActor } from "@/server/auth/actor";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AccountStep } from "@/components/onboarding/account-step";
import { CalendarStep } from "@/components/onboarding/calendar-step";
import { OnboardingShell, type StepKey } from "@/components/onboarding/onboarding-shell";
import { ProfileStep } from "@/components/onboarding/profile-step";
import { ThemedAlert } from "@/components/onboarding/themed-ui";
import { TextLink } from "@/components/ui/text-link";
import { externalSignIn } from "@/server/auth/next-auth";
import { getSessionUser, safeCallbackUrl } from "@/server/auth/session";
import { resolveEmbedMode } from "@/server/onboarding/embed-context";
import { getOnboardingProgress } from "@/server/onboarding/onboarding.service";
import { consentPath, onboardingPath, parseOnboardingQuery } from "@/server/onboarding/onboarding-query";
import { supportedTimeZones } from "@/server/onboarding/time-zone-list";

export const metadata: Metadata = { title: "Get started" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const TITLES = { ACCOUNT: "Get started with Convene", PROFILE: "Set up your profile", CALENDARS: "Connect a calendar" } as const;

export default async function OnboardingPage({ searchParams }: { searchParams: SearchParams }) {
  const query = parseOnboardingQuery(await searchParams);
  const { theme } = query;
  const mode = await resolveEmbedMode(query.authorization);
  if (mode.kind === "mismatch") {
    const message = "This page does not belong to the app that opened it.";
    return (
      <OnboardingShell theme={theme} targetOrigin={null} title="Cannot continue">
        <ThemedAlert theme={theme}>{message}</ThemedAlert>
      </OnboardingShell>
    );
  }
  const targetOrigin = mode.kind === "embed" ? mode.context.origin : null;
  const user = await getSessionUser();
  const progress = user ? await getOnboardingProgress(sessionActor(user.id)) : null;
  if (progress?.step === "COMPLETE" && query.authorization) redirect(consentPath(query.authorization, theme));
  // A flow started from a page of the site (a team invitation) goes back there; only same-site paths count.
  if (progress?.step === "COMPLETE" && query.callbackUrl) redirect(safeCallbackUrl(query.callbackUrl));

  const returnTo = onboardingPath(query);
  const steps = { all: ["ACCOUNT", "PROFILE", "CALENDARS", ...(query.authorization ? ["CONSENT" as const] : [])] as StepKey[] };
  if (!progress) {
    return (
      <OnboardingShell theme={theme} targetOrigin={targetOrigin} title={TITLES.ACCOUNT} steps={{ ...steps, current: "ACCOUNT" }}>
        <AccountStep theme={theme} prefill={query.prefill} returnTo={returnTo} external={externalSignIn} />
      </OnboardingShell>
    );
  }
  if (progress.step === "PROFILE") {
    // The app's prefill applies to accounts made here, not to those whose details come from the identity provider.
    const prefill = progress.isExternal ? {} : query.prefill;
    const initial = {
      name: prefill.name ?? progress.profile.name,
      username: prefill.username ?? progress.profile.username,
      timeZone: progress.profile.timeZone,
    };
    return (
      <OnboardingShell theme={theme} targetOrigin={targetOrigin} title={TITLES.PROFILE} steps={{ ...steps, current: "PROFILE" }}>
        <ProfileStep theme={theme} initial={initial} timeZones={supportedTimeZones(initial.timeZone)} returnTo={returnTo} />
      </OnboardingShell>
    );
  }
  if (progress.step === "CALENDARS") {
    return (
      <OnboardingShell theme={theme} targetOrigin={targetOrigin} title={TITLES.CALENDARS} steps={{ ...steps, current: "CALENDARS" }}>
        <CalendarStep theme={theme} returnTo={returnTo} />
      </OnboardingShell>
    );
  }
  return (
    <OnboardingShell theme={theme} targetOrigin={targetOrigin} title="You are all set">
      <ThemedAlert theme={theme} tone="info">
        Your Convene account is ready. <TextLink href="/">Go to Convene</TextLink>
      </ThemedAlert>
    </OnboardingShell>
  );
}
