"use client";
/** Name, username and time zone; saving also gives a new user their default working-hours schedule. */
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { continueTo } from "@/components/auth/sign-in";
import { useTRPC } from "@/components/trpc/client";
import { describeError, type FieldErrors } from "@/components/trpc/errors";
import { useEmbed } from "./embed-bridge";
import { useHydrated } from "@/components/ui/use-hydrated";
import { isUnexpected } from "./failures";
import { themeClasses, type Theme } from "./theme";
import { ThemedAlert, ThemedButton, ThemedTextField } from "./themed-ui";

type Props = {
  theme: Theme;
  initial: { name: string; username: string; timeZone: string };
  timeZones: string[];
  returnTo: string;
};

export function ProfileStep({ theme, initial, timeZones, returnTo }: Props) {
  const trpc = useTRPC();
  const { post } = useEmbed();
  const save = useMutation(trpc.onboarding.saveProfile.mutationOptions({ meta: { showsError: true } }));
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const classes = themeClasses(theme);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    setFields({});
    try {
      await save.mutateAsync({ name: String(form.get("name")), username: String(form.get("username")), timeZone: String(form.get("timeZone")) });
    } catch (failure) {
      const described = describeError(failure);
      setError(described.message);
      setFields(described.fields);
      if (isUnexpected(failure)) post("onboarding:error", { code: "ONBOARDING_FAILED", message: described.message });
      return;
    }
    continueTo(returnTo);
  }

  const isBusy = save.isPending || save.isSuccess;
  const isHydrated = useHydrated();
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Your profile">
      {error && <ThemedAlert theme={theme}>{error}</ThemedAlert>}
      <ThemedTextField theme={theme} name="name" label="Name" autoComplete="name" required defaultValue={initial.name} error={fields.name} />
      <ThemedTextField
        theme={theme}
        name="username"
        label="Username"
        autoComplete="username"
        required
        defaultValue={initial.username}
        error={fields.username}
        hint="Your booking links use it."
      />
      <div>
        <label htmlFor="field-timeZone" className={`block text-sm font-medium ${classes.label}`}>
          Time zone
        </label>
        <select
          id="field-timeZone"
          name="timeZone"
          defaultValue={initial.timeZone}
          aria-invalid={fields.timeZone ? true : undefined}
          className={`mt-1 block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-2 ${classes.input}`}
        >
          {timeZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
        {fields.timeZone && <p className={`mt-1 text-sm ${classes.fieldError}`}>{fields.timeZone}</p>}
        <p className={`mt-1 text-xs ${classes.muted}`}>Your working hours start as Monday to Friday, 09:00–17:00 in this zone.</p>
      </div>
      <ThemedButton theme={theme} type="submit" className="w-full" disabled={isBusy || !isHydrated}>
        {isBusy ? "Saving…" : "Continue"}
      </ThemedButton>
    </form>
  );
}
