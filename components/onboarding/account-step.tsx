"use client";
/**
 * First step without a session: create an account (prefilled from the app's `user` values) or log in,
 * or continue with the external identity provider (whose account then supplies name, e-mail and
 * username). Either way the flow continues at `returnTo`, where the server picks the next step.
 */
import { signIn } from "next-auth/react";
import { useState } from "react";
import { useLogIn } from "@/components/auth/use-log-in";
import { useSignUp } from "@/components/auth/use-sign-up";
import { Form } from "@/components/form/form";
import type { Prefill } from "@/server/onboarding/onboarding-query";
import { useEmbed } from "./embed-bridge";
import { useHydrated } from "@/components/ui/use-hydrated";
import { isUnexpected } from "./failures";
import { themeClasses, type Theme } from "./theme";
import { themedRootError, ThemedFormField, ThemedSubmitButton } from "./themed-form-fields";
import { ThemedButton } from "./themed-ui";

type Props = {
  theme: Theme;
  prefill: Prefill;
  returnTo: string;
  external: { providerId: string; name: string } | null;
};

export function AccountStep({ theme, prefill, returnTo, external }: Props) {
  const [mode, setMode] = useState<"signup" | "login">("signup");
  const classes = themeClasses(theme);
  const isHydrated = useHydrated();
  // Identity providers refuse to be framed (X-Frame-Options / frame-ancestors), so inside the embed
  // their button would lead to a blank frame: there, accounts are made with e-mail and password.
  const { isEmbedded } = useEmbed();
  return (
    <div className="space-y-6">
      {mode === "signup" ? (
        <SignUpForm theme={theme} prefill={prefill} returnTo={returnTo} />
      ) : (
        <LogInForm theme={theme} prefill={prefill} returnTo={returnTo} />
      )}
      <p className={`text-center text-sm ${classes.muted}`}>
        {mode === "signup" ? "Already have an account? " : "New to Convene? "}
        <button
          type="button"
          disabled={!isHydrated}
          className={`font-medium underline-offset-2 hover:underline ${classes.link}`}
          onClick={() => setMode(mode === "signup" ? "login" : "signup")}
        >
          {mode === "signup" ? "Log in" : "Create an account"}
        </button>
      </p>
      {external && !isEmbedded && (
        <ThemedButton
          theme={theme}
          variant="secondary"
          className="w-full"
          disabled={!isHydrated}
          onClick={() => void signIn(external.providerId, { callbackUrl: returnTo })}
        >
          Continue with {external.name}
        </ThemedButton>
      )}
    </div>
  );
}

function SignUpForm({ theme, prefill, returnTo }: Omit<Props, "external">) {
  const { post } = useEmbed();
  const { form, submit, isBusy } = useSignUp(returnTo, {
    prefill,
    onFailure: (failure, message) => {
      if (isUnexpected(failure)) post("onboarding:error", { code: "SIGNUP_FAILED", message });
    },
  });
  return (
    <Form form={form} onSubmit={submit} label="Create your account" renderRootError={themedRootError(theme)}>
      <ThemedFormField theme={theme} name="name" label="Name (optional)" autoComplete="name" isOptional />
      <ThemedFormField theme={theme} name="email" label="E-mail" type="email" autoComplete="email" required />
      <ThemedFormField
        theme={theme}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="Use a passphrase you do not use anywhere else."
      />
      <ThemedSubmitButton theme={theme} pending={isBusy} pendingLabel="Creating account…">
        Create account
      </ThemedSubmitButton>
    </Form>
  );
}

function LogInForm({ theme, prefill, returnTo }: Omit<Props, "external">) {
  const { form, logIn, isPending } = useLogIn(returnTo, { email: prefill.email });
  return (
    <Form form={form} onSubmit={logIn} label="Log in" renderRootError={themedRootError(theme)}>
      <ThemedFormField theme={theme} name="email" label="E-mail" type="email" autoComplete="email" required />
      <ThemedFormField theme={theme} name="password" label="Password" type="password" autoComplete="current-password" required />
      <ThemedSubmitButton theme={theme} pending={isPending} pendingLabel="Logging in…">
        Log in
      </ThemedSubmitButton>
    </Form>
  );
}
