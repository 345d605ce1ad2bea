"use client";
/**
 * Connecting a calendar is optional: an ICS feed URL (read through the calendars service, which checks
 * it), any other kind this server offers (other-calendars.tsx), or "Skip for now".
 */
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { continueTo } from "@/components/auth/sign-in";
import { useTRPC } from "@/components/trpc/client";
import { describeError } from "@/components/trpc/errors";
import { useEmbed } from "./embed-bridge";
import { isUnexpected } from "./failures";
import { OtherCalendars } from "./other-calendars";
import { themeClasses, type Theme } from "./theme";
import { ThemedAlert, ThemedButton, ThemedTextField } from "./themed-ui";
import { useHydrated } from "@/components/ui/use-hydrated";

export function CalendarStep({ theme, returnTo }: { theme: Theme; returnTo: string }) {
  const trpc = useTRPC();
  const { post } = useEmbed();
  const connect = useMutation(trpc.onboarding.connectIcsFeed.mutationOptions({ meta: { showsError: true } }));
  const finish = useMutation(trpc.onboarding.finishCalendars.mutationOptions({ meta: { showsError: true } }));
  const [error, setError] = useState<{ on: "connect" | "skip"; message: string } | null>(null);
  const isHydrated = useHydrated();
  const isBusy = connect.isPending || finish.isPending || connect.isSuccess || finish.isSuccess || !isHydrated;

  async function run(on: "connect" | "skip", step: () => Promise<unknown>) {
    setError(null);
    try {
      await step();
    } catch (failure) {
      const { message } = describeError(failure);
      setError({ on, message });
      if (isUnexpected(failure)) post("onboarding:error", { code: "ONBOARDING_FAILED", message });
      return;
    }
    continueTo(returnTo);
  }

  function onConnect(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const url = String(new FormData(event.currentTarget).get("url"));
    void run("connect", () => connect.mutateAsync({ url }));
  }

  const classes = themeClasses(theme);
  return (
    <div className="space-y-6">
      <p className={`text-sm ${classes.muted}`}>A connected calendar keeps people from booking you when you are busy.</p>
      <form onSubmit={onConnect} className="space-y-3" noValidate aria-label="Connect an ICS feed">
        <ThemedTextField
          theme={theme}
          name="url"
          label="ICS feed URL"
          type="url"
          inputMode="url"
          placeholder="https://calendar.example.com/feed.ics"
          error={error?.on === "connect" ? error.message : undefined}
          hint="Busy times from this feed are checked for conflicts."
        />
        <ThemedButton theme={theme} type="submit" className="w-full" disabled={isBusy}>
          {connect.isPending || connect.isSuccess ? "Connecting…" : "Connect feed"}
        </ThemedButton>
      </form>
      <OtherCalendars theme={theme} returnTo={returnTo} onConnected={() => void run("connect", () => finish.mutateAsync())} />
      <div className="space-y-2">
        {error?.on === "skip" && <ThemedAlert theme={theme}>{error.message}</ThemedAlert>}
        <ThemedButton theme={theme} variant="secondary" className="w-full" onClick={() => void run("skip", () => finish.mutateAsync())} disabled={isBusy}>
          {finish.isPending || finish.isSuccess ? "Continuing…" : "Skip for now"}
        </ThemedButton>
        <p className={`text-center text-xs ${classes.muted}`}>You can connect a calendar later.</p>
      </div>
    </div>
  );
}
